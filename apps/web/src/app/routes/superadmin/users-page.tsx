import { Alert, Anchor, Badge, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths, buildPath } from '@hireflow/contracts/routes';
import { SuperadminValidation } from '@hireflow/contracts/superadmin';
import { usePlatformUsers } from '@/features/superadmin/api/get-platform-users';
import { PlatformUserActions } from '@/features/superadmin/components/platform-user-actions';
import { errorMessage } from '@/lib/api-client';
import { useUrlSearch } from '@/lib/use-url-search';
import { useSession } from '@/lib/session';

type Status = 'active' | 'inactive';
const isStatus = (value: string | null): value is Status => value === 'active' || value === 'inactive';
const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Disabled' },
];

/** /superadmin/users: users of every company, searched by name, email or company; search, status and page live in the URL. */
export default function SuperadminUsersPage() {
  const { params, update, q, setQ, query, page } = useUrlSearch();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const selfId = useSession().user?.id ?? null;

  const users = usePlatformUsers({ q: query, status, page });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={1}>Users</Title>
        <Anchor component={Link} to={Paths.superadmin}>
          Back to the overview
        </Anchor>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group align="end" gap="sm">
          <TextInput
            label="Search"
            description="Name, email or company"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            maxLength={SuperadminValidation.maxSearchLength}
            w={320}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={statusOptions}
            value={status}
            onChange={(value) => update({ status: value, page: null })}
            w={180}
          />
        </Group>
      </Paper>
      {users.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading users" />
        </Group>
      ) : users.isError ? (
        <Alert color="red" title="Users could not be loaded">
          {errorMessage(users.error)}
        </Alert>
      ) : users.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{query || status ? 'No user matches this search.' : 'There are no users yet.'}</Text>
        </Paper>
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            {users.data.total} {users.data.total === 1 ? 'user' : 'users'}
          </Text>
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover>
              <Table.Caption>By last name</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.items.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {u.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {u.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {u.company ? (
                        <Anchor component={Link} to={buildPath(Paths.superadminCompany, { id: u.company.id })} fz="sm">
                          {u.company.name}
                        </Anchor>
                      ) : (
                        <Text fz="sm" c="dimmed">
                          Platform
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{u.role}</Table.Td>
                    <Table.Td>
                      <Badge color={u.status === 'active' ? 'teal.9' : 'gray.7'} variant="outline">
                        {u.status === 'active' ? 'Active' : 'Disabled'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{u.lastSignInAt ? new Date(u.lastSignInAt).toLocaleString() : 'Never'}</Table.Td>
                    <Table.Td>
                      <PlatformUserActions user={u} selfId={selfId} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={(p) => update({ page: p > 1 ? String(p) : null })} aria-label="Pages" /> : null}
        </>
      )}
    </Stack>
  );
}
