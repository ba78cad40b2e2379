import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { AdditionalRoleLabels, type TUserRow } from '@hireflow/contracts/users';

type Props = {
  users: TUserRow[];
  onEdit: (user: TUserRow) => void;
  onToggleStatus: (user: TUserRow) => void;
  onMakeAdmin?: (user: TUserRow) => void;
  onResendInvitation: (user: TUserRow) => void;
};

export function roleText(u: TUserRow) {
  return [u.admin ? 'Admin' : null, u.role === 'recruiter' ? 'Recruiter' : 'Employee', ...u.addlRoles.map((r) => AdditionalRoleLabels[r])].filter(Boolean).join(' · ');
}

/** The user list rows with a per-row actions menu. */
export function UsersTable({ users, onEdit, onToggleStatus, onMakeAdmin, onResendInvitation }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Business unit</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Text fw={500}>{u.fullName}</Text>
                {u.eCode ? <Text size="xs" c="dimmed">{u.eCode}</Text> : null}
              </Table.Td>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>{roleText(u)}</Table.Td>
              <Table.Td>{u.buItemId?.displayName ?? '—'}</Table.Td>
              <Table.Td>{u.department?.deptDisplayValue ?? '—'}</Table.Td>
              <Table.Td>{u.location?.searchText ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={u.status === 'active' ? 'pastel-green' : 'gray'} variant="light">
                    {u.status === 'active' ? 'Active' : 'Inactive'}
                  </Badge>
                  {!u.emailVerified ? (
                    <Badge color="yellow" variant="light">
                      Invited
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${u.fullName}`}>
                      ⋯
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => onEdit(u)}>Edit</Menu.Item>
                    {!u.emailVerified && u.status === 'active' ? <Menu.Item onClick={() => onResendInvitation(u)}>Resend invitation</Menu.Item> : null}
                    <Menu.Item onClick={() => onToggleStatus(u)} color={u.status === 'active' ? 'red' : undefined}>
                      {u.status === 'active' ? 'Deactivate' : 'Activate'}
                    </Menu.Item>
                    {onMakeAdmin && !u.admin && u.status === 'active' ? <Menu.Item onClick={() => onMakeAdmin(u)}>Hand admin role to this user</Menu.Item> : null}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
