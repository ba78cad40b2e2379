import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { ApprovalLimits, type TApprovalChainState, type TApprovalKind } from '@hireflow/contracts/approvals';
import type { TUserRef } from '@hireflow/contracts/common';
import { UserPicker } from '@/features/jobs/components/user-picker';
import { errorMessage } from '@/lib/api-client';
import { useWithdrawApproval } from '../api/withdraw-approval';
import { useReassignApproval } from '../api/reassign-approval';

/** What the chain's buttons act on: the subject (kind and id), its chain, and what it is called ("requisition", "offer"). */
export type ApprovalSubjectProps = {
  kind: TApprovalKind;
  subjectId: string;
  chain: TApprovalChainState;
  noun: string;
  /** The subject's own queries, refreshed after a change (its page). */
  invalidate?: QueryKey[];
};

const currentApprover = (chain: TApprovalChainState) => chain.steps.find((s) => s.state === 'current')?.approver ?? null;

/** Withdraw (the requester) and Reassign approver (an admin), each only when the chain allows it. */
export function ApprovalChainActions(props: ApprovalSubjectProps) {
  if (!props.chain.canWithdraw && !props.chain.canReassign) return null;
  return (
    <Group>
      {props.chain.canWithdraw ? <WithdrawApprovalButton {...props} /> : null}
      {props.chain.canReassign ? <ReassignApproverButton {...props} /> : null}
    </Group>
  );
}

/** The requester takes a pending request back (after confirming); it becomes a draft again. */
export function WithdrawApprovalButton({ kind, subjectId, chain, noun, invalidate }: ApprovalSubjectProps) {
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  const withdraw = useWithdrawApproval(kind, subjectId, { invalidate, onSuccess: () => setOpened(false) });
  const approver = currentApprover(chain);
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => (setOpened(true), setComment(''), withdraw.reset())}>
        Withdraw
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Withdraw this ${noun}?`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            withdraw.mutate({ comment });
          }}
        >
          <Stack>
            <Text>
              It goes back to draft{approver ? ` and ${approver.name} no longer needs to decide on it` : ''}. You can change it and submit it again; the approval chain then starts over.
            </Text>
            {withdraw.isError ? <Alert color="red">{errorMessage(withdraw.error)}</Alert> : null}
            <Textarea label="Reason (optional)" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={ApprovalLimits.maxCommentLength} autosize minRows={2} />
            <Group justify="end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={withdraw.isPending}>
                Withdraw {noun}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** A company admin hands the current step to another active user, e.g. when the approver has left. */
export function ReassignApproverButton({ kind, subjectId, chain, invalidate }: ApprovalSubjectProps) {
  const [opened, setOpened] = useState(false);
  const [approver, setApprover] = useState<TUserRef | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignApproval(kind, subjectId, { invalidate, onSuccess: () => setOpened(false) });
  const current = currentApprover(chain);
  const open = () => {
    setApprover(null);
    setComment('');
    setError(null);
    reassign.reset();
    setOpened(true);
  };
  return (
    <>
      <Button variant="default" onClick={open}>
        Reassign approver
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Reassign the current approval step">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!approver) {
              setError('Choose who decides instead');
              return;
            }
            reassign.mutate({ approverId: approver.id, comment });
          }}
        >
          <Stack>
            <Text>
              {current ? `${current.name} is deciding now. ` : ''}The person you choose gets the approval request by email and decides in their place.
            </Text>
            {reassign.isError ? <Alert color="red">{errorMessage(reassign.error)}</Alert> : null}
            <UserPicker label="New approver" value={approver} onChange={(u) => (setApprover(u), setError(null))} error={error ?? undefined} />
            <Textarea label="Reason (optional)" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={ApprovalLimits.maxCommentLength} autosize minRows={2} />
            <Group justify="end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={reassign.isPending}>
                Reassign
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
