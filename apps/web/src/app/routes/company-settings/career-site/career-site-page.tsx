import { Alert, Anchor, Button, Checkbox, Group, Loader, Pagination, Paper, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CareerSiteValidation, ZUpdateCareerSiteRequest, type TApplyForm, type TCareerSiteJob, type TCareerSiteSettings } from '@hireflow/contracts/careers';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { JobStatusLabels, type TJobStatus } from '@hireflow/contracts/jobs';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { useCareerSite, useCareerSiteJobs } from '@/features/jobs/api/get-career-site';
import { usePublishCareerSiteJobs, useSaveCareerSite } from '@/features/jobs/api/save-career-site';
import { fieldModeLabels } from '@/features/jobs/components/apply-form-editor';
import { errorMessage } from '@/lib/api-client';
import { firstIssueMessage } from '@/lib/zod-form';

const applyFormPath = '/company-settings/page-customization/apply-form';

/** company-settings/career-site/{page?}: the public careers page (introduction) and which jobs it lists. */
export default function CareerSiteSettingsPage() {
  const page = useParams().page === 'jobs' ? 'jobs' : 'content';
  const navigate = useNavigate();
  const settings = useCareerSite();
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Career site</Title>
      {settings.data?.publicUrl ? (
        <Text>
          Your public page:{' '}
          <Anchor href={settings.data.publicUrl} target="_blank" rel="noreferrer">
            {settings.data.publicUrl}
          </Anchor>
        </Text>
      ) : settings.data ? (
        <Alert color="yellow">Your company has no slug yet, so the career site has no address. Finish onboarding first.</Alert>
      ) : null}
      <Tabs value={page} onChange={(v) => navigate(`/company-settings/career-site/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="content">Page</Tabs.Tab>
          <Tabs.Tab value="jobs">Listed jobs</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {page === 'jobs' ? (
        <ListedJobs />
      ) : settings.isPending ? (
        <Loader role="progressbar" aria-label="Loading the career site" />
      ) : settings.isError ? (
        <Alert color="red">{errorMessage(settings.error)}</Alert>
      ) : (
        <>
          <IntroForm settings={settings.data} />
          <ApplyFormSummary applyForm={settings.data.applyForm} />
        </>
      )}
    </Stack>
  );
}

function IntroForm({ settings }: { settings: TCareerSiteSettings }) {
  const [intro, setIntro] = useState(settings.intro);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveCareerSite({ onSuccess: () => setSaved(true) });
  const submit = () => {
    const parsed = ZUpdateCareerSiteRequest.safeParse({ intro });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {problem || save.isError ? <Alert color="red">{problem ?? errorMessage(save.error)}</Alert> : null}
        {saved ? <Alert color="green">Saved. The public page shows it now.</Alert> : null}
        <Textarea
          label="Introduction"
          description="Shown above the job list. Leave a blank line between paragraphs."
          autosize
          minRows={4}
          maxLength={CareerSiteValidation.maxIntroLength}
          value={intro}
          onChange={(e) => {
            setIntro(e.currentTarget.value);
            setSaved(false);
          }}
        />
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            Save career site
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What the apply form asks; it is edited under page-customization, behind its own access right. */
function ApplyFormSummary({ applyForm }: { applyForm: TApplyForm }) {
  const matrix = useAccessMatrix();
  const mayEdit = matrix.data?.rights.includes(CompanySettingsPages['page-customization']) ?? false;
  const questions = applyForm.questions.length;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="xs">
        Apply form
      </Title>
      <Text fz="sm">
        Name and email · Phone: {fieldModeLabels[applyForm.phone].toLowerCase()} · Resume: {fieldModeLabels[applyForm.resume].toLowerCase()} · {questions === 1 ? '1 question' : `${questions} questions`}
      </Text>
      {mayEdit ? (
        <Anchor component={Link} to={applyFormPath} fz="sm">
          Edit the apply form in Page customization
        </Anchor>
      ) : (
        <Text fz="sm" c="dimmed">
          The apply form is edited in Page customization by someone with that access right.
        </Text>
      )}
    </Paper>
  );
}

function ListedJobs() {
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [page, setPage] = useState(1);
  // Checkbox changes not saved yet, by job id: they survive paging and searching.
  const [changes, setChanges] = useState<Map<string, boolean>>(() => new Map());
  const [saved, setSaved] = useState(false);
  const jobs = useCareerSiteJobs({ params: { page, q: debouncedQ } });
  const publish = usePublishCareerSiteJobs({
    onSuccess: () => {
      setChanges(new Map());
      setSaved(true);
    },
  });
  const toggle = (job: TCareerSiteJob, on: boolean) => {
    const next = new Map(changes);
    if (on === job.published) next.delete(job.id);
    else next.set(job.id, on);
    setChanges(next);
    setSaved(false);
  };
  const save = () => {
    const entries = [...changes];
    publish.mutate({ published: entries.filter(([, on]) => on).map(([id]) => id), unpublished: entries.filter(([, on]) => !on).map(([id]) => id) });
  };
  const pages = jobs.data ? Math.ceil(jobs.data.total / jobs.data.pageSize) : 0;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fz="sm" c="dimmed">
          Listed jobs appear on the public page and in its job feed while they are open.
        </Text>
        <TextInput
          label="Search jobs"
          placeholder="Job title"
          maxLength={CareerSiteValidation.maxSearchLength}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        {publish.isError ? <Alert color="red">{errorMessage(publish.error)}</Alert> : null}
        {saved ? <Alert color="green">Saved.</Alert> : null}
        {jobs.isPending ? (
          <Loader role="progressbar" aria-label="Loading jobs" />
        ) : jobs.isError ? (
          <Alert color="red">{errorMessage(jobs.error)}</Alert>
        ) : jobs.data.items.length === 0 ? (
          <Text>{debouncedQ ? 'No job title matches this search.' : 'There are no jobs to list yet.'}</Text>
        ) : (
          <>
            <Text fz="sm" role="status">
              {jobs.data.total === 1 ? '1 job' : `${jobs.data.total} jobs`}
            </Text>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Listed</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td>
                      <Checkbox aria-label={`List ${j.title}`} checked={changes.get(j.id) ?? j.published} onChange={(e) => toggle(j, e.currentTarget.checked)} />
                    </Table.Td>
                    <Table.Td>{j.title}</Table.Td>
                    <Table.Td>{j.location || '—'}</Table.Td>
                    <Table.Td>{JobStatusLabels[j.status as TJobStatus] ?? j.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Job pages" /> : null}
          </>
        )}
        <Group>
          <Button loading={publish.isPending} disabled={changes.size === 0} onClick={save}>
            Save listed jobs
          </Button>
          {changes.size > 0 ? (
            <Text fz="sm" c="dimmed">
              {changes.size === 1 ? '1 unsaved change' : `${changes.size} unsaved changes`}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
