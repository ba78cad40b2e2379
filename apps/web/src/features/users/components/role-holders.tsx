import { Alert, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TUserOption, TUserRoleFilter, TUserRow } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUsers } from '../api/get-users';
import { UserPicker } from './user-picker';

type Props = {
  /** Which holders to list (a role filter of the user list). */
  filter: TUserRoleFilter;
  label: string;
  onAdd: (user: TUserOption) => Promise<unknown>;
  onRemove: (user: TUserRow) => Promise<unknown>;
  pending: boolean;
  error: unknown;
};

/** Who holds a role: the list, a picker to add someone, a button to remove each. */
export function RoleHolders({ filter, label, onAdd, onRemove, pending, error }: Props) {
  const holders = useUsers({ role: filter });
  const done = (message: string) => notifications.show({ message, color: 'pastel-green' });
  // Nobody changes their own roles or special flags (the API refuses it too): not offered for oneself.
  const selfId = useSession().user?.id;
  return (
    <Stack>
      <UserPicker label={`Add a ${label.toLowerCase()}`} exclude={[...holders.users.map((u) => u.id), ...(selfId ? [selfId] : [])]} disabled={pending} onPick={(u) => onAdd(u).then(() => done(`${u.fullName} is now a ${label.toLowerCase()}`), () => undefined)} />
      <FormAlert message={error ? errorMessage(error) : null} />
      {holders.isPending ? (
        <Center>
          <Loader role="progressbar" aria-label={`Loading ${label.toLowerCase()}s`} />
        </Center>
      ) : holders.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(holders.error)}
        </Alert>
      ) : holders.users.length === 0 ? (
        <Text role="status">Nobody holds this role yet.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Remove</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holders.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{u.fullName}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" disabled={pending || u.id === selfId} title={u.id === selfId ? 'Another admin must change your own roles' : undefined} aria-label={`Remove ${u.fullName}`} onClick={() => onRemove(u).then(() => done(`${u.fullName} no longer is a ${label.toLowerCase()}`), () => undefined)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {holders.loadMore ? (
        <Group justify="center">
          <Button variant="light" onClick={holders.loadMore}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
