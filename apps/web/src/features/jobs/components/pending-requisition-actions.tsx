import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { JobValidation, type TRequisition, type TUserRef } from '@hireflow/contracts/jobs';
import { errorMessage } from '@/lib/api-client';
import { useWithdrawRequisition } from '../api/withdraw-requisition';
import { useReassignVacancyApproval } from '../api/reassign-vacancy-approval';
import { UserPicker } from './user-picker';

const currentApprover = (r: TRequisition) => r.steps.find((s) => s.state === 'current')?.approver ?? null;

/** The requester takes a pending requisition back (after confirming); it becomes a draft again. */
export function WithdrawRequisitionButton({ r }: { r: TRequisition }) {
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  const withdraw = useWithdrawRequisition(r.id, { onSuccess: () => setOpened(false) });
  const approver = currentApprover(r);
  return (
    <>
      <Button variant="outline" color="red" onClick={() => (setOpened(true), setComment(''), withdraw.reset())}>
        Withdraw
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Withdraw this requisition?">
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
            <Textarea label="Reason (optional)" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={JobValidation.maxCommentLength} autosize minRows={2} />
            <Group justify="end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={withdraw.isPending}>
                Withdraw requisition
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** A company admin hands the current step to another active user, e.g. when the approver has left. */
export function ReassignApproverButton({ r }: { r: TRequisition }) {
  const [opened, setOpened] = useState(false);
  const [approver, setApprover] = useState<TUserRef | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignVacancyApproval(r.id, { onSuccess: () => setOpened(false) });
  const current = currentApprover(r);
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
            <Textarea label="Reason (optional)" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={JobValidation.maxCommentLength} autosize minRows={2} />
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
