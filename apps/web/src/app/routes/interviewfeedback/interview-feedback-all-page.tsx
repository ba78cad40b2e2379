import { Alert, Anchor, Badge, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths, buildPath } from '@hireflow/contracts/routes';
import type { TInterview } from '@hireflow/contracts/interviews';
import { useFeedbackAll } from '@/features/interviews/api/get-feedback-all';
import { formatInterviewTime, useViewerTimeZone } from '@/features/interviews/feedback/interview-summary';
import { RecommendationBadge } from '@/features/interviews/feedback/scorecard-view';
import { CalibrationLink } from '@/features/interviews/calibration/calibration-link';
import { errorMessage } from '@/lib/api-client';

const linkOf = (interview: TInterview) => buildPath(Paths.interviewFeedback, { interviewId: interview.id });
const label = (i: TInterview) => `${i.candidateName}, ${i.roundName || 'Interview'}`;

/** /interviewfeedback-all: the scorecards I still owe (overdue first) and the ones I submitted. */
export default function InterviewFeedbackAllPage() {
  const [page, setPage] = useState(1);
  const all = useFeedbackAll(page);
  const timeZone = useViewerTimeZone();
  if (all.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading scorecards" />
      </Group>
    );
  }
  if (all.isError) {
    return (
      <Stack>
        <Title order={1}>Interview feedback</Title>
        <Alert color="red" title="Your scorecards could not be loaded">
          {errorMessage(all.error)}
        </Alert>
      </Stack>
    );
  }
  const { owed, submitted } = all.data;
  const pages = Math.max(1, Math.ceil(submitted.total / submitted.pageSize));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Interview feedback</Title>
        <CalibrationLink />
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-label="To submit">
        <Title order={2} fz="h4" mb="sm">
          To submit ({owed.length})
        </Title>
        {owed.length === 0 ? (
          <Text c="dimmed">You are all caught up: no scorecards to write.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Interview</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {owed.map((o) => (
                <Table.Tr key={o.interview.id}>
                  <Table.Td>
                    <Anchor component={Link} to={linkOf(o.interview)}>
                      {label(o.interview)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{o.interview.jobTitle}</Table.Td>
                  <Table.Td>{formatInterviewTime(o.interview, timeZone)}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {o.overdue ? <Badge color="red.9" tt="none">Overdue</Badge> : null}
                      <Text fz="sm">{o.state === 'draft' ? 'Draft saved' : 'Not started'}</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Submitted">
        <Title order={2} fz="h4" mb="sm">
          Submitted ({submitted.total})
        </Title>
        {submitted.total === 0 ? (
          <Text c="dimmed">You have not submitted any scorecards yet.</Text>
        ) : (
          <>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Interview</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Recommendation</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {submitted.items.map((s) => (
                  <Table.Tr key={s.interview.id}>
                    <Table.Td>
                      <Anchor component={Link} to={linkOf(s.interview)}>
                        {label(s.interview)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.interview.jobTitle}</Table.Td>
                    <Table.Td>
                      <RecommendationBadge recommendation={s.recommendation} />
                    </Table.Td>
                    <Table.Td>{new Date(s.submittedAt).toLocaleString(undefined, { timeZone })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {pages > 1 ? <Pagination mt="sm" total={pages} value={page} onChange={setPage} /> : null}
          </>
        )}
      </Paper>
    </Stack>
  );
}
