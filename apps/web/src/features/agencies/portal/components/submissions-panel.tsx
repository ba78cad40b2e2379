import { useState } from 'react';
import { Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useAllPortalJobs, usePortalSubmissions } from '../api/portal-api';
import { formatDay } from './format';
import { PanelEmpty, PanelError, PanelLoading } from './panel-states';
import { CoarseStatusBadge } from './status-badge';

/** Every submission of the agency (all colleagues'), newest first, with the coarse status the company shares. */
export function SubmissionsPanel() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const jobs = useAllPortalJobs();
  const submissions = usePortalSubmissions(jobId, page);

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
        <Table.ScrollContainer minWidth={640}>
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
        </Table.ScrollContainer>
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
