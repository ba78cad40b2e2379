import { Alert, Anchor, Button, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { JobSorts, JobStatusLabels, JobStatuses, type TJobScope, type TJobStatus } from '@hireflow/contracts/jobs';
import { type TUserRef } from '@hireflow/contracts/common';
import { Paths } from '@hireflow/contracts/routes';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { useRequisitionOptions } from '@/features/jobs/api/get-requisition-options';
import { JobStatusBadge } from '@/features/jobs/components/job-status-badge';
import { PipelineCounts } from '@/features/jobs/components/pipeline-counts';
import { UserPicker } from '@/features/jobs/components/user-picker';
import { canCreateJobDirectly } from '@/features/jobs/utils/job-access';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { loadChunk } from '@/app/routes/lazy-page';

// The form brings the rich-text editor; load it when someone opens it, not with the list.
const CreateJobModal = lazy(() => loadChunk(() => import('@/features/jobs/components/create-job-modal')).then((m) => ({ default: m.CreateJobModal })));

const sortLabels: Record<(typeof JobSorts)[number], string> = { newest: 'Newest first', oldest: 'Oldest first', title: 'Title A–Z', applicants: 'Most applicants' };

/** /jobs/mine and /jobs/all: search, filters, sort and paging happen in the API. */
export default function JobsListPage() {
  const scope: TJobScope = useLocation().pathname.startsWith(Paths.jobsAll) ? 'all' : 'mine';
  const { user } = useSession();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [businessUnitId, setBusinessUnitId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [recruiter, setRecruiter] = useState<TUserRef | null>(null);
  const [sort, setSort] = useState<(typeof JobSorts)[number]>('newest');
  const [page, setPage] = useState(1);
  const options = useRequisitionOptions();
  const jobs = useJobs({
    scope,
    q: debouncedQ,
    status: (status as TJobStatus | null) ?? undefined,
    departmentId: departmentId ?? undefined,
    businessUnitId: businessUnitId ?? undefined,
    locationId: locationId ?? undefined,
    recruiterId: recruiter?.id,
    sort,
    page,
  });
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const named = (rows?: { id: string; name: string }[]) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total / jobs.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{scope === 'all' ? 'All jobs' : 'My jobs'}</Title>
        <Group>
          <Button component={Link} to={Paths.vacancyApprovalAll} variant="default">
            Vacancy approvals
          </Button>
          {user && (user.role !== 'employee' || user.superUser) ? (
            <Button component={Link} to={scope === 'all' ? Paths.jobsMine : Paths.jobsAll} variant="default">
              {scope === 'all' ? 'My jobs' : 'All jobs'}
            </Button>
          ) : null}
          {user?.addlRoles.includes('HM') ? (
            <Button component={Link} to={Paths.createRequisition}>
              Request a position
            </Button>
          ) : null}
          {canCreateJobDirectly(user) ? <Button onClick={() => setCreating(true)}>New job</Button> : null}
        </Group>
      </Group>
      {creating ? (
        <Suspense fallback={null}>
          <CreateJobModal opened onClose={() => setCreating(false)} onCreated={(job) => navigate(`/job/${job.id}`)} />
        </Suspense>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Group align="end" gap="sm">
          <TextInput label="Search titles" value={q} onChange={(e) => reset(setQ)(e.currentTarget.value)} w={220} />
          <Select label="Status" clearable data={JobStatuses.map((s) => ({ value: s, label: JobStatusLabels[s] }))} value={status} onChange={reset(setStatus)} w={170} />
          <Select label="Department" clearable searchable data={named(options.data?.departments)} value={departmentId} onChange={reset(setDepartmentId)} w={170} />
          <Select label="Business unit" clearable searchable data={named(options.data?.businessUnits)} value={businessUnitId} onChange={reset(setBusinessUnitId)} w={170} />
          <Select label="Location" clearable searchable data={named(options.data?.locations)} value={locationId} onChange={reset(setLocationId)} w={150} />
          <div style={{ width: 260 }}>
            <UserPicker label="Recruiter" value={recruiter} onChange={reset(setRecruiter)} />
          </div>
          <Select label="Sort" data={JobSorts.map((s) => ({ value: s, label: sortLabels[s] }))} value={sort} onChange={(v) => reset(setSort)((v as typeof sort) ?? 'newest')} allowDeselect={false} w={160} />
        </Group>
      </Paper>
      {jobs.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading jobs" />
        </Group>
      ) : jobs.isError ? (
        <Alert color="red" title="Jobs could not be loaded">
          {errorMessage(jobs.error)}
        </Alert>
      ) : jobs.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{scope === 'mine' ? 'You are not on the hiring team of any job that matches.' : 'No job matches these filters.'}</Text>
        </Paper>
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            {jobs.data.total} {jobs.data.total === 1 ? 'job' : 'jobs'}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Department</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Recruiters</Table.Th>
                  <Table.Th>Applicants</Table.Th>
                  <Table.Th>Pipeline</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((job) => (
                  <Table.Tr key={job.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/job/${job.id}`} fw={500}>
                        {job.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <JobStatusBadge status={job.status} />
                    </Table.Td>
                    <Table.Td>{job.department?.name ?? '—'}</Table.Td>
                    <Table.Td>{job.location?.name ?? '—'}</Table.Td>
                    <Table.Td>{job.recruiters.map((r) => r.name).join(', ') || '—'}</Table.Td>
                    <Table.Td>{job.applicantCount}</Table.Td>
                    <Table.Td>
                      <PipelineCounts pipeline={job.pipeline} compact />
                    </Table.Td>
                    <Table.Td>{new Date(job.createdAt).toLocaleDateString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}
        </>
      )}
    </Stack>
  );
}
