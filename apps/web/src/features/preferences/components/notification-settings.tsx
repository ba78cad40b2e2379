import { Alert, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { NotificationMailKinds, NotificationMailLabels } from '@hireflow/contracts/preferences';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useNotifications, useUpdateNotifications } from '../api/notifications';

/** Which notification mails I receive; each switch saves at once. */
export function NotificationSettings() {
  const prefs = useNotifications();
  const update = useUpdateNotifications();
  if (prefs.isPending) return <Loader role="progressbar" aria-label="Loading preferences" />;
  if (prefs.isError) return <Alert color="red" role="alert">{errorMessage(prefs.error)}</Alert>;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text>Choose which emails you receive. Changes are saved as you make them.</Text>
        <FormAlert message={update.isError ? errorMessage(update.error) : null} />
        {NotificationMailKinds.map((kind) => (
          <Switch
            key={kind}
            label={NotificationMailLabels[kind].label}
            description={NotificationMailLabels[kind].description}
            checked={prefs.data.notifications[kind]}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ [kind]: e.currentTarget.checked })}
          />
        ))}
      </Stack>
    </Paper>
  );
}
