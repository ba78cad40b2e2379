import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { InterviewModeLabels, InterviewStatusLabels, type TInterview } from '@hireflow/contracts/interviews';
import { useSession } from '@/lib/session';

/** An interview's start to end in the viewer's time zone, e.g. "Tue, 24 Nov 2026, 10:00 – 11:00 (Europe/Berlin)". */
export function formatInterviewTime(interview: Pick<TInterview, 'start' | 'end'>, timeZone: string) {
  const day = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZone });
  const start = new Date(interview.start);
  return `${day.format(start)}, ${time.format(start)} – ${time.format(new Date(interview.end))} (${timeZone})`;
}

export function useViewerTimeZone() {
  return useSession().user?.timezone ?? 'UTC';
}

/** Who is interviewed for what, when (in my time zone), how, and the panel. */
export function InterviewSummary({ interview }: { interview: TInterview }) {
  const timeZone = useViewerTimeZone();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Interview">
      <Table variant="vertical" withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Candidate</Table.Th>
            <Table.Td>
              <Anchor component={Link} to={`/application/${interview.applicationId}`}>
                {interview.candidateName}
              </Anchor>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Td>{interview.jobTitle}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Round</Table.Th>
            <Table.Td>{interview.roundName || 'Interview'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Td>{formatInterviewTime(interview, timeZone)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>How</Table.Th>
            <Table.Td>
              <Group gap="xs">
                <Text fz="sm">{InterviewModeLabels[interview.mode]}</Text>
                {interview.status !== 'scheduled' ? <Badge color="gray.7" variant="outline" tt="none">{InterviewStatusLabels[interview.status]}</Badge> : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
