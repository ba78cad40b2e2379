import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TReferralCampaign } from '@hireflow/contracts/referrals';
import { useSession } from '@/lib/session';
import { ReferralNav, canRunReferralCampaigns } from '@/features/referrals/components/referral-nav';
import { CampaignForm } from '@/features/referrals/campaigns/campaign-form';
import { CampaignList } from '@/features/referrals/campaigns/campaign-list';
import { CampaignProgress } from '@/features/referrals/campaigns/campaign-progress';

type Panel = { kind: 'closed' } | { kind: 'form' } | { kind: 'progress'; campaign: TReferralCampaign };

/** /referral-campaign: recruiters and admins promote open jobs to employees by mail. */
export default function ReferralCampaignPage() {
  const { user } = useSession();
  const [panel, setPanel] = useState<Panel>({ kind: 'closed' });
  const allowed = canRunReferralCampaigns(user);
  return (
    <Stack gap="md">
      <ReferralNav />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Referral campaigns</Title>
          <Text c="dimmed">Promote open jobs to your colleagues: each mail links to the jobs' referral pages.</Text>
        </div>
        {allowed && panel.kind === 'closed' ? <Button onClick={() => setPanel({ kind: 'form' })}>New campaign</Button> : null}
      </Group>
      {!allowed ? (
        <Alert color="blue" title="Not available to you">
          Referral campaigns are run by recruiters and admins. You can still refer someone yourself from My referrals.
        </Alert>
      ) : (
        <>
          {panel.kind !== 'closed' ? (
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="new-campaign">
              <Title order={2} fz="h3" mb="sm" id="new-campaign">
                New campaign
              </Title>
              {panel.kind === 'form' ? (
                <CampaignForm onSent={(campaign) => setPanel({ kind: 'progress', campaign })} onCancel={() => setPanel({ kind: 'closed' })} />
              ) : (
                <CampaignProgress created={panel.campaign} onDone={() => setPanel({ kind: 'closed' })} />
              )}
            </Paper>
          ) : null}
          <CampaignList />
        </>
      )}
    </Stack>
  );
}
