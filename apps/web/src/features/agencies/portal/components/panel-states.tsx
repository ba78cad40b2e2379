import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';

/** A panel's load in progress. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl" role="status" aria-label={label}>
      <Loader size="sm" />
    </Group>
  );
}

/** A failed load, with a way to try again. */
export function PanelError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="sm">
      <FormAlert message={errorMessage(error)} />
      <Group>
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Stack>
  );
}

/** Nothing to list yet: says so and what to do. */
export function PanelEmpty({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap={4}>
        <Text fw={600}>{title}</Text>
        <Text size="sm">{children}</Text>
      </Stack>
    </Paper>
  );
}
