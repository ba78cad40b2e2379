import { Alert, Anchor, Button, Loader, Paper, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TTimelineEntry } from '@hireflow/contracts/candidates-profile';
import { useCandidateTimeline } from '@/features/candidates/profile/api/get-candidate-timeline';
import { errorMessage } from '@/lib/api-client';

const FieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  currentTitle: 'Current title',
  currentCompany: 'Current company',
  experienceYears: 'Years of experience',
  skills: 'Skills',
  tags: 'Tags',
};

const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') || '—' : v === null || v === '' || v === undefined ? '—' : String(v));

function Details({ entry }: { entry: TTimelineEntry }) {
  if (entry.kind === 'note_added' && typeof entry.data?.text === 'string') {
    return (
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
        {entry.data.text}
      </Text>
    );
  }
  if (entry.kind === 'profile_updated' && entry.data?.changes && typeof entry.data.changes === 'object') {
    const changes = Object.entries(entry.data.changes as Record<string, { from: unknown; to: unknown }>);
    return (
      <Text fz="sm" component="div">
        {changes.map(([field, c]) => (
          <div key={field}>
            {FieldLabels[field] ?? field}: {show(c.from)} → {show(c.to)}
          </div>
        ))}
      </Text>
    );
  }
  return null;
}

/** Everything that happened to the candidate, newest first, older pages on demand. */
export function CandidateTimeline({ candidateId }: { candidateId: string }) {
  const timeline = useCandidateTimeline(candidateId);
  const entries = timeline.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Timeline">
      <Title order={2} fz="h4" mb="sm">
        Timeline
      </Title>
      {timeline.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading timeline" />
      ) : timeline.isError ? (
        <Alert color="red">{errorMessage(timeline.error)}</Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed">Nothing has happened yet.</Text>
      ) : (
        <>
          <Timeline bulletSize={12} lineWidth={2}>
            {entries.map((e) => (
              <Timeline.Item key={e.id} title={e.summary}>
                <Text fz="xs" c="dimmed">
                  {new Date(e.at).toLocaleString()}
                  {e.by ? ` · ${e.by.name}` : ''}
                  {e.job ? (
                    <>
                      {' · '}
                      {e.applicationId ? (
                        <Anchor component={Link} to={`/application/${e.applicationId}`} fz="xs" underline="always">
                          {e.job.title}
                        </Anchor>
                      ) : (
                        e.job.title
                      )}
                    </>
                  ) : null}
                </Text>
                <Details entry={e} />
              </Timeline.Item>
            ))}
          </Timeline>
          {timeline.hasNextPage ? (
            <Button variant="subtle" mt="sm" loading={timeline.isFetchingNextPage} onClick={() => timeline.fetchNextPage()}>
              Show older
            </Button>
          ) : null}
        </>
      )}
    </Paper>
  );
}
