import { Alert, Anchor, Button, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AgencyStatuses, AgencyStatusLabels, type TAgencyStatus, type TAgencySummary } from '@hireflow/contracts/agencies';
import { errorMessage } from '@/lib/api-client';
import { ApiErrorText } from '@/components/api-error-text';
import { useAgencies } from '../api/get-agencies';
import { AgencyStatusBadge } from './agency-status-badge';
import { AgencyDetailDrawer } from './agency-detail';
import { InviteAgencyModal } from './invite-agency-modal';

const isStatus = (v: string | null): v is TAgencyStatus => (AgencyStatuses as readonly string[]).includes(v ?? '');

/** company-settings/manage-agencies: the agencies (status, search and page in the URL), the invitation, one agency in a drawer (?agency=id). */
export function ManageAgencies() {
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as TAgencyStatus) : null;
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = params.get('agency');
  const [inviting, setInviting] = useState(false);
  const list = useAgencies({ status, search, page });

  /** Changes some URL parameters (null removes one); a new filter goes back to page 1. */
  const change = (next: Record<string, string | null>, resetPage = true) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        if (resetPage) out.delete('page');
        return out;
      },
      { replace: !('agency' in next) },
    );

  const filtered = Boolean(status || search.trim());
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Agencies</Title>
        <Button onClick={() => setInviting(true)}>Invite an agency</Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput value={search} onChange={(text) => change({ search: text || null })} />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          w={220}
          data={AgencyStatuses.map((s) => ({ value: s, label: AgencyStatusLabels[s] }))}
          value={status}
          onChange={(s) => change({ status: s })}
        />
      </Group>
      {list.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading agencies" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" role="alert" title="The agencies could not be loaded">
          <ApiErrorText message={errorMessage(list.error)} />
        </Alert>
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <Text role="status">No agency matches these filters.</Text>
        ) : (
          <Paper withBorder p="xl" radius="md">
            <Stack align="center" gap="sm">
              <Text ta="center" fw={600}>
                No agencies yet
              </Text>
              <Text ta="center" maw={560}>
                Recruitment agencies find candidates for you. Invite one, choose the jobs it may work on and its fee; once your approvers agree, its people sign in to their own portal and submit candidates,
                who land in your pipeline with the agency recorded.
              </Text>
              <Button onClick={() => setInviting(true)}>Invite an agency</Button>
            </Stack>
          </Paper>
        )
      ) : (
        <AgencyTable agencies={list.data.items} onOpen={(id) => change({ agency: id }, false)} />
      )}
      {list.data && list.data.total > list.data.pageSize ? (
        <nav aria-label="Pages">
          <Pagination total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={(p) => change({ page: p > 1 ? String(p) : null }, false)} />
        </nav>
      ) : null}
      <InviteAgencyModal opened={inviting} onClose={() => setInviting(false)} />
      <AgencyDetailDrawer agencyId={selected} onClose={() => change({ agency: null }, false)} />
    </Stack>
  );
}

/** Typing is debounced before it reaches the URL (and the API). */
function SearchInput({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    if (latest.current.value !== debounced) latest.current.onChange(debounced);
  }, [debounced]);
  return <TextInput label="Search agencies" placeholder="Name or contact" value={text} onChange={(e) => setText(e.currentTarget.value)} w={260} />;
}

function AgencyTable({ agencies, onOpen }: { agencies: TAgencySummary[]; onOpen: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agency</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Jobs</Table.Th>
            <Table.Th ta="right">Submissions</Table.Th>
            <Table.Th ta="right">Hires</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agencies.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={500} ta="left" onClick={() => onOpen(a.id)}>
                  {a.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {a.contactName}
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {a.contactEmail}
                </Text>
              </Table.Td>
              <Table.Td>
                <AgencyStatusBadge status={a.status} />
              </Table.Td>
              <Table.Td ta="right">{a.feePercent}%</Table.Td>
              <Table.Td ta="right">{a.jobCount}</Table.Td>
              <Table.Td ta="right">{a.submissionCount}</Table.Td>
              <Table.Td ta="right">{a.hireCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
