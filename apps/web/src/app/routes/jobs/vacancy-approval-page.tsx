import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { QueryKey } from '@tanstack/react-query';
import type { TApprovalChainState, TApprovalStatus } from '@hireflow/contracts/approvals';
import { EmploymentTypeLabels, type TRequisition, type TRequisitionStatus } from '@hireflow/contracts/jobs';
import { useVacancyApproval } from '@/features/jobs/api/get-vacancy-approval';
import { useSubmitRequisition } from '@/features/jobs/api/submit-requisition';
import { RequisitionStatusBadge } from '@/features/jobs/components/job-status-badge';
import { ApprovalSubjectLayout } from '@/features/approvals/components/approval-subject-layout';
import { ApprovalDecisionForm } from '@/features/approvals/components/approval-decision-form';
import { ApprovalChainActions } from '@/features/approvals/components/approval-actions';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';

/** A requisition's page refreshes itself and the jobs after a change to its chain. */
const vacancyQueries: QueryKey[] = [['vacancy-approvals'], ['jobs']];
const approvalStatusOf: Record<TRequisitionStatus, TApprovalStatus | null> = { draft: null, pending_approval: 'pending', approved: 'approved', rejected: 'rejected' };

/** The requisition's chain in the shape the approvals components show. */
function requisitionChain(r: TRequisition): TApprovalChainState {
  return { status: approvalStatusOf[r.status], round: r.round, steps: r.steps, history: r.history, canDecide: r.canDecide, canWithdraw: r.canWithdraw, canReassign: r.canReassign };
}

/** /vacancy-approval/{vacancyId}: one requisition with its chain, full history, and the decision form for the current approver. */
export default function VacancyApprovalPage() {
  const id = useParams().vacancyId ?? '';
  const requisition = useVacancyApproval(id);
  if (requisition.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading requisition" />
      </Group>
    );
  }
  if (requisition.isError) {
    const status = (requisition.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Vacancy approval</Title>
        <Alert color="red">{errorMessage(requisition.error)}</Alert>
      </Stack>
    );
  }
  return <RequisitionView r={requisition.data} />;
}

function RequisitionView({ r }: { r: TRequisition }) {
  const chain = requisitionChain(r);
  const rows: [string, string][] = [
    ['Requested by', r.requester.name],
    ['Department', r.department?.name ?? '—'],
    ['Business unit', r.businessUnit?.name ?? '—'],
    ['Location', r.location?.name ?? '—'],
    ['Headcount', String(r.headcount)],
    ['Job code', r.jobCode ? `${r.jobCode.code} · ${r.jobCode.title} (approved ${r.jobCode.approvedHeadcount}, used ${r.jobCode.usedHeadcount})` : '—'],
    ['Employment type', EmploymentTypeLabels[r.employmentType]],
    ['Salary band', r.salaryBand ? `${r.salaryBand.min.toLocaleString()}–${r.salaryBand.max.toLocaleString()} ${r.salaryBand.currency}` : '—'],
    ['Target start', r.targetStartDate ?? '—'],
    ['Hiring manager', r.team.hiringManager?.name ?? '—'],
    ['Recruiters', r.team.recruiters.map((u) => u.name).join(', ') || '—'],
    ['Interviewers', r.team.interviewers.map((u) => u.name).join(', ') || '—'],
  ];
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={1}>{r.title}</Title>
        <RequisitionStatusBadge status={r.status} />
      </Group>
      {r.jobId && r.status === 'approved' ? (
        <Alert color="green">
          The job is open.{' '}
          <Anchor component={Link} to={`/job/${r.jobId}`}>
            Go to the job
          </Anchor>
        </Alert>
      ) : null}
      {r.canDecide ? <ApprovalDecisionForm kind="vacancy" subjectId={r.id} invalidate={vacancyQueries} /> : null}
      {r.canEdit ? <RequesterActions r={r} /> : null}
      <ApprovalChainActions kind="vacancy" subjectId={r.id} chain={chain} noun="requisition" invalidate={vacancyQueries} />
      <ApprovalSubjectLayout chain={chain}>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="sm">
          Request
        </Title>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={170}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {r.justification ? (
          <>
            <Text fw={500} mt="md">
              Justification
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{r.justification}</Text>
          </>
        ) : null}
        {r.headcountJustification ? (
          <>
            <Text fw={500} mt="md">
              Beyond the approved headcount because
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{r.headcountJustification}</Text>
          </>
        ) : null}
      </Paper>
      </ApprovalSubjectLayout>
    </Stack>
  );
}

function RequesterActions({ r }: { r: TRequisition }) {
  const submit = useSubmitRequisition(r.id);
  const reason = [...r.history].reverse().find((h) => h.action === 'rejected');
  return (
    <Paper withBorder p="md" radius="md" bg={r.status === 'rejected' ? 'red.0' : 'gray.0'}>
      {r.status === 'rejected' && reason ? (
        <Text mb="sm">
          {reason.by?.name ?? 'An approver'} returned it: “{reason.comment}”. Change it if needed and submit it again.
        </Text>
      ) : (
        <Text mb="sm">This is a draft. Submit it when it is ready.</Text>
      )}
      {submit.isError ? (
        <Alert color="red" mb="sm">
          {errorMessage(submit.error)}
        </Alert>
      ) : null}
      <Group>
        <Button component={Link} to={`/create-requisition?edit=${r.id}`} variant="default">
          Change it
        </Button>
        <Button onClick={() => submit.mutate()} loading={submit.isPending}>
          Submit for approval
        </Button>
      </Group>
    </Paper>
  );
}
