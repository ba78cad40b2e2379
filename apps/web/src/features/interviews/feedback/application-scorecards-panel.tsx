import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { applicationScorecardsKey, useApplicationScorecards } from '../api/get-application-scorecards';
import { useViewerTimeZone } from './interview-summary';
import { ScorecardView } from './scorecard-view';

/**
 * The application page's "Scorecards" panel: the submitted scorecards I may read (all of them for the hiring
 * manager, owners and admins; an interviewer's panel once theirs is in). Hidden when it cannot be loaded.
 */
export function ApplicationScorecardsPanel({ applicationId }: { applicationId: string }) {
  const cards = useApplicationScorecards(applicationId);
  const queryClient = useQueryClient();
  const timeZone = useViewerTimeZone();
  useLiveEvents((event) => {
    if (event.kind === 'interview.changed' && event.applicationId === applicationId) void queryClient.invalidateQueries({ queryKey: applicationScorecardsKey(applicationId) });
  });
  if (cards.isPending || cards.isError) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Scorecards">
      <Title order={2} fz="h4" mb="sm">
        Scorecards
      </Title>
      {cards.data.items.length === 0 ? (
        <Text c="dimmed">No submitted scorecards you can see yet.</Text>
      ) : (
        <Stack gap="sm">
          {cards.data.items.map((c) => (
            <ScorecardView
              key={c.id}
              scorecard={c}
              title={`${c.interviewer.name} · ${c.interview.roundName || 'Interview'}, ${new Date(c.interview.start).toLocaleDateString(undefined, { timeZone })}`}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
