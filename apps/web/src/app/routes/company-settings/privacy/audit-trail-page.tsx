import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { AuditActions, type TAuditAction, type TAuditFilters } from '@hireflow/contracts/privacy';
import { ExportButton } from '@/components/export-button';
import { startAuditExport, useAuditList } from '@/features/privacy/api/audit';
import { AuditFilters, type AuditFilterValues } from '@/features/privacy/audit/audit-filters';
import { AuditTable } from '@/features/privacy/audit/audit-table';
import { errorMessage } from '@/lib/api-client';
import { useUrlSearch } from '@/lib/use-url-search';

const isAction = (v: string | null): v is TAuditAction => !!v && (AuditActions as readonly string[]).includes(v);
const isId = (v: string | null): v is string => !!v && /^[a-f0-9]{24}$/i.test(v);
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * /company-settings/privacy/audit-trail: who viewed, exported, changed or erased personal data and who signed
 * in. The person search, user, action, days and page live in the URL (a filtered trail can be shared by link).
 */
export default function AuditTrailPage() {
  const { params, update, q, setQ, query, page } = useUrlSearch();
  const values: AuditFilterValues = {
    user: isId(params.get('user')) ? params.get('user') : null,
    action: isAction(params.get('action')) ? params.get('action') : null,
    from: isDay(params.get('from')) ? params.get('from') : null,
    to: isDay(params.get('to')) ? params.get('to') : null,
  };
  const filters: TAuditFilters = {
    person: query || undefined,
    userId: values.user ?? undefined,
    action: (values.action as TAuditAction | null) ?? undefined,
    from: values.from ?? undefined,
    to: values.to ?? undefined,
  };
  const filtered = Boolean(query || values.user || values.action || values.from || values.to);
  const trail = useAuditList({ ...filters, page });
  const [exportError, setExportError] = useState<string | null>(null);
  const pages = trail.data ? Math.max(1, Math.ceil(trail.data.total / trail.data.pageSize)) : 1;

  const change = (changes: Partial<AuditFilterValues>) => {
    setExportError(null);
    update({ ...changes, page: null });
  };
  const clear = () => {
    setQ('');
    update({ q: null, user: null, action: null, from: null, to: null, page: null });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Stack gap={4}>
          <Title order={1}>Audit trail</Title>
          <Text c="dimmed">Who viewed, exported, changed or erased candidates' personal data, and who signed in.</Text>
        </Stack>
        <ExportButton start={() => startAuditExport(filters)} onError={setExportError} fallbackFileName="audit-trail.xlsx" disabled={trail.data?.total === 0} />
      </Group>
      {trail.data ? (
        <Text fz="sm">
          Entries are kept for {trail.data.keptMonths} {trail.data.keptMonths === 1 ? 'month' : 'months'}, then deleted.{' '}
          <Anchor component={Link} to="/company-settings/privacy" fz="sm">
            Change the period in the privacy settings
          </Anchor>
        </Text>
      ) : null}
      {exportError ? (
        <Alert color="red" title="The export did not work">
          {exportError}
        </Alert>
      ) : null}
      <AuditFilters search={q} onSearch={setQ} values={values} onChange={change} />
      {trail.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the audit trail" />
        </Group>
      ) : trail.isError ? (
        <Alert color="red" title="The audit trail could not be loaded">
          <Stack gap="xs" align="start">
            <Text fz="sm">{errorMessage(trail.error)}</Text>
            <Button variant="default" size="xs" onClick={() => void trail.refetch()} loading={trail.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : trail.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            {filtered ? (
              <>
                <Text ta="center">No entries match: widen the dates or clear the filters.</Text>
                <Button variant="default" onClick={clear}>
                  Clear the filters
                </Button>
              </>
            ) : (
              <Text ta="center">No entries yet. Views, exports and changes of candidates' data and sign-ins appear here as they happen.</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            {trail.data.total} {trail.data.total === 1 ? 'entry' : 'entries'}
          </Text>
          <AuditTable items={trail.data.items} />
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(p) => update({ page: p > 1 ? String(p) : null })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              aria-label="Pages"
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
