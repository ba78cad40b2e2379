import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { AdditionalRoles, type TAdditionalRole } from '@hireflow/contracts/roles';
import { AdditionalRoleLabels, type TUserRoleFilter } from '@hireflow/contracts/users';
import { useRolesSummary } from '../api/get-roles-summary';
import { useSetUserRoles } from '../api/set-user-access';
import { RoleHolders } from './role-holders';

const filterOf: Record<TAdditionalRole, TUserRoleFilter> = { HM: 'Hiring Managers', OPS: 'OPS', OPSE: 'OPSE', AR: 'Additional Recruiters' };

/** company-settings/manage-roles: the additional roles and who holds them. */
export function ManageRoles() {
  const summary = useRolesSummary();
  const setRoles = useSetUserRoles();
  const count = (role: TAdditionalRole) => summary.data?.roles.find((r) => r.role === role)?.holders;
  return (
    <Stack gap="md">
      <Title order={1}>Roles</Title>
      <Text c="dimmed" size="sm">
        Besides their basic role (recruiter or employee), users may hold company-wide roles: hiring managers create requisitions; operations roles and additional recruiters help run hiring.
      </Text>
      <Tabs defaultValue="HM" keepMounted={false}>
        <Tabs.List aria-label="Additional roles">
          {AdditionalRoles.map((role) => (
            <Tabs.Tab key={role} value={role} rightSection={count(role) !== undefined ? <Badge size="sm" variant="light">{count(role)}</Badge> : null}>
              {AdditionalRoleLabels[role]} ({role})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {AdditionalRoles.map((role) => (
          <Tabs.Panel key={role} value={role} pt="md">
            <RoleHolders
              filter={filterOf[role]}
              label={AdditionalRoleLabels[role]}
              pending={setRoles.isPending}
              error={setRoles.error}
              onAdd={(u) => setRoles.mutateAsync({ id: u.id, body: { addlRoles: [...new Set([...u.addlRoles, role])] } })}
              onRemove={(u) => setRoles.mutateAsync({ id: u.id, body: { addlRoles: u.addlRoles.filter((r) => r !== role) } })}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
