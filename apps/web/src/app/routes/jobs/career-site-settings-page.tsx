import { ActionIcon, Alert, Anchor, Button, Checkbox, Group, Loader, Paper, SegmentedControl, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CareerSiteValidation, FieldModes, ZUpdateCareerSiteRequest, type TApplyQuestion, type TCareerSiteJob, type TCareerSiteSettings, type TFieldMode } from '@hireflow/contracts/careers';
import { JobStatusLabels, type TJobStatus } from '@hireflow/contracts/jobs';
import { useCareerSite, useCareerSiteJobs } from '@/features/jobs/api/get-career-site';
import { usePublishCareerSiteJobs, useSaveCareerSite } from '@/features/jobs/api/save-career-site';
import { errorMessage } from '@/lib/api-client';

const modeLabels: Record<TFieldMode, string> = { required: 'Required', optional: 'Optional', hidden: 'Hidden' };
const slugOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 30) || 'question';

/** company-settings/career-site/{page?}: the public careers page (content and apply form) and which jobs it lists. */
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
          <Tabs.Tab value="content">Page and apply form</Tabs.Tab>
          <Tabs.Tab value="jobs">Listed jobs</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {page === 'jobs' ? (
        <ListedJobs />
      ) : settings.isPending ? (
        <Loader aria-label="Loading the career site" />
      ) : settings.isError ? (
        <Alert color="red">{errorMessage(settings.error)}</Alert>
      ) : (
        <ContentForm settings={settings.data} />
      )}
    </Stack>
  );
}

function ContentForm({ settings }: { settings: TCareerSiteSettings }) {
  const [intro, setIntro] = useState(settings.intro);
  const [phone, setPhone] = useState<TFieldMode>(settings.applyForm.phone);
  const [resume, setResume] = useState<TFieldMode>(settings.applyForm.resume);
  const [questions, setQuestions] = useState<TApplyQuestion[]>(settings.applyForm.questions);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveCareerSite({ onSuccess: () => setSaved(true) });
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setSaved(false);
  };
  const submit = () => {
    const parsed = ZUpdateCareerSiteRequest.safeParse({ intro, applyForm: { phone, resume, questions } });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(`${issue.path.join('.')}: ${issue.message}`);
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
        <Textarea label="Introduction" description="Shown above the job list. Leave a blank line between paragraphs." autosize minRows={4} maxLength={CareerSiteValidation.maxIntroLength} value={intro} onChange={(e) => changed(setIntro)(e.currentTarget.value)} />
        <Title order={2} fz="h4">
          Apply form
        </Title>
        <Text fz="sm" c="dimmed">
          Name and email are always asked.
        </Text>
        <Group>
          <Stack gap={4}>
            <Text fw={500} id="phone-mode">
              Phone
            </Text>
            <SegmentedControl aria-labelledby="phone-mode" data={FieldModes.map((m) => ({ value: m, label: modeLabels[m] }))} value={phone} onChange={(v) => changed(setPhone)(v as TFieldMode)} />
          </Stack>
          <Stack gap={4}>
            <Text fw={500} id="resume-mode">
              Resume upload
            </Text>
            <SegmentedControl aria-labelledby="resume-mode" data={FieldModes.map((m) => ({ value: m, label: modeLabels[m] }))} value={resume} onChange={(v) => changed(setResume)(v as TFieldMode)} />
          </Stack>
        </Group>
        <Text fw={500}>Questions</Text>
        {questions.map((q, i) => (
          <Group key={i} align="end" wrap="nowrap">
            <TextInput label={`Question ${i + 1}`} value={q.label} maxLength={CareerSiteValidation.maxQuestionLength} style={{ flex: 1 }} onChange={(e) => changed(setQuestions)(questions.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value, id: x.id || slugOf(e.currentTarget.value) } : x)))} />
            <Checkbox label="Required" mb={8} checked={q.required} onChange={(e) => changed(setQuestions)(questions.map((x, j) => (j === i ? { ...x, required: e.currentTarget.checked } : x)))} />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove question ${i + 1}`} onClick={() => changed(setQuestions)(questions.filter((_, j) => j !== i))}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            disabled={questions.length >= CareerSiteValidation.maxQuestions}
            onClick={() => changed(setQuestions)([...questions, { id: `q${Date.now().toString(36).slice(-6)}`, label: '', required: false }])}
          >
            Add a question
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save career site
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ListedJobs() {
  const jobs = useCareerSiteJobs();
  if (jobs.isPending) return <Loader aria-label="Loading jobs" />;
  if (jobs.isError) return <Alert color="red">{errorMessage(jobs.error)}</Alert>;
  if (jobs.data.items.length === 0) return <Text>There are no jobs to list yet.</Text>;
  return <ListedJobsForm jobs={jobs.data.items} />;
}

function ListedJobsForm({ jobs }: { jobs: TCareerSiteJob[] }) {
  const [listed, setListed] = useState(() => new Set(jobs.filter((j) => j.published).map((j) => j.id)));
  const [saved, setSaved] = useState(false);
  const publish = usePublishCareerSiteJobs({ onSuccess: () => setSaved(true) });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(listed);
    if (on) next.add(id);
    else next.delete(id);
    setListed(next);
    setSaved(false);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Text fz="sm" c="dimmed" mb="sm">
        Listed jobs appear on the public page and in its job feed while they are open.
      </Text>
      {publish.isError ? <Alert color="red">{errorMessage(publish.error)}</Alert> : null}
      {saved ? <Alert color="green">Saved.</Alert> : null}
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
          {jobs.map((j) => (
            <Table.Tr key={j.id}>
              <Table.Td>
                <Checkbox aria-label={`List ${j.title}`} checked={listed.has(j.id)} onChange={(e) => toggle(j.id, e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>{j.title}</Table.Td>
              <Table.Td>{j.location || '—'}</Table.Td>
              <Table.Td>{JobStatusLabels[j.status as TJobStatus] ?? j.status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button
        mt="md"
        loading={publish.isPending}
        onClick={() => publish.mutate({ published: jobs.filter((j) => listed.has(j.id)).map((j) => j.id), unpublished: jobs.filter((j) => !listed.has(j.id)).map((j) => j.id) })}
      >
        Save listed jobs
      </Button>
    </Paper>
  );
}
