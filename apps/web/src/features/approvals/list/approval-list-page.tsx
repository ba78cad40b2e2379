import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApprovalViews, type TApprovalKind, type TApprovalSummary, type TApprovalView } from '@hireflow/contracts/approvals';
import { errorMessage } from '@/lib/api-client';
import { useApprovals } from '../api/get-approvals';
import { ApprovalKindTexts } from '../components/approval-texts';
import { ApprovalStatusBadge } from '../components/approval-status-badge';

const TabLabels: Record<TApprovalView, string> = { pending: 'Waiting for me', decided: 'Decided by me', requested: 'My requests' };

function emptyText(kind: TApprovalKind, view: TApprovalView): string {
  const { noun } = ApprovalKindTexts[kind];
  if (view === 'pending') return `Nothing is waiting for your approval. When you are the next approver of ${noun === 'offer' ? 'an' : 'a'} ${noun}, it shows up here and you get an email.`;
  if (view === 'decided') return `You have not decided on any ${noun} yet. What you approve or reject is listed here.`;
  return ApprovalKindTexts[kind].requestedEmpty;
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** /vacancy-approval-all and /offer-approval-all: one list of one kind, as what waits for me, what I decided and what I asked for. */
export function ApprovalListPage({ kind }: { kind: TApprovalKind }) {
  const [view, setView] = useState<TApprovalView>('pending');
  return (
    <Stack gap="md">
      <Title order={1}>{ApprovalKindTexts[kind].title}</Title>
      <Tabs value={view} onChange={(v) => setView((v as TApprovalView | null) ?? 'pending')}>
        <Tabs.List>
          {ApprovalViews.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {TabLabels[v]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ApprovalViews.map((v) => (
          <Tabs.Panel key={v} value={v} pt="md">
            {view === v ? <ApprovalList kind={kind} view={v} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ApprovalList({ kind, view }: { kind: TApprovalKind; view: TApprovalView }) {
  const [page, setPage] = useState(1);
  const list = useApprovals(kind, view, page);
  if (list.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader role="progressbar" aria-label="Loading approvals" />
      </Group>
    );
  }
  if (list.isError) return <Alert color="red" title="The approvals could not be loaded">{errorMessage(list.error)}</Alert>;
  if (list.data.items.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">{emptyText(kind, view)}</Text>
      </Paper>
    );
  }
  const pages = Math.ceil(list.data.total / list.data.pageSize);
  return (
    <>
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Detail</Table.Th>
              <Table.Th>Requested by</Table.Th>
              <Table.Th>Current approver</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>{view === 'decided' ? 'My decision' : 'Submitted'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Anchor component={Link} to={a.link} fw={500}>
                    {a.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.detail || '—'}</Table.Td>
                <Table.Td>{a.requester.name}</Table.Td>
                <Table.Td>{a.currentApprover?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <ApprovalStatusBadge status={a.status} />
                </Table.Td>
                <Table.Td>{lastColumn(view, a)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <nav aria-label="Pages">
          <Pagination mt="sm" total={pages} value={page} onChange={setPage} />
        </nav>
      ) : null}
    </>
  );
}

function lastColumn(view: TApprovalView, a: TApprovalSummary): string {
  if (view === 'decided') return `${a.myDecision === 'rejected' ? 'Rejected' : 'Approved'}${a.myDecidedAt ? ` ${day(a.myDecidedAt)}` : ''}`;
  return a.submittedAt ? day(a.submittedAt) : 'Not submitted';
}
