import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useMarkMentionRead, useMyMentions } from '../api/get-mentions';
import { errorMessage } from '@/lib/api-client';

/** The dashboard's card of notes in which colleagues mentioned me, until I mark them read. */
export function MentionsCard() {
  const mentions = useMyMentions();
  const markRead = useMarkMentionRead();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Mentions">
      <Group gap="xs" mb="sm">
        <Title order={2} fz="lg">
          Mentions
        </Title>
        {mentions.data?.unread ? (
          <Badge variant="light">
            {mentions.data.unread}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : null}
      </Group>
      {markRead.isError ? <Alert color="red">{errorMessage(markRead.error)}</Alert> : null}
      {mentions.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading mentions" />
      ) : mentions.isError ? (
        <Alert color="red">{errorMessage(mentions.error)}</Alert>
      ) : mentions.data.items.length === 0 ? (
        <Text c="dimmed">No new mentions. When a colleague mentions you in a note on a candidate, it shows up here.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {mentions.data.items.map((m) => (
            <li key={m.id}>
              <Group justify="space-between" wrap="nowrap" align="start">
                <div>
                  <Text fz="sm">
                    {m.by?.name ?? 'A colleague'} on{' '}
                    <Anchor component={Link} to={`/candidate/${m.candidate.id}`} fw={500}>
                      {m.candidate.name}
                    </Anchor>
                    <Text span c="dimmed" fz="xs">
                      {' · '}
                      {new Date(m.at).toLocaleDateString()}
                    </Text>
                  </Text>
                  <Text fz="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                    {m.excerpt}
                  </Text>
                </div>
                <Button size="compact-xs" variant="subtle" aria-label={`Mark read: ${m.candidate.name}`} onClick={() => markRead.mutate(m.id)}>
                  Mark read
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
