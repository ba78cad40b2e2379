import { Alert, Badge, Button, Center, Checkbox, Group, Loader, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AccessRightKeys, type TAccessRight } from '@hireflow/contracts/roles';
import type { TUserRow } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUsers } from '../api/get-users';
import { useSetUserRights } from '../api/set-user-access';

export const AccessRightLabels: Record<TAccessRight, string> = {
  companySettings: 'Company settings',
  careerSiteSettings: 'Career site settings',
  manageSpecialUsers: 'Manage special users',
  advanceSettings: 'Advanced settings',
  manageUsers: 'Manage users',
  manageAgencies: 'Manage agencies',
  manageApiKeys: 'Manage API keys',
  applyPageCustomization: 'Page customisation',
  copyToAts: 'Copy to ATS',
  standardSettings: 'Standard settings',
  manageJobCodes: 'Manage job codes',
  canChangeAdmin: 'Change admin',
  viewReports: 'View reports',
};

function RightsModal({ user, held, onClose }: { user: TUserRow; held: readonly TAccessRight[]; onClose: () => void }) {
  const [rights, setRights] = useState<string[]>(user.rights);
  const save = useSetUserRights();
  return (
    <Modal opened onClose={onClose} title={`Access rights of ${user.fullName}`} size="lg">
      <Stack>
        <Text size="sm">You can grant or revoke only the rights you hold yourself.</Text>
        <FormAlert message={save.isError ? errorMessage(save.error) : null} />
        <Checkbox.Group value={rights} onChange={setRights} label="Rights">
          <Stack gap="xs" mt="xs">
            {AccessRightKeys.map((key) => (
              <Checkbox key={key} value={key} label={AccessRightLabels[key]} description={key} disabled={!held.includes(key)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: user.id, body: { rights: rights as TAccessRight[] } },
                {
                  onSuccess: () => {
                    notifications.show({ message: `Rights of ${user.fullName} saved`, color: 'pastel-green' });
                    onClose();
                  },
                },
              )
            }
          >
            Save rights
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** company-settings/accessrights: each user's access-right keys (SPEC section 6). */
export function AccessRights({ heldRights }: { heldRights: readonly TAccessRight[] }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const { users, userCount, loadMore, isPending, isError, error, isFetchingNextPage } = useUsers({ search: debounced, status: 'Active' });
  const [editing, setEditing] = useState<TUserRow | null>(null);
  const selfId = useSession().user?.id;
  return (
    <Stack gap="md">
      <Title order={1}>Access rights</Title>
      <Text c="dimmed" size="sm">
        Admins hold every right. Grant other users the rights their work needs.
      </Text>
      <TextInput label="Search users" placeholder="Name, email or employee code" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={300} />
      {isPending ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading users" />
        </Center>
      ) : isError ? (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : users.length === 0 ? (
        <Text role="status">No active users match.</Text>
      ) : (
        <>
          <Text size="sm" role="status">
            Showing {users.length} of {userCount}
          </Text>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User</Table.Th>
                <Table.Th>Rights</Table.Th>
                <Table.Th>Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Text fw={500}>{u.fullName}</Text>
                    <Text size="xs" c="dimmed">
                      {u.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {u.admin ? (
                      <Badge>Admin — every right</Badge>
                    ) : u.rights.length ? (
                      <Group gap={4}>
                        {u.rights.map((r) => (
                          <Badge key={r} variant="light" color="gray">
                            {AccessRightLabels[r]}
                          </Badge>
                        ))}
                      </Group>
                    ) : (
                      <Text c="dimmed">None</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" disabled={u.admin || u.id === selfId} onClick={() => setEditing(u)} aria-label={`Edit rights of ${u.fullName}`}>
                      Edit rights
                    </Button>
                    {u.id === selfId && !u.admin ? (
                      <Text size="xs" c="dimmed">
                        Your own rights: another admin changes them
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {loadMore ? (
            <Center>
              <Button variant="light" onClick={loadMore} loading={isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          ) : null}
        </>
      )}
      {editing ? <RightsModal user={editing} held={heldRights} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
