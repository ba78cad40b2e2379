import { Alert, Anchor, Badge, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { InterviewStatusLabels } from '@hireflow/contracts/interviews';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useInterviews } from '../api/get-interviews';
import { InterviewStatusColors, interviewWhen, viewerTimeZone } from './interview-format';

/**
 * Every interview of a candidate the viewer may see, across their applications (the candidate profile);
 * each opens its application, where it is scheduled, changed and scored.
 */
export function CandidateInterviews({ candidateId }: { candidateId: string }) {
  const { user } = useSession();
  const timeZone = viewerTimeZone(user?.timezone);
  const interviews = useInterviews({ candidateId });
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'interview.changed' && event.candidateId === candidateId) void client.invalidateQueries({ queryKey: ['interviews'] });
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Interviews">
      <Title order={2} fz="h4" mb="sm">
        Interviews
      </Title>
      {interviews.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading interviews" />
      ) : interviews.isError ? (
        <Alert color="red">{errorMessage(interviews.error)}</Alert>
      ) : interviews.data.items.length === 0 ? (
        <Text c="dimmed">No interviews yet. Schedule one from an application above.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When ({timeZone})</Table.Th>
                <Table.Th>Round</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {interviews.data.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{interviewWhen(i, timeZone)}</Table.Td>
                  <Table.Td>{i.roundName || 'Interview'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/application/${i.applicationId}`}>
                      {i.jobTitle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={InterviewStatusColors[i.status]} variant="outline">
                      {InterviewStatusLabels[i.status]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
