import { Alert, Anchor, Badge, Button, Checkbox, Grid, Group, Loader, Menu, Modal, Pagination, Paper, Stack, Table, Text, Textarea, Timeline, Title, Typography } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EmploymentTypeLabels, JobStatusLabels, JobValidation, type TJobDetail, type TJobStatus } from '@hireflow/contracts/jobs';
import { type TUserRef } from '@hireflow/contracts/common';
import { ApplicationSourceLabels, type TJobApplicant } from '@hireflow/contracts/candidates';
import { useJob } from '@/features/jobs/api/get-job';
import { useJobApplicants } from '@/features/jobs/api/get-job-applicants';
import { useJobActivity } from '@/features/jobs/api/get-job-activity';
import { useChangeJobStatus } from '@/features/jobs/api/change-job-status';
import { downloadFile } from '@/features/jobs/api/download-file';
import { JobStatusBadge } from '@/features/jobs/components/job-status-badge';
import { PipelineCounts } from '@/features/jobs/components/pipeline-counts';
import { canMoveApplicants } from '@/features/jobs/utils/job-access';
import { MoveActions, type MoveStage } from '@/features/pipeline/components/move-actions';
import { useSession } from '@/lib/session';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';
import { loadChunk } from '@/app/routes/lazy-page';
import { JobInterviewPlan } from '@/features/interviews/plans/job-interview-plan';

// The edit form (and the rich-text editor in it) loads when someone opens it: the page shows the stored,
// sanitised description as HTML.
const JobEditModal = lazy(() => loadChunk(() => import('@/features/jobs/components/job-edit-modal')).then((m) => ({ default: m.JobEditModal })));
// The bulk actions load with the hiring team's page, not with everyone's.
const PipelineBulkBar = lazy(() => loadChunk(() => import('@/features/pipeline/bulk/pipeline-bulk-bar')).then((m) => ({ default: m.PipelineBulkBar })));

const people = (users: TUserRef[]) => (users.length ? users.map((u) => u.name).join(', ') : '—');

/** /{type}/{id} with type job: details, hiring team, pipeline, applicants and history. */
export default function JobPage() {
  const id = useParams().id ?? '';
  const job = useJob(id);
  if (job.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading job" />
      </Group>
    );
  }
  if (job.isError) {
    const status = (job.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Job</Title>
        <Alert color="red" title="This job could not be loaded">
          {errorMessage(job.error)}
        </Alert>
      </Stack>
    );
  }
  return <JobView job={job.data} />;
}

