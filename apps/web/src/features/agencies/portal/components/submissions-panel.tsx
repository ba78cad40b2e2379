import { useState } from 'react';
import { Group, Pagination, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TPortalSubmission } from '@hireflow/contracts/agency-portal';
import { useAllPortalJobs, usePortalSubmissions } from '../api/portal-api';
import { formatDay } from './format';
import { PanelEmpty, PanelError, PanelLoading } from './panel-states';
import { CoarseStatusBadge } from '@/components/coarse-status-badge';

/** Every submission of the agency (all colleagues'), newest first, with the coarse status the company shares. */
export function SubmissionsPanel() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const jobs = useAllPortalJobs();
  const submissions = usePortalSubmissions(jobId, page);
  // A phone gets one card per submission instead of a table wider than the screen.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const filter = (
    <Select
      label="Job"
      placeholder="All jobs"
      clearable
      maw={360}
      data={(jobs.data ?? []).map((job) => ({ value: job.id, label: job.title }))}
      value={jobId}
      onChange={(value) => {
        setJobId(value);
        setPage(1);
      }}
    />
  );

  let body: React.ReactNode;
  if (submissions.isPending) body = <PanelLoading label="Loading submissions" />;
  else if (submissions.isError) body = <PanelError error={submissions.error} onRetry={() => void submissions.refetch()} />;
  else if (submissions.data.items.length === 0) {
    body = (
      <PanelEmpty title={jobId ? 'No submissions to this job yet' : 'No submissions yet'}>
        Candidates your agency submits appear here with their status. Use “Submit a candidate” to send the first one.
      </PanelEmpty>
    );
  } else {
    const { items, total, pageSize } = submissions.data;
    const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
    body = (
      <Stack gap="sm">
        {phone ? <SubmissionCards items={items} total={total} /> : null}
        {phone ? null : <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>{total === 1 ? '1 submission' : `${total} submissions`}, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Candidate</Table.Th>
                <Table.Th scope="col">Job</Table.Th>
                <Table.Th scope="col">Submitted by</Table.Th>
                <Table.Th scope="col">Submitted on</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.candidateName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {item.candidateEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.job.name}</Table.Td>
                  <Table.Td>{item.submittedBy.name}</Table.Td>
                  <Table.Td>{formatDay(item.submittedAt)}</Table.Td>
                  <Table.Td>
                    <CoarseStatusBadge status={item.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {filter}
      {body}
    </Stack>
  );
}

function SubmissionCards({ items, total }: { items: TPortalSubmission[]; total: number }) {
  return (
    <Stack gap="sm" component="ul" aria-label={total === 1 ? '1 submission, newest first' : `${total} submissions, newest first`} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper key={item.id} component="li" withBorder p="sm" radius="md">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {item.candidateName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.candidateEmail}
              </Text>
            </Stack>
            <CoarseStatusBadge status={item.status} />
          </Group>
          <Text size="sm" mt={6}>
            {item.job.name}
          </Text>
          <Text size="xs">
            Submitted by {item.submittedBy.name} on {formatDay(item.submittedAt)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
