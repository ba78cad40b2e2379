import { Alert, Anchor, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@hireflow/contracts/offers';
import { Paths, buildPath } from '@hireflow/contracts/routes';
import { errorMessage } from '@/lib/api-client';
import { ApiErrorText } from '@/components/api-error-text';
import { useAgencySubmissions } from '../api/get-agency-submissions';
import { when } from './agency-texts';
import { CoarseStatusBadge } from '@/components/coarse-status-badge';

/** The candidates an agency submitted: each links to its application; the placement fee once an offer was accepted. */
export function AgencySubmissions({ agencyId }: { agencyId: string }) {
  const [page, setPage] = useState(1);
  const list = useAgencySubmissions(agencyId, page);
  if (list.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" role="progressbar" aria-label="Loading submissions" />
      </Group>
    );
  }
  if (list.isError) return <Alert color="red" title="The submissions could not be loaded"><ApiErrorText message={errorMessage(list.error)} /></Alert>;
  if (list.data.items.length === 0) return <Text c="dimmed">No candidates submitted yet.</Text>;
  const pages = Math.ceil(list.data.total / list.data.pageSize);
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Candidate</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Submitted</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Placement fee</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={buildPath(Paths.application, { id: s.applicationId })}>
                    {s.candidateName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.job.name}</Table.Td>
                <Table.Td>
                  {s.submittedBy.name}
                  <Text fz="xs" c="dimmed">
                    {when(s.submittedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <CoarseStatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>
                  {s.placement ? (
                    <>
                      {formatMoney(s.placement.fee, s.placement.currency)}
                      <Text fz="xs" c="dimmed">
                        {s.placement.feePercent}% of {formatMoney(s.placement.base, s.placement.currency)}
                      </Text>
                    </>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <nav aria-label="Submission pages">
          <Pagination mt="sm" total={pages} value={page} onChange={setPage} />
        </nav>
      ) : null}
    </>
  );
}