function JobView({ job }: { job: TJobDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="start">
        <div>
          <Group gap="sm">
            <Title order={1}>{job.title}</Title>
            <JobStatusBadge status={job.status} />
            {job.published ? <Badge variant="outline">On career site</Badge> : null}
          </Group>
          <Text c="dimmed">{[job.department?.name, job.location?.name, EmploymentTypeLabels[job.employmentType]].filter(Boolean).join(' · ')}</Text>
        </div>
        <Group>
          {job.canEdit ? (
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit job
            </Button>
          ) : null}
          <StatusMenu job={job} />
        </Group>
      </Group>
      {editing ? (
        <Suspense fallback={<Loader role="progressbar" aria-label="Loading the form" />}>
          <JobEditModal job={job} opened onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              Details
            </Title>
            <Table variant="vertical" withRowBorders={false}>
              <Table.Tbody>
                <Row label="Openings" value={String(job.openings)} />
                <Row label="Business unit" value={job.businessUnit?.name ?? '—'} />
                <Row label="Job code" value={job.jobCode?.name ?? '—'} />
                <Row label="Salary band" value={job.salaryBand ? `${job.salaryBand.min.toLocaleString()}–${job.salaryBand.max.toLocaleString()} ${job.salaryBand.currency}` : '—'} />
                <Row label="Target start" value={job.targetStartDate ?? '—'} />
                <Row label="Opened" value={job.openedAt ? new Date(job.openedAt).toLocaleDateString() : '—'} />
                {job.requisitionId ? (
                  <Table.Tr>
                    <Table.Th w={160}>Requisition</Table.Th>
                    <Table.Td>
                      <Anchor component={Link} to={`/vacancy-approval/${job.requisitionId}`}>
                        Approval history
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
            {job.description ? (
              <Typography mt="md">
                <div dangerouslySetInnerHTML={{ __html: job.description }} />
              </Typography>
            ) : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              Hiring team
            </Title>
            <Table variant="vertical" withRowBorders={false}>
              <Table.Tbody>
                <Row label="Hiring manager" value={job.hiringManager?.name ?? '—'} />
                <Row label="Recruiters (owners)" value={people(job.recruiters)} />
                <Row label="Interviewers" value={people(job.interviewers)} />
                <Row label="Followers" value={people(job.followers)} />
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="sm">
          Pipeline ({job.applicantCount} {job.applicantCount === 1 ? 'applicant' : 'applicants'})
        </Title>
        <PipelineCounts pipeline={job.pipeline} />
      </Paper>
      <JobInterviewPlan job={job} />
      <Applicants job={job} />
      <Activity jobId={job.id} />
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

function StatusMenu({ job }: { job: TJobDetail }) {
  const [target, setTarget] = useState<TJobStatus | null>(null);
  const [comment, setComment] = useState('');
  const [headcountJustification, setHeadcountJustification] = useState('');
  const change = useChangeJobStatus(job.id, { onSuccess: () => setTarget(null) });
  // A closed requisition job gave its openings back to the job code; reopening takes them again.
  const takesHeadcount = target === 'open' && job.status === 'closed' && Boolean(job.jobCode && job.requisitionId);
  if (!job.allowedTransitions.length) return null;
  return (
    <>
      <Menu>
        <Menu.Target>
          <Button variant="default">Change status</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {job.allowedTransitions.map((s) => (
            <Menu.Item key={s} onClick={() => (setTarget(s), setComment(''), setHeadcountJustification(''), change.reset())}>
              {JobStatusLabels[s]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={target ? `Mark as ${JobStatusLabels[target].toLowerCase()}` : ''}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (target) change.mutate({ status: target, comment, ...(takesHeadcount && headcountJustification.trim() ? { headcountJustification: headcountJustification.trim() } : {}) });
          }}
        >
          <Stack>
            {change.isError ? <Alert color="red">{errorMessage(change.error)}</Alert> : null}
            <Textarea label="Comment (optional)" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} />
            {takesHeadcount ? (
              <Textarea
                label="Reason for the openings"
                description={`Reopening takes its ${job.openings} opening${job.openings === 1 ? '' : 's'} from job code ${job.jobCode?.name ?? ''} again; needed when fewer approved positions are left`}
                value={headcountJustification}
                maxLength={JobValidation.maxJustificationLength}
                onChange={(e) => setHeadcountJustification(e.currentTarget.value)}
              />
            ) : null}
            <Group justify="end">
              <Button variant="default" onClick={() => setTarget(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function Applicants({ job }: { job: TJobDetail }) {
  const [page, setPage] = useState(1);
  const applicants = useJobApplicants(job.id, page);
  // The hiring team selects rows for bulk actions (one page at a time).
  const [selected, setSelected] = useState<string[]>([]);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // The row shown in the details, by id: after a move it shows the refreshed row.
  const [shownId, setShownId] = useState<string | null>(null);
  const { user } = useSession();
  const stages: MoveStage[] | null = canMoveApplicants(user, job) ? job.pipeline : null;
  const shown = applicants.data?.items.find((a) => a.applicationId === shownId) ?? null;
  // Bulk actions for those who run the job (the API checks each applicant's job again).
  const canAct = job.canEdit;
  const stageOptions = job.pipeline.map((s) => ({ kind: s.kind, name: s.name }));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        Applicants
      </Title>
      <ApplicantDetails applicant={shown} stages={stages} onClose={() => setShownId(null)} />
      {downloadError ? (
        <Alert color="red" mb="sm" withCloseButton onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      ) : null}
      {applicants.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading applicants" />
      ) : applicants.isError ? (
        <Alert color="red">{errorMessage(applicants.error)}</Alert>
      ) : applicants.data.items.length === 0 ? (
        <Text c="dimmed">No one has applied yet.</Text>
      ) : (
        <>
          {canAct ? (
            <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading bulk actions" />}>
              <PipelineBulkBar applicationIds={selected} stageOptions={stageOptions} onDone={() => setSelected([])} />
            </Suspense>
          ) : null}
          <Table.ScrollContainer minWidth={stages ? 900 : 700}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {canAct ? (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select all applicants on this page"
                        checked={applicants.data.items.every((a) => selected.includes(a.applicationId))}
                        indeterminate={selected.length > 0 && !applicants.data.items.every((a) => selected.includes(a.applicationId))}
                        onChange={(e) => setSelected(e.currentTarget.checked ? applicants.data.items.map((a) => a.applicationId) : [])}
                      />
                    </Table.Th>
                  ) : null}
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Applied</Table.Th>
                  <Table.Th>Resume</Table.Th>
                  <Table.Th>Application</Table.Th>
                  {stages ? <Table.Th>Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {applicants.data.items.map((a) => (
                  <Table.Tr key={a.applicationId}>
                    {canAct ? (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${a.name}`}
                          checked={selected.includes(a.applicationId)}
                          onChange={() => setSelected((ids) => (ids.includes(a.applicationId) ? ids.filter((x) => x !== a.applicationId) : [...ids, a.applicationId]))}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Anchor component={Link} to={`/candidate/${a.candidateId}`} fw={500}>
                        {a.name}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        {a.email}
                        {a.phone ? ` · ${a.phone}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StageCell applicant={a} />
                    </Table.Td>
                    <Table.Td>{ApplicationSourceLabels[a.source]}</Table.Td>
                    <Table.Td>{new Date(a.appliedAt).toLocaleDateString()}</Table.Td>
                    <Table.Td>
                      {a.resume ? (
                        <Button size="compact-sm" variant="subtle" onClick={() => downloadFile(a.resume!.fileId, a.resume!.filename).catch((e) => setDownloadError(errorMessage(e)))}>
                          {a.resume.filename}
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" aria-label={`Details: ${a.name}`} onClick={() => setShownId(a.applicationId)}>
                        Details{a.answers.length ? ` (${a.answers.length} ${a.answers.length === 1 ? 'answer' : 'answers'})` : ''}
                      </Button>
                    </Table.Td>
                    {stages ? (
                      <Table.Td>
                        <MoveActions applicationId={a.applicationId} name={a.name} stages={stages} currentStageId={a.stage.id} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {applicants.data.total > applicants.data.pageSize ? (
            <Pagination mt="sm" total={Math.ceil(applicants.data.total / applicants.data.pageSize)} value={page} onChange={(p) => (setPage(p), setSelected([]))} aria-label="Applicant pages" />
          ) : null}
        </>
      )}
    </Paper>
  );
}

/** The stage, and why the applicant left: a rejection's reason, or that they withdrew. */
function StageCell({ applicant: a }: { applicant: TJobApplicant }) {
  return (
    <>
      <Group gap={6}>
        <Text span>{a.stage.name}</Text>
        {a.withdrawn ? (
          <Badge color="gray" variant="light" tt="none">
            Withdrawn
          </Badge>
        ) : null}
      </Group>
      {a.rejectionReason ? (
        <Text fz="xs" c="dimmed">
          {a.withdrawn ? 'Note' : 'Reason'}: {a.rejectionReason}
        </Text>
      ) : null}
    </>
  );
}

/** What the applicant gave on the apply form: contact details and their answers, question by question; the moves for the hiring team. */
function ApplicantDetails({ applicant, stages, onClose }: { applicant: TJobApplicant | null; stages: MoveStage[] | null; onClose: () => void }) {
  return (
    <Modal opened={applicant !== null} onClose={onClose} title={applicant ? `Application from ${applicant.name}` : ''} size="lg">
      {applicant ? (
        <Stack>
          <Table variant="vertical" withRowBorders={false}>
            <Table.Tbody>
              <Row label="Email" value={applicant.email} />
              <Row label="Phone" value={applicant.phone || '—'} />
              <Table.Tr>
                <Table.Th w={160}>Stage</Table.Th>
                <Table.Td>
                  <StageCell applicant={applicant} />
                </Table.Td>
              </Table.Tr>
              <Row label="Applied" value={new Date(applicant.appliedAt).toLocaleDateString()} />
            </Table.Tbody>
          </Table>
          {stages ? <MoveActions applicationId={applicant.applicationId} name={applicant.name} stages={stages} currentStageId={applicant.stage.id} size="sm" /> : null}
          <Title order={3} fz="h5">
            Answers
          </Title>
          {applicant.answers.length === 0 ? (
            <Text c="dimmed">No questions were answered.</Text>
          ) : (
            <Stack component="dl" gap="sm" m={0}>
              {applicant.answers.map((x, i) => (
                <div key={i}>
                  <Text component="dt" fw={500}>
                    {x.label}
                  </Text>
                  <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                    {x.answer || '—'}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}

function Activity({ jobId }: { jobId: string }) {
  const activity = useJobActivity(jobId);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        Activity
      </Title>
      {activity.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading activity" />
      ) : activity.isError ? (
        <Alert color="red">{errorMessage(activity.error)}</Alert>
      ) : activity.data.items.length === 0 ? (
        <Text c="dimmed">Nothing has happened yet.</Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2}>
          {activity.data.items.map((item) => (
            <Timeline.Item key={item.id} title={item.summary}>
              <Text fz="xs" c="dimmed">
                {item.by?.name ?? 'System'} · {new Date(item.at).toLocaleString()}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
