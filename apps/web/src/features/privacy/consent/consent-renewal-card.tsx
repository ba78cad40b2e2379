import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PrivacyLimits } from '@hireflow/contracts/privacy';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useConsentRenewal, useQueueConsentRenewal } from '../api/consent';

const people = (n: number) => `${n} candidate${n === 1 ? '' : 's'}`;

/** Who is due to renew consent and who has lapsed; one button mails those due (after a confirmation). */
export function ConsentRenewalCard() {
  const summary = useConsentRenewal();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const queue = useQueueConsentRenewal({
    onSuccess: (queued) => {
      setConfirming(false);
      setDone(queued.message);
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="consent-renewal-heading">
      <Stack>
        <Title order={2} fz="h4" id="consent-renewal-heading">
          Consent renewal
        </Title>
        <Text size="sm" c="dimmed">
          Candidates whose consent lapses within {PrivacyLimits.renewalNoticeDays} days get a mail with a one-click link to renew it. This happens once a day on its own; you can
          also ask them now.
        </Text>
        {summary.isPending ? (
          <Loader role="progressbar" aria-label="Loading the consent renewal counts" />
        ) : summary.isError ? (
          <Alert color="red" title="The consent renewal counts could not be loaded">
            <Stack gap="xs" align="start">
              <Text size="sm">{errorMessage(summary.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void summary.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text>
              Due to renew: <strong>{people(summary.data.due)}</strong> · Consent already lapsed: <strong>{people(summary.data.expired)}</strong>
            </Text>
            <FormAlert message={done} tone="success" />
            <Group>
              <Button disabled={summary.data.due === 0} aria-describedby={summary.data.due === 0 ? 'renewal-none-due' : undefined} onClick={() => setConfirming(true)}>
                Ask {people(summary.data.due)} to renew
              </Button>
            </Group>
            {summary.data.due === 0 ? (
              <Text size="sm" c="dimmed" id="renewal-none-due">
                Nobody is due: no consent lapses in the next {PrivacyLimits.renewalNoticeDays} days that has not been asked about already.
              </Text>
            ) : null}
            <Modal opened={confirming} onClose={() => setConfirming(false)} title="Ask candidates to renew their consent?">
              <Stack>
                <Text>
                  {people(summary.data.due)} will get a mail asking them to renew their consent. Each gets one mail; those who do not renew are not asked again.
                </Text>
                <FormAlert message={queue.isError ? errorMessage(queue.error) : null} />
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                  <Button loading={queue.isPending} onClick={() => queue.mutate()}>
                    Send the mails
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </>
        )}
      </Stack>
    </Paper>
  );
}
