import { Alert, Anchor, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSpotlightItem } from '@hireflow/contracts/spotlight';
import { errorMessage } from '@/lib/api-client';
import { useMySpotlight } from '../api/get-my-spotlight';
import { useDismissSpotlight } from '../api/dismiss-spotlight';
import { SpotlightBody } from './spotlight-body';

function Announcement({ item }: { item: TSpotlightItem }) {
  const dismiss = useDismissSpotlight();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={item.title} bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} fz="lg">
          {item.title}
        </Title>
        <CloseButton aria-label={`Hide “${item.title}”`} title="Hide for me" disabled={dismiss.isPending} onClick={() => dismiss.mutate(item.id)} />
      </Group>
      <SpotlightBody html={item.body} />
      {item.link ? (
        <Anchor href={item.link.url} target="_blank" rel="noopener noreferrer" fw={500}>
          {item.link.label}
        </Anchor>
      ) : null}
      {dismiss.error ? (
        <Text c="red.9" fz="sm" role="alert">
          Could not hide it: {errorMessage(dismiss.error)}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The platform's announcements for me, on top of the dashboard. Nothing shows while they load or when there
 * are none (an announcement is news, not a task); a failure says so quietly and the rest of the page works.
 */
export function SpotlightAnnouncements() {
  const spotlight = useMySpotlight();
  if (spotlight.isError) {
    return (
      <Alert color="yellow" title="Announcements could not be loaded">
        {errorMessage(spotlight.error)} Reload the page to try again.
      </Alert>
    );
  }
  if (!spotlight.data?.items.length) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Announcements">
      {spotlight.data.items.map((item) => (
        <Announcement key={item.id} item={item} />
      ))}
    </Stack>
  );
}
