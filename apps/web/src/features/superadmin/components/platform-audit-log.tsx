import { Alert, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PlatformAuditActionLabels, PlatformAuditActions, type TPlatformAuditAction } from '@hireflow/contracts/superadmin';
import { errorMessage } from '@/lib/api-client';
import { usePlatformAudit } from '../api/get-platform-audit';
import { useCompanies } from '../api/get-companies';
import { getCompanyQueryOptions } from '../api/get-company';
import { useQuery } from '@tanstack/react-query';

const isAction = (value: string | null): value is TPlatformAuditAction => PlatformAuditActions.includes(value as TPlatformAuditAction);
const actionOptions = PlatformAuditActions.map((a) => ({ value: a, label: PlatformAuditActionLabels[a] }));

export type AuditFilters = { action: string | null; companyId: string | null; page: number };

/** A company picker that searches the companies on the server as one types. */
function CompanyFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  // Asks the server only once something is typed (and not for the chosen company's own name).
  const q = debounced.trim();
  const companies = useCompanies({ q, state: null, page: 1 }, { enabled: q.length > 0 && q !== picked?.label });
  const options = (companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A company chosen in the URL (not picked here): its name comes from the company itself.
  const chosen = useQuery({ ...getCompanyQueryOptions(value ?? ''), enabled: !!value && picked?.value !== value });
  if (value && !options.some((o) => o.value === value)) {
    options.unshift(picked?.value === value ? picked : { value, label: chosen.data?.company.name ?? 'Chosen company' });
  }
  return (
    <Select
      label="Company"
      placeholder="Any company"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={!q ? 'Type to find a company' : companies.isFetching ? 'Searching…' : 'No company matches'}
      data={options}
      value={value}
      onChange={(id, option) => {
        setPicked(id ? option : null);
        onChange(id);
      }}
      filter={({ options: o }) => o}
      w={260}
    />
  );
}

/** The platform audit log: every super-admin action, newest first, paged and filtered on the server. */
export function PlatformAuditLog({ filters, onChange }: { filters: AuditFilters; onChange: (changes: Partial<AuditFilters>) => void }) {
  const action = isAction(filters.action) ? filters.action : null;
  const audit = usePlatformAudit({ action, companyId: filters.companyId, page: filters.page });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-heading">
      <Title order={2} id="audit-heading" fz="h3">
        Platform audit log
      </Title>
      <Text fz="sm" c="dimmed">
        Every action of a super admin: who did what, to whom, and why.
      </Text>
      <Group align="end" gap="sm">
        <Select
          label="Action"
          placeholder="Any action"
          clearable
          data={actionOptions}
          value={action}
          onChange={(value) => onChange({ action: value, page: 1 })}
          w={260}
        />
        <CompanyFilter value={filters.companyId} onChange={(companyId) => onChange({ companyId, page: 1 })} />
      </Group>
      {audit.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the audit log" />
        </Group>
      ) : audit.isError ? (
        <Alert color="red" title="The audit log could not be loaded">
          {errorMessage(audit.error)}
        </Alert>
      ) : audit.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{action || filters.companyId ? 'No action matches these filters.' : 'No super-admin action has been recorded yet.'}</Text>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Caption>
                {audit.data.total} {audit.data.total === 1 ? 'action' : 'actions'}, newest first
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Reason and detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{new Date(entry.at).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{entry.actor.name}</Text>
                      <Text fz="xs" c="dimmed">
                        {entry.actor.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{PlatformAuditActionLabels[entry.action]}</Table.Td>
                    <Table.Td>{entry.target.label || '—'}</Table.Td>
                    <Table.Td>
                      {entry.detail ? <Text fz="sm">{entry.detail}</Text> : null}
                      {entry.reason ? <Text fz="sm">“{entry.reason}”</Text> : null}
                      {!entry.detail && !entry.reason ? '—' : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={filters.page} onChange={(p) => onChange({ page: p })} aria-label="Audit log pages" /> : null}
        </>
      )}
    </Stack>
  );
}
