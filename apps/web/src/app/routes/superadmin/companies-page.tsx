import { Alert, Anchor, Group, Loader, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { CompanyStateLabels, CompanyStates, SuperadminValidation, type TCompanyState } from '@hireflow/contracts/superadmin';
import { useCompanies } from '@/features/superadmin/api/get-companies';
import { CompaniesTable } from '@/features/superadmin/components/companies-table';
import { PlatformAuditLog } from '@/features/superadmin/components/platform-audit-log';
import { errorMessage } from '@/lib/api-client';
import { useUrlSearch } from '@/lib/use-url-search';

const isState = (value: string | null): value is TCompanyState => CompanyStates.includes(value as TCompanyState);

/** /superadmin/companies: every company on the platform, then the platform audit log; search, filters and pages live in the URL. */
export default function CompaniesPage() {
  const { params, update, q, setQ, query, page } = useUrlSearch();
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : null;

  const companies = useCompanies({ q: query, state, page });
  const pages = companies.data ? Math.max(1, Math.ceil(companies.data.total / companies.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={1}>Companies</Title>
        <Anchor component={Link} to={Paths.superadmin}>
          Back to the overview
        </Anchor>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group align="end" gap="sm">
          <TextInput
            label="Search"
            description="Company name, career site address or admin email"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            maxLength={SuperadminValidation.maxSearchLength}
            w={320}
          />
          <Select
            label="State"
            placeholder="Any state"
            clearable
            data={CompanyStates.map((s) => ({ value: s, label: CompanyStateLabels[s] }))}
            value={state}
            onChange={(value) => update({ state: value, page: null })}
            w={180}
          />
        </Group>
      </Paper>
      {companies.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading companies" />
        </Group>
      ) : companies.isError ? (
        <Alert color="red" title="Companies could not be loaded">
          {errorMessage(companies.error)}
        </Alert>
      ) : companies.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{query || state ? 'No company matches this search.' : 'No company has signed up yet.'}</Text>
        </Paper>
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            {companies.data.total} {companies.data.total === 1 ? 'company' : 'companies'}
          </Text>
          <CompaniesTable companies={companies.data.items} caption="Newest first" />
          {pages > 1 ? <Pagination total={pages} value={page} onChange={(p) => update({ page: p > 1 ? String(p) : null })} aria-label="Pages" /> : null}
        </>
      )}
      <PlatformAuditLog
        filters={{ action: params.get('auditAction'), companyId: params.get('auditCompany'), page: Math.max(1, Number(params.get('auditPage')) || 1) }}
        onChange={(changes) =>
          update({
            ...('action' in changes ? { auditAction: changes.action ?? null } : {}),
            ...('companyId' in changes ? { auditCompany: changes.companyId ?? null } : {}),
            ...('page' in changes ? { auditPage: changes.page && changes.page > 1 ? String(changes.page) : null } : {}),
          })
        }
      />
    </Stack>
  );
}
