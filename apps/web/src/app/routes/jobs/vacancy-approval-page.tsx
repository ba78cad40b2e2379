import { Alert, Anchor, Badge, Button, Grid, Group, Loader, Paper, Stack, Table, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EmploymentTypeLabels, JobValidation, type TRequisition } from '@hireflow/contracts/jobs';
import { useVacancyApproval } from '@/features/jobs/api/get-vacancy-approval';
import { useDecideVacancyApproval } from '@/features/jobs/api/decide-vacancy-approval';
import { useSubmitRequisition } from '@/features/jobs/api/submit-requisition';
import { RequisitionStatusBadge } from '@/features/jobs/components/job-status-badge';
import { ReassignApproverButton, WithdrawRequisitionButton } from '@/features/jobs/components/pending-requisition-actions';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';

const stepColors = { waiting: 'gray', current: 'yellow', approved: 'green', rejected: 'red' } as const;
const stepLabels = { waiting: 'Waiting', current: 'Deciding now', approved: 'Approved', rejected: 'Rejected' } as const;
const actionLabels: Record<TRequisition['history'][number]['action'], string> = {
  submitted: 'Submitted',
  skipped: 'Own step skipped',
  approved: 'Approved',
  rejected: 'Rejected',
  reassigned: 'Approver reassigned',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
  opened: 'Job opened',
};

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
      {r.canDecide ? <DecisionForm id={r.id} /> : null}
      {r.canEdit ? <RequesterActions r={r} /> : null}
      {r.canWithdraw || r.canReassign ? (
        <Group>
          {r.canWithdraw ? <WithdrawRequisitionButton r={r} /> : null}
          {r.canReassign ? <ReassignApproverButton r={r} /> : null}
        </Group>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
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
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="sm">
                Approval chain{r.round > 1 ? ` (round ${r.round})` : ''}
              </Title>
              {r.steps.length === 0 ? (
                <Text c="dimmed">Not submitted yet.</Text>
              ) : (
                <Stack gap="xs">
                  {r.steps.map((s) => (
                    <Group key={s.order} justify="space-between">
                      <Text>
                        {s.order}. {s.approver.name}
                      </Text>
                      <Badge color={stepColors[s.state]} variant="light">
                        {stepLabels[s.state]}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="sm">
                History
              </Title>
              {r.history.length === 0 ? (
                <Text c="dimmed">Nothing yet.</Text>
              ) : (
                <Timeline bulletSize={12} lineWidth={2}>
                  {r.history.map((h, i) => (
                    <Timeline.Item key={i} title={`${actionLabels[h.action]}${h.by ? ` by ${h.by.name}` : ''}`}>
                      {h.comment ? <Text fz="sm">“{h.comment}”</Text> : null}
                      <Text fz="xs" c="dimmed">
                        {new Date(h.at).toLocaleString()}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DecisionForm({ id }: { id: string }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideVacancyApproval(id);
  const submit = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !comment.trim()) {
      setError('Tell the requester why you reject it');
      return;
    }
    setError(null);
    decide.mutate({ decision, comment });
  };
  return (
    <Paper withBorder p="md" radius="md" bg="yellow.0">
      <Title order={2} fz="h4" mb="sm">
        Your decision
      </Title>
      {decide.isError ? (
        <Alert color="red" mb="sm">
          {errorMessage(decide.error)}
        </Alert>
      ) : null}
      <Textarea label="Comment" description="Required when you reject" value={comment} error={error} onChange={(e) => setComment(e.currentTarget.value)} maxLength={JobValidation.maxCommentLength} autosize minRows={2} />
      <Group mt="sm">
        <Button onClick={() => submit('approve')} loading={decide.isPending && decide.variables?.decision === 'approve'} disabled={decide.isPending}>
          Approve
        </Button>
        <Button color="red" variant="outline" onClick={() => submit('reject')} loading={decide.isPending && decide.variables?.decision === 'reject'} disabled={decide.isPending}>
          Reject
        </Button>
      </Group>
    </Paper>
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
