import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DidNotHappenReasons, InterviewStatusLabels, type TInterview } from '@hireflow/contracts/interviews';
import { errorMessage } from '@/lib/api-client';
import { useSetInterviewStatus } from '../api/set-interview-status';
import type { TInterviewStatusRequest, TSettableInterviewStatus as TSettableStatus } from '@hireflow/contracts/interviews-scheduling';

type Reason = (typeof DidNotHappenReasons)[number];
const Titles: Record<TSettableStatus, string> = { completed: 'Mark as completed', did_not_happen: 'Mark as did not happen', incident: 'Report an incident' };

/** Records what became of an interview: completed, did not happen (a reason of the list) or an incident (described). */
export function InterviewStatusDialog({ interview, status, when, onClose }: { interview: TInterview; status: TSettableStatus; when: string; onClose: () => void }) {
  const save = useSetInterviewStatus();
  const [reason, setReason] = useState<Reason | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    const missing = status === 'did_not_happen' && !reason ? 'Choose why it did not happen.' : status === 'incident' && !description.trim() ? 'Describe what happened.' : null;
    setProblem(missing);
    if (missing) return;
    const input: TInterviewStatusRequest =
      status === 'did_not_happen' ? { status, reason: reason! } : status === 'incident' ? { status, description: description.trim() } : { status };
    save.mutate(
      { id: interview.id, input },
      {
        onSuccess: () => {
          notifications.show({ title: `Interview: ${InterviewStatusLabels[status].toLowerCase()}`, message: `${interview.roundName || 'Interview'} with ${interview.candidateName}, ${when}.` });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`${Titles[status]}: ${interview.roundName || 'interview'} with ${interview.candidateName}`}>
      <Stack gap="sm">
        <Text fz="sm">{when}</Text>
        {status === 'did_not_happen' ? (
          <Select label="Why did it not happen?" data={[...DidNotHappenReasons]} value={reason} onChange={(v) => (setProblem(null), setReason(v as Reason | null))} required />
        ) : null}
        {status === 'incident' ? (
          <Textarea label="What happened?" autosize minRows={3} maxRows={8} maxLength={5000} value={description} onChange={(e) => (setProblem(null), setDescription(e.currentTarget.value))} required />
        ) : null}
        {problem || save.isError ? (
          <Alert color="red" role="alert">
            {problem ?? errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button onClick={confirm} loading={save.isPending}>
            {Titles[status]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
