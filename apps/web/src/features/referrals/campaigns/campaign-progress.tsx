import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TReferralCampaign } from '@hireflow/contracts/referrals';
import { errorMessage } from '@/lib/api-client';
import { useReferralCampaign } from '../api/get-referral-campaign';
import { employeesText } from './campaign-format';
import { CampaignStatusBadge } from './campaign-status-badge';

function progressText(c: TReferralCampaign): string {
  if (c.status === 'queued') return `Queued: it goes out to ${employeesText(c.recipients)} in a moment.`;
  if (c.status === 'sending') return `Sending: ${c.sent} of ${c.recipients} mails sent.`;
  if (c.status === 'sent') return `Sent to ${employeesText(c.sent)}.`;
  return `Sending failed after ${c.sent} of ${c.recipients} mails.`;
}

/** A campaign just sent: followed until it is sent or has failed. */
export function CampaignProgress({ created, onDone }: { created: TReferralCampaign; onDone: () => void }) {
  const query = useReferralCampaign(created.id);
  const c = query.data ?? created;
  const percent = c.recipients ? Math.round((c.sent / c.recipients) * 100) : c.status === 'sent' ? 100 : 0;
  const done = c.status === 'sent' || c.status === 'failed';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={500}>{c.subject}</Text>
        <CampaignStatusBadge status={c.status} />
      </Group>
      <Progress value={percent} aria-label="Mails sent" color={c.status === 'failed' ? 'red.9' : undefined} animated={!done} />
      <Text role="status" aria-live="polite">
        {progressText(c)}
      </Text>
      {query.isError ? <Alert color="red">{errorMessage(query.error)}</Alert> : null}
      <Group>
        <Button variant={done ? 'filled' : 'default'} onClick={onDone}>
          {done ? 'Done' : 'Close (it keeps sending)'}
        </Button>
      </Group>
    </Stack>
  );
}
