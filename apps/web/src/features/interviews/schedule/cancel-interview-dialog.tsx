import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TInterview } from '@hireflow/contracts/interviews';
import { errorMessage } from '@/lib/api-client';
import { useCancelInterview } from '../api/cancel-interview';

/** Confirms calling an interview off, with an optional reason and whether the candidate is told (everyone gets the calendar cancellation). */
export function CancelInterviewDialog({ interview, when, onClose }: { interview: TInterview; when: string; onClose: () => void }) {
  const cancel = useCancelInterview();
  const [reason, setReason] = useState('');
  const [notifyCandidate, setNotifyCandidate] = useState(true);
  const confirm = () =>
    cancel.mutate(
      { id: interview.id, input: { ...(reason.trim() ? { reason: reason.trim() } : {}), notifyCandidate } },
      {
        onSuccess: () => {
          notifications.show({ title: 'Interview cancelled', message: `${interview.roundName || 'The interview'} with ${interview.candidateName} on ${when} is cancelled.` });
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Cancel the ${interview.roundName || 'interview'} with ${interview.candidateName}?`}>
      <Stack gap="sm">
        <Text fz="sm">{when}. The interviewers get a calendar cancellation.</Text>
        <Textarea label="Reason" description="Optional; included in the cancellation" autosize minRows={2} maxRows={5} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Checkbox label="Tell the candidate" checked={notifyCandidate} onChange={(e) => setNotifyCandidate(e.currentTarget.checked)} />
        {cancel.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(cancel.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" onClick={confirm} loading={cancel.isPending}>
            Cancel interview
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
