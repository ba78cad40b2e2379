import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TUserRow } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSwapAdmin } from '../api/swap-admin';

/** Hands the admin role from the signed-in admin to another user; the company keeps exactly one more admin. */
export function SwapAdminModal({ target, fromSelf, onClose, onDone }: { target: TUserRow | null; fromSelf: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const swap = useSwapAdmin({ onSuccess: () => onDone(`${target?.fullName} is now an admin`) });
  return (
    <Modal opened={Boolean(target)} onClose={onClose} title="Hand over the admin role">
      <Stack>
        <Text>
          {target?.fullName} becomes an admin with every access right.{' '}
          {fromSelf ? 'You stop being an admin and keep only the rights granted to you.' : 'You need to be an admin to hand the role over.'}
        </Text>
        <FormAlert message={swap.isError ? errorMessage(swap.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={swap.isPending} onClick={() => target && swap.mutate({ toUserId: target.id })} data-autofocus>
            Hand over admin role
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
