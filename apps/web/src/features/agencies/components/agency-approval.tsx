import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { TAgency } from '@hireflow/contracts/agencies';
import { ApprovalSubjectLayout } from '@/features/approvals/components/approval-subject-layout';
import { ApprovalDecisionForm } from '@/features/approvals/components/approval-decision-form';
import { ApprovalChainActions } from '@/features/approvals/components/approval-actions';
import { agenciesKey } from '../api/get-agencies';
import { AgencyStatusBadge } from './agency-status-badge';
import { AgencyTermsTable } from './agency-terms-table';

/** A decision refreshes every agency query (this page, the agency list and its drawer). */
const agencyQueries: QueryKey[] = [agenciesKey];

/** The agency's terms, its chain and history, and the decision for the current approver (/agency-approval/{agencyId}); canManage: a link to the agency's page. */
export function AgencyApprovalView({ agency, canManage }: { agency: TAgency; canManage: boolean }) {
  const chain = agency.approval;
  const returned = chain.status === 'rejected' ? [...chain.history].reverse().find((h) => h.action === 'rejected') : undefined;
  return (
    <Stack gap="md">
      <div>
        <Group gap="sm">
          <Title order={1}>Agency: {agency.name}</Title>
          <AgencyStatusBadge status={agency.status} />
        </Group>
        <Text c="dimmed">
          Invited by {agency.invitedBy.name} on {new Date(agency.createdAt).toLocaleDateString()}
        </Text>
      </div>
      {agency.status === 'active' || agency.status === 'paused' ? (
        <Alert color="green">
          The agency is approved; {agency.contactEmail} was sent the sign-in link.
          {canManage ? (
            <>
              {' '}
              <Anchor component={Link} to={`/company-settings/manage-agencies?agency=${agency.id}`}>
                Manage the agency
              </Anchor>
            </>
          ) : null}
        </Alert>
      ) : null}
      {returned ? (
        <Alert color="red">
          {returned.by?.name ?? 'An approver'} rejected it: “{returned.comment}”.
        </Alert>
      ) : null}
      {chain.canDecide ? <ApprovalDecisionForm kind="agency" subjectId={agency.id} invalidate={agencyQueries} /> : null}
      <ApprovalChainActions kind="agency" subjectId={agency.id} chain={chain} noun="agency" invalidate={agencyQueries} />
      <ApprovalSubjectLayout chain={chain}>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Agency">
        <Title order={2} fz="h4" mb="sm">
          Agency
        </Title>
        <AgencyTermsTable agency={agency} />
      </Paper>
      </ApprovalSubjectLayout>
    </Stack>
  );
}
