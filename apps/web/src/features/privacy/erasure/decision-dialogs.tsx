import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PrivacyLimits, PrivacyMessages, ZRefuseErasure, type TErasureRequest } from '@hireflow/contracts/privacy';
import { errorMessage } from '@/lib/api-client';
import { useApproveErasure, useRefuseErasure } from '../api/erasure';

/** What erasure does, said the same way wherever someone is about to erase. */
export function ErasureEffects() {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Erasure removes
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>The name, email, phone and other contact details</List.Item>
        <List.Item>Résumés and other files, notes, answers to questions, and mails sent to them</List.Item>
      </List>
      <Text size="sm" fw={600}>
        It keeps
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>Anonymous events (applied, moved, hired or rejected) so that reports stay correct</List.Item>
      </List>
    </Stack>
  );
}

/** Approve: a confirmation that says what goes and that it cannot be undone. */
export function ApproveErasureDialog({ request, onClose }: { request: TErasureRequest | null; onClose: () => void }) {
  const approve = useApproveErasure({
    onSuccess: () => {
      notifications.show({ message: PrivacyMessages.erased, color: 'pastel-green' });
      onClose();
    },
  });
  const close = () => {
    approve.reset();
    onClose();
  };
  return (
    <Modal opened={request !== null} onClose={close} title={request ? `Erase ${request.candidateName}?` : ''}>
      <Stack>
        <Text>Approving the request erases the candidate now.</Text>
        <ErasureEffects />
        <Text c="red" fw={600}>
          This cannot be undone.
        </Text>
        {approve.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(approve.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={approve.isPending} onClick={() => request && approve.mutate(request.id)}>
            Approve and erase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Refuse: the reason is required (the candidate is told it). */
export function RefuseErasureDialog({ request, onClose }: { request: TErasureRequest | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const refuse = useRefuseErasure({
    onSuccess: () => {
      notifications.show({ message: PrivacyMessages.erasureRefused, color: 'pastel-green' });
      close();
    },
  });
  function close() {
    setReason('');
    setInvalid(null);
    refuse.reset();
    onClose();
  }
  const submit = () => {
    const parsed = ZRefuseErasure.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Say why the request is refused');
      return;
    }
    if (request) refuse.mutate({ id: request.id, reason: parsed.data.reason });
  };
  return (
    <Modal opened={request !== null} onClose={close} title={request ? `Refuse the erasure of ${request.candidateName}` : ''}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">The candidate's data stays. Say why, for example an open legal claim or a duty to keep records: the candidate gets this reason by mail.</Text>
          <Textarea
            label="Reason for refusing"
            required
            autosize
            minRows={3}
            maxLength={PrivacyLimits.refuseReasonMaxLength}
            value={reason}
            error={invalid}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setInvalid(null);
            }}
          />
          {refuse.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(refuse.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={refuse.isPending}>
              Refuse the request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
