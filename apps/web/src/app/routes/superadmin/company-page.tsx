import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { useCompany } from '@/features/superadmin/api/get-company';
import { CompanyActions } from '@/features/superadmin/components/company-action-button';
import { CompanyHistory } from '@/features/superadmin/components/company-history';
import { CompanyStateBadge } from '@/features/superadmin/components/company-state-badge';
import { CompanySubscriptionForm } from '@/features/superadmin/components/company-subscription-form';
import { planLabel, seatsLabel } from '@/features/superadmin/components/company-plan';
import { errorMessage } from '@/lib/api-client';

// Invoices load after the company (their table and "Mark paid" dialog are a chunk of their own).
const SuperadminInvoices = lazy(() => import('@/features/billing/invoices/components/superadmin-invoices').then((m) => ({ default: m.SuperadminInvoices })));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** /superadmin/companies/:id: one company, its usage, the actions its state allows, its plan and seats, and what was done to it. */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  const back = (
    <Anchor component={Link} to={Paths.superadminCompanies}>
      All companies
    </Anchor>
  );
  if (company.isPending) {
    return (
      <Stack gap="md">
        <Title order={1}>Company</Title>
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the company" />
        </Group>
      </Stack>
    );
  }
  if (company.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>Company</Title>
        <Alert color="red" title="The company could not be loaded">
          {errorMessage(company.error)}
        </Alert>
        {back}
      </Stack>
    );
  }
  const { company: c, history } = company.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Group gap="sm">
          <Title order={1}>{c.name}</Title>
          <CompanyStateBadge state={c.state} />
        </Group>
        {back}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Fact label="Career site address">{c.slug ? `/careers/${c.slug}` : 'Not chosen yet'}</Fact>
            <Fact label="Admin">{c.admin ? `${c.admin.name} (${c.admin.email})` : 'None'}</Fact>
            <Fact label="Signed up">{new Date(c.createdAt).toLocaleString()}</Fact>
            <Fact label="Plan">{planLabel(c)}</Fact>
            <Fact label="Seats used">{seatsLabel(c)}</Fact>
            <Fact label="Jobs">{c.usage.jobs}</Fact>
            <Fact label="Applications this month">{c.usage.applicationsThisMonth}</Fact>
          </SimpleGrid>
          <CompanyActions company={c} size="sm" />
        </Stack>
      </Paper>
      <CompanySubscriptionForm key={`${c.plan}-${c.seats.allowed}`} company={c} />
      <Stack gap="xs" component="section" aria-labelledby="history-heading">
        <Title order={2} id="history-heading" fz="h3">
          History
        </Title>
        <CompanyHistory history={history} />
        <Anchor component={Link} to={`${Paths.superadminCompanies}?auditCompany=${c.id}`} fz="sm">
          This company in the platform audit log
        </Anchor>
      </Stack>
      <Suspense fallback={<Loader size="sm" aria-label="Loading invoices" />}>
        <SuperadminInvoices companyId={c.id} />
      </Suspense>
    </Stack>
  );
}
