import { Alert, Anchor, Loader, SimpleGrid, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CompanySettingsPages, type TCompanySettingsPage } from '@hireflow/contracts/settings';
import { OrgKindRights } from '@hireflow/contracts/org';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { isRegisteredPath } from '../app-routes';
import { errorMessage } from '@/lib/api-client';

type Entry = { path: string; label: string; right: TAccessRight };

const labels: Partial<Record<TCompanySettingsPage, string>> = {
  'manage-users': 'Users',
  accessrights: 'Access rights',
  'manage-roles': 'Roles',
  'manage-spcl-user': 'Special users',
  'manage-locations': 'Locations',
  'manage-campuses': 'Campuses',
  'manage-clients': 'Clients',
  'manage-domains': 'Email domains',
  'workforce-planning': 'Workforce planning',
  'manage-lists': 'Lists',
  'manage-allTags': 'Tags',
  'manage-sources': 'Sources',
  'custom-fields': 'Custom fields',
  templates: 'Templates',
  tatsettings: 'Turnaround targets',
};

const title = (name: string) => labels[name as TCompanySettingsPage] ?? name.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Every settings page: those of CompanySettingsPages plus business units and departments. */
const entries: Entry[] = [
  ...Object.entries(CompanySettingsPages).map(([name, right]) => ({ path: `/company-settings/${name}`, label: title(name), right })),
  { path: '/company-settings/business-units', label: 'Business units', right: OrgKindRights['business-units'] },
  { path: '/company-settings/departments', label: 'Departments', right: OrgKindRights.departments },
].sort((a, b) => a.label.localeCompare(b.label));

/** /company-settings: the settings pages this user may open (the API checks the same rights). */
export default function CompanySettingsIndexPage() {
  const matrix = useAccessMatrix();
  if (matrix.isPending) return <Loader role="progressbar" aria-label="Loading your access rights" />;
  if (matrix.isError) return <Alert color="red" role="alert">{errorMessage(matrix.error)}</Alert>;
  const open = entries.filter((e) => matrix.data.rights.includes(e.right) && isRegisteredPath(e.path));
  return (
    <Stack gap="md">
      <Title order={1}>Company settings</Title>
      {open.length === 0 ? (
        <Text role="status">You have no settings pages to open.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {open.map((e) => (
            <Paper key={e.path} withBorder p="md" radius="md" component="li">
              <Anchor component={Link} to={e.path} fw={500}>
                {e.label}
              </Anchor>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
