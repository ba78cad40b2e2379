import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { CompanyStateLabels, CompanyStates } from '@hireflow/contracts/superadmin';
import { useSuperadminOverview } from '@/features/superadmin/api/get-superadmin-overview';
import { CompaniesTable } from '@/features/superadmin/components/companies-table';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const companiesIn = (state: string) => `${Paths.superadminCompanies}?state=${state}`;

/** /superadmin: companies waiting for authorisation first, then counts by state and the newest companies. */
export default function SuperadminPage() {
  const { user } = useSession();
  const overview = useSuperadminOverview();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <div>
          <Title order={1}>Super admin</Title>
          <Text c="dimmed">Signed in as {user.fullName}, platform super admin.</Text>
        </div>
        <Anchor component={Link} to={Paths.superadminCompanies}>
          All companies
        </Anchor>
      </Group>
      {overview.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the overview" />
        </Group>
      ) : overview.isError ? (
        <Alert color="red" title="The overview could not be loaded">
          {errorMessage(overview.error)}
        </Alert>
      ) : (
        <>
          <Stack gap="xs" component="section" aria-labelledby="pending-heading">
            <Title order={2} id="pending-heading" fz="h3">
              Waiting for authorisation
            </Title>
            {overview.data.pending.length === 0 ? (
              <Paper withBorder p="md" radius="md">
                <Text>No company is waiting. New sign-ups appear here once their admin has verified their email.</Text>
              </Paper>
            ) : (
              <>
                <CompaniesTable companies={overview.data.pending} caption="Longest waiting first" />
                {overview.data.pendingTotal > overview.data.pending.length ? (
                  <Anchor component={Link} to={companiesIn('pending')}>
                    See all {overview.data.pendingTotal} pending companies
                  </Anchor>
                ) : null}
              </>
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="counts-heading">
            <Title order={2} id="counts-heading" fz="h3">
              Companies by state
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {CompanyStates.map((state) => (
                <Paper key={state} withBorder p="md" radius="md">
                  <Anchor component={Link} to={companiesIn(state)} underline="never" c="inherit">
                    <Text fz="xl" fw={700}>
                      {overview.data.counts[state]}
                    </Text>
                    <Text>{CompanyStateLabels[state]}</Text>
                  </Anchor>
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="newest-heading">
            <Title order={2} id="newest-heading" fz="h3">
              Newest companies
            </Title>
            {overview.data.newest.length === 0 ? (
              <Paper withBorder p="md" radius="md">
                <Text>No company has signed up yet.</Text>
              </Paper>
            ) : (
              <CompaniesTable companies={overview.data.newest} caption="Newest first" />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
