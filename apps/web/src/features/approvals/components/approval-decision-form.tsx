import { Alert, Button, Group, Paper, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { ApprovalLimits, type TApprovalKind } from '@hireflow/contracts/approvals';
import { errorMessage } from '@/lib/api-client';
import { useDecideApproval } from '../api/decide-approval';

export const RejectNeedsComment = 'Tell the requester why you reject it';

/** The current approver's approve / reject, with a comment that is required to reject. */
export function ApprovalDecisionForm({ kind, subjectId, invalidate }: { kind: TApprovalKind; subjectId: string; invalidate?: QueryKey[] }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideApproval(kind, subjectId, { invalidate });
  const submit = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !comment.trim()) {
      setError(RejectNeedsComment);
      return;
    }
    setError(null);
    decide.mutate({ decision, comment });
  };
  return (
    <Paper withBorder p="md" radius="md" bg="yellow.0" component="section" aria-label="Your decision">
      <Title order={2} fz="h4" mb="sm">
        Your decision
      </Title>
      {decide.isError ? (
        <Alert color="red" mb="sm">
          {errorMessage(decide.error)}
        </Alert>
      ) : null}
      <Textarea
        label="Comment"
        description="Required when you reject"
        value={comment}
        error={error}
        onChange={(e) => (setComment(e.currentTarget.value), setError(null))}
        maxLength={ApprovalLimits.maxCommentLength}
        autosize
        minRows={2}
      />
      <Group mt="sm">
        <Button onClick={() => submit('approve')} loading={decide.isPending && decide.variables?.decision === 'approve'} disabled={decide.isPending}>
          Approve
        </Button>
        <Button color="red.9" variant="outline" onClick={() => submit('reject')} loading={decide.isPending && decide.variables?.decision === 'reject'} disabled={decide.isPending}>
          Reject
        </Button>
      </Group>
    </Paper>
  );
}
