import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { UserList } from '@hireflow/contracts/constants';
import type { TUserListFiltersInput, TUserRow } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useUsers } from '../api/get-users';
import { useChangeUserStatus } from '../api/change-user-status';
import { useResendInvitation } from '../api/resend-invitation';
import { UserFilters } from './user-filters';
import { UsersTable } from './users-table';
import { UserFormModal } from './user-form-modal';
import { SwapAdminModal } from './swap-admin-modal';
import { ImportUsersModal } from './import-users-modal';
import { ExportUsersButton } from './export-users-button';
import type { OrgChoices } from './org-choices';

const initialFilters: TUserListFiltersInput = { search: '', role: UserList.defaultRoleFilter, status: UserList.defaultStatusFilter, businessUnit: null, department: null, location: null };
const toast = (message: string) => notifications.show({ message, color: 'pastel-green' });
// Stays until closed: the admin has to act on it (resend the invitation).
const warn = (title: string, message: string) => notifications.show({ title, message, color: 'yellow', autoClose: false });

/** company-settings/manage-users: SPEC section 3's list state (users, userCount, search, role and status filters, filter data, load more). */
export function ManageUsers({ org, canChangeAdmin, isAdmin }: { org: OrgChoices; canChangeAdmin: boolean; isAdmin: boolean }) {
  const [filters, setFilters] = useState<TUserListFiltersInput>(initialFilters);
  const { users, userCount, loadMore, isPending, isError, error, isFetchingNextPage, refetch } = useUsers(filters);
  const [editing, setEditing] = useState<TUserRow | 'new' | null>(null);
  const [toggling, setToggling] = useState<TUserRow | null>(null);
  const [makeAdmin, setMakeAdmin] = useState<TUserRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const resend = useResendInvitation();
  const resendInvitationTo = (user: TUserRow) =>
    resend.mutate(user.id, {
      onSuccess: () => toast(`The invitation was sent again to ${user.email}`),
      onError: (error) => notifications.show({ message: errorMessage(error), color: 'red' }),
    });
  const status = useChangeUserStatus({
    onSuccess: () => {
      toast(toggling?.status === 'active' ? `${toggling.fullName} was deactivated and signed out` : `${toggling?.fullName} was activated`);
      setToggling(null);
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Manage users</Title>
        <Group gap="xs">
          <ExportUsersButton filters={filters} onError={setExportError} />
          <Button variant="default" onClick={() => setImporting(true)}>
            Import users
          </Button>
          <Button onClick={() => setEditing('new')}>Add user</Button>
        </Group>
      </Group>
      <UserFilters
        value={filters}
        onChange={(next) => {
          // An export error was about the old filters.
          setExportError(null);
          setFilters(next);
        }}
        org={org}
      />
      <FormAlert message={exportError} />
      {isPending ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading users" />
        </Center>
      ) : isError ? (
        <Alert color="red" role="alert" title="The users could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(error)}</Text>
            <Button size="xs" variant="light" onClick={() => refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : users.length === 0 ? (
        <Text role="status">No users match these filters.</Text>
      ) : (
        <>
          <Text size="sm" role="status">
            Showing {users.length} of {userCount} user{userCount === 1 ? '' : 's'}
          </Text>
          <UsersTable
            users={users}
            onEdit={setEditing}
            onToggleStatus={(u) => {
              status.reset();
              setToggling(u);
            }}
            onMakeAdmin={canChangeAdmin && isAdmin ? setMakeAdmin : undefined}
            onResendInvitation={resendInvitationTo}
          />
          {loadMore ? (
            <Center>
              <Button variant="light" onClick={loadMore} loading={isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          ) : null}
        </>
      )}

      {editing ? (
        <UserFormModal
          opened
          user={editing === 'new' ? null : editing}
          org={org}
          onClose={() => setEditing(null)}
          onSaved={(message, warning) => {
            if (warning) warn('Invitation not sent', message);
            else toast(message);
            setEditing(null);
          }}
        />
      ) : null}
      <Modal opened={Boolean(toggling)} onClose={() => setToggling(null)} title={toggling?.status === 'active' ? 'Deactivate user' : 'Activate user'}>
        <Stack>
          <Text>
            {toggling?.status === 'active'
              ? `${toggling.fullName} will be signed out at once and will not be able to sign in until activated again.`
              : `${toggling?.fullName} will be able to sign in again.`}
          </Text>
          <FormAlert message={status.isError ? errorMessage(status.error) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToggling(null)}>
              Cancel
            </Button>
            <Button
              color={toggling?.status === 'active' ? 'red' : undefined}
              loading={status.isPending}
              data-autofocus
              onClick={() => toggling && status.mutate({ id: toggling.id, status: toggling.status === 'active' ? 'inactive' : 'active' })}
            >
              {toggling?.status === 'active' ? 'Deactivate' : 'Activate'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <SwapAdminModal
        target={makeAdmin}
        fromSelf
        onClose={() => setMakeAdmin(null)}
        onDone={(message) => {
          toast(message);
          setMakeAdmin(null);
        }}
      />
      <ImportUsersModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
