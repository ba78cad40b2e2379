import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PrivacyMessages } from '@hireflow/contracts/privacy';
import { errorMessage } from '@/lib/api-client';
import { useEraseCandidate } from '../api/erasure';
import { ErasureEffects } from './decision-dialogs';

// Spaces and case do not matter when the name is typed back; the server checks it the same way.
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Erasing a candidate straight from their profile: what goes and what stays, that it cannot be undone,
 * and the candidate's name typed back before the button works. `onErased` refreshes the profile.
 */
export function EraseCandidateDialog({ candidateId, candidateName, opened, onClose, onErased }: { candidateId: string; candidateName: string; opened: boolean; onClose: () => void; onErased: () => void }) {
  const [typed, setTyped] = useState('');
  const erase = useEraseCandidate({
    onSuccess: () => {
      notifications.show({ message: PrivacyMessages.erased, color: 'pastel-green' });
      close();
      onErased();
    },
  });
  function close() {
    setTyped('');
    erase.reset();
    onClose();
  }
  const matches = sameName(typed, candidateName);
  return (
    <Modal opened={opened} onClose={close} title={`Erase ${candidateName}?`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) erase.mutate({ candidateId, confirmName: typed.trim() });
        }}
      >
        <Stack>
          <ErasureEffects />
          <Text c="red" fw={600}>
            This cannot be undone.
          </Text>
          <TextInput
            label="Type the candidate's name to confirm"
            description={candidateName}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-autofocus
          />
          {erase.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(erase.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>
              Erase candidate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
