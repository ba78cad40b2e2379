import { Alert, Anchor, Loader, SimpleGrid, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CompanySettingsGroups } from '@hireflow/contracts/settings-index';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { isRegisteredPath } from '../app-routes';
import { errorMessage } from '@/lib/api-client';

const blurbId = (path: string) => `settings-blurb-${path.replace(/\W+/g, '-')}`;

/** /company-settings: the settings pages this user may open, in groups, each with what it is for (the API checks the same rights). */
export default function CompanySettingsIndexPage() {
  const matrix = useAccessMatrix();
  if (matrix.isPending) return <Loader role="progressbar" aria-label="Loading your access rights" />;
  if (matrix.isError) return <Alert color="red" role="alert">{errorMessage(matrix.error)}</Alert>;
  const groups = CompanySettingsGroups.map((g) => ({ ...g, entries: g.entries.filter((e) => matrix.data.rights.includes(e.right) && isRegisteredPath(e.path)) })).filter((g) => g.entries.length);
  return (
    <Stack gap="lg">
      <Title order={1}>Company settings</Title>
      {groups.length === 0 ? <Text role="status">You have no settings pages to open. An admin can give you access rights.</Text> : null}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`settings-${group.id}`}>
          <Title order={2} size="h3" id={`settings-${group.id}`} mb="xs">
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {group.entries.map((e) => (
              <Paper key={e.path} withBorder p="md" radius="md" component="li">
                <Anchor component={Link} to={e.path} fw={500} aria-describedby={blurbId(e.path)}>
                  {e.label}
                </Anchor>
                <Text size="sm" c="dimmed" mt={4} id={blurbId(e.path)}>
                  {e.blurb}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
