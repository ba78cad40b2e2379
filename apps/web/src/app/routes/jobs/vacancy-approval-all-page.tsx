import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useVacancyApprovals, type VacancyApprovalView } from '@/features/jobs/api/get-vacancy-approvals';
import { RequisitionStatusBadge } from '@/features/jobs/components/job-status-badge';
import { errorMessage } from '@/lib/api-client';

const tabs: { view: VacancyApprovalView; label: string; empty: string }[] = [
  { view: 'pending', label: 'Waiting for me', empty: 'Nothing is waiting for your approval.' },
  { view: 'decided', label: 'Decided by me', empty: 'You have not decided on any requisition yet.' },
  { view: 'requested', label: 'My requests', empty: 'You have not asked for any position yet.' },
];

/** /vacancy-approval-all: what waits for me, what I decided, what I asked for. */
export default function VacancyApprovalAllPage() {
  const [view, setView] = useState<VacancyApprovalView>('pending');
  return (
    <Stack gap="md">
      <Title order={1}>Vacancy approvals</Title>
      <Tabs value={view} onChange={(v) => setView((v as VacancyApprovalView) ?? 'pending')}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.view} value={t.view}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.view} value={t.view} pt="md">
            {view === t.view ? <ApprovalList view={t.view} empty={t.empty} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ApprovalList({ view, empty }: { view: VacancyApprovalView; empty: string }) {
  const [page, setPage] = useState(1);
  const list = useVacancyApprovals(view, page);
  if (list.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader role="progressbar" aria-label="Loading approvals" />
      </Group>
    );
  }
  if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
  if (list.data.items.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">{empty}</Text>
      </Paper>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Position</Table.Th>
              <Table.Th>Requested by</Table.Th>
              <Table.Th>Department</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Headcount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>{view === 'decided' ? 'My decision' : 'Submitted'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/vacancy-approval/${r.id}`} fw={500}>
                    {r.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.requester.name}</Table.Td>
                <Table.Td>{r.department?.name ?? '—'}</Table.Td>
                <Table.Td>{r.location?.name ?? '—'}</Table.Td>
                <Table.Td>{r.headcount}</Table.Td>
                <Table.Td>
                  <RequisitionStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  {view === 'decided'
                    ? `${r.myDecision === 'approved' ? 'Approved' : 'Rejected'} ${r.myDecidedAt ? new Date(r.myDecidedAt).toLocaleDateString() : ''}`
                    : r.submittedAt
                      ? new Date(r.submittedAt).toLocaleDateString()
                      : 'Not submitted'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data.total > list.data.pageSize ? <Pagination mt="sm" total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={setPage} aria-label="Pages" /> : null}
    </>
  );
}
