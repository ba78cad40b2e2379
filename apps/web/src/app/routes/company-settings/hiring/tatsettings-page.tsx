import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import { useTatSettings } from '@/features/reports/api/tat-settings';
import { TatSettingsForm } from '@/features/reports/tat/tat-settings-form';
import { errorMessage } from '@/lib/api-client';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** /company-settings/tatsettings: turnaround targets in days per stage kind and for filling a vacancy (right advanceSettings). */
export default function TatSettingsPage() {
  const settings = useTatSettings();
  return (
    <Stack gap="md">
      <Title order={1}>Turnaround targets</Title>
      <Text>
        How quickly your hiring should move. The{' '}
        <Anchor component={Link} to={buildPath(Paths.report, { name: 'bottleneck' })}>
          bottleneck
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to={buildPath(Paths.report, { name: 'vacancy-ageing' })}>
          vacancy ageing
        </Anchor>{' '}
        reports compare your real times with these targets.
      </Text>
      {settings.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the turnaround targets" />
        </Group>
      ) : settings.isError ? (
        <Alert color="red" title="The turnaround targets could not be loaded">
          <Stack gap="xs" align="start">
            <Text size="sm">{errorMessage(settings.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {settings.data.updatedAt ? `Last changed ${dateFormat.format(new Date(settings.data.updatedAt))}${settings.data.updatedBy ? ` by ${settings.data.updatedBy}` : ''}.` : 'These are the suggested targets: no one has changed them yet.'}
          </Text>
          <TatSettingsForm settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
