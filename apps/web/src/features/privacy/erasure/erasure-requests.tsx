import { Alert, Anchor, Badge, Button, Center, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErasureDeadlineDays, ErasureStateLabels, ErasureStates, type TErasureOrigin, type TErasureRequest, type TErasureState } from '@hireflow/contracts/privacy';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/date-format';
import { useErasureRequests } from '../api/erasure';
import { ApproveErasureDialog, RefuseErasureDialog } from './decision-dialogs';
import { dueLabel } from './due-label';

const OriginLabels: Record<TErasureOrigin, string> = {
  candidate: 'The candidate (privacy page)',
  admin: 'An admin (profile)',
  retention: 'A retention rule',
};
// Outline badges in dark shades: their text reaches 4.5:1 on white.
const StateColors: Record<TErasureState, string> = { pending: 'blue.9', refused: 'gray.7', erased: 'red.9' };
/** The filter's value in the URL: a state, or "all"; no value means the waiting requests. */
const AllStates = 'all';
const stateOf = (value: string | null): TErasureState | null =>
  value === AllStates ? null : (ErasureStates as readonly string[]).includes(value ?? '') ? (value as TErasureState) : 'pending';

/** company-settings/privacy/erasure-requests: the queue with its legal deadlines (state and page in the URL); approve or refuse. */
export function ErasureRequests() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useErasureRequests({ state, page });
  const [approving, setApproving] = useState<TErasureRequest | null>(null);
  const [refusing, setRefusing] = useState<TErasureRequest | null>(null);

  const change = (next: { state?: string | null; page?: number }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if ('state' in next) {
          if (next.state && next.state !== 'pending') out.set('state', next.state);
          else out.delete('state');
          out.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) out.set('page', String(next.page));
          else out.delete('page');
        }
        return out;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Title order={1}>Erasure requests</Title>
      <Text maw={720}>
        Candidates may ask to be erased. The law gives you {ErasureDeadlineDays} days to answer: approve to erase them, or refuse with a reason (for example an open legal claim). The candidate is told either way.
      </Text>
      {list.data && list.data.overdue > 0 ? (
        <Alert color="red" variant="light" title={`${list.data.overdue} ${list.data.overdue === 1 ? 'request is' : 'requests are'} overdue`}>
          Past the {ErasureDeadlineDays}-day deadline: decide on {list.data.overdue === 1 ? 'it' : 'them'} first.
        </Alert>
      ) : null}
      <Select
        label="State"
        w={240}
        allowDeselect={false}
        data={[...ErasureStates.map((s) => ({ value: s, label: ErasureStateLabels[s] })), { value: AllStates, label: 'All requests' }]}
        value={state ?? AllStates}
        onChange={(value) => change({ state: value })}
      />
      {list.isPending ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading erasure requests" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert" title="The erasure requests could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" role="status">
            {state === 'pending' ? 'No requests waiting. Candidates ask from the privacy link in every mail they get.' : 'No requests in this state.'}
          </Text>
        </Paper>
      ) : (
        <RequestsTable requests={list.data.items} onApprove={setApproving} onRefuse={setRefusing} />
      )}
      {list.data && list.data.total > list.data.pageSize ? (
        <nav aria-label="Pages">
          <Pagination total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={(p) => change({ page: p })} />
        </nav>
      ) : null}
      <ApproveErasureDialog request={approving} onClose={() => setApproving(null)} />
      <RefuseErasureDialog request={refusing} onClose={() => setRefusing(null)} />
    </Stack>
  );
}

function RequestsTable({ requests, onApprove, onRefuse }: { requests: TErasureRequest[]; onApprove: (r: TErasureRequest) => void; onRefuse: (r: TErasureRequest) => void }) {
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped aria-label="Erasure requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Asked by</Table.Th>
            <Table.Th>Asked on</Table.Th>
            <Table.Th>Due by</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Decision</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => {
            const due = dueLabel(r.dueAt, now);
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.state === 'erased' ? (
                    r.candidateName
                  ) : (
                    <Anchor component={Link} to={`/candidate/${r.candidateId}`}>
                      {r.candidateName}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{OriginLabels[r.origin]}</Table.Td>
                <Table.Td>{formatDate(r.requestedAt)}</Table.Td>
                <Table.Td>
                  {formatDate(r.dueAt)}
                  {r.state === 'pending' ? (
                    <Text size="sm" c={due.overdue ? 'red' : 'dimmed'} fw={due.overdue ? 600 : undefined}>
                      {due.text}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={StateColors[r.state]} variant="outline">
                    {ErasureStateLabels[r.state]}
                  </Badge>
                  {r.decidedAt ? (
                    <Text size="xs" c="dimmed">
                      on {formatDate(r.decidedAt)}
                      {r.decidedBy ? ` by ${r.decidedBy}` : ''}
                    </Text>
                  ) : null}
                  {r.state === 'refused' && r.reason ? <Text size="sm">{r.reason}</Text> : null}
                </Table.Td>
                <Table.Td>
                  {r.state === 'pending' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" color="red" variant="light" aria-label={`Approve erasure of ${r.candidateName}`} onClick={() => onApprove(r)}>
                        Approve
                      </Button>
                      <Button size="xs" variant="default" aria-label={`Refuse erasure of ${r.candidateName}`} onClick={() => onRefuse(r)}>
                        Refuse
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
