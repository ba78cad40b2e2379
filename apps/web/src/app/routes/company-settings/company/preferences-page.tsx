import { ActionIcon, Alert, Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { JobValidation, StageKinds, ZUpdateWorkflowTemplateRequest, type TStage, type TStageKind } from '@hireflow/contracts/jobs';
import type { TStageAutomations } from '@hireflow/contracts/pipeline';
import { useWorkflowTemplate } from '@/features/jobs/api/get-workflow-template';
import { useSaveWorkflowTemplate } from '@/features/jobs/api/save-workflow-template';
import { stageAutomationsKey, useStageAutomations } from '@/features/pipeline/api/stage-automations';
import { errorMessage } from '@/lib/api-client';
import { DefaultInterviewPlan } from '@/features/interviews/plans/default-interview-plan';
import { useCompanyPreferences } from '@/features/company/api/company-preferences';
import { CompanyPreferencesForm, type RetentionImpactSlot } from '@/features/company/components/company-preferences-form';
import { RetentionImpact } from '@/features/privacy/retention/retention-impact';

// The retention runs' table loads beside the form, and the automations editor when an admin opens it, so the page
// itself stays light.
const RetentionRuns = lazy(() => import('@/features/privacy/retention/retention-runs').then((m) => ({ default: m.RetentionRuns })));
const AutomationsDialog = lazy(() => import('@/features/pipeline/automations/automations-dialog').then((m) => ({ default: m.AutomationsDialog })));

type Draft = { id?: string; name: string; kind: TStageKind; key: string };
let nextKey = 0;
const kindLabels: Record<TStageKind, string> = { screening: 'Screening', interview: 'Interview', offer: 'Offer', hired: 'Hired', rejected: 'Rejected' };

/**
 * company-settings/preferences: the company's dates, time and candidate data retention (with who a change would
 * affect, and the log of the daily retention runs), and the workflow template (ordered stages) that every new job copies.
 */
export default function PreferencesPage() {
  const template = useWorkflowTemplate();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Preferences</Title>
      <CompanyDefaults />
      <Suspense fallback={<Loader role="progressbar" aria-label="Loading the retention runs" />}>
        <RetentionRuns />
      </Suspense>
      <Text c="dimmed">The hiring workflow new jobs start with. Jobs that already exist keep their stages.</Text>
      {template.isPending ? <Loader role="progressbar" aria-label="Loading the workflow" /> : template.isError ? <Alert color="red">{errorMessage(template.error)}</Alert> : <StagesEditor stages={template.data.stages} />}
      <DefaultInterviewPlan />
    </Stack>
  );
}

function CompanyDefaults() {
  const preferences = useCompanyPreferences();
  if (preferences.isPending) return <Loader role="progressbar" aria-label="Loading the company preferences" />;
  if (preferences.isError)
    return (
      <Alert color="red" role="alert">
        The company preferences could not be loaded: {errorMessage(preferences.error)}
      </Alert>
    );
  return <CompanyPreferencesForm preferences={preferences.data} retentionImpact={retentionImpact} />;
}

const retentionImpact: RetentionImpactSlot = (props) => <RetentionImpact {...props} />;

function StagesEditor({ stages }: { stages: TStage[] }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => stages.map((s) => ({ id: s.id, name: s.name, kind: s.kind, key: String(nextKey++) })));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const client = useQueryClient();
  // New stages get their ids on save: the automations list then knows them too.
  const save = useSaveWorkflowTemplate({
    onSuccess: () => {
      setSaved(true);
      void client.invalidateQueries({ queryKey: stageAutomationsKey });
    },
  });
  const automations = useStageAutomations();
  const [editing, setEditing] = useState<TStageAutomations | null>(null);
  const automationsOf = (id?: string) => automations.data?.stages.find((s) => s.stageId === id);
  const update = (next: Draft[]) => {
    setDrafts(next);
    setSaved(false);
  };
  const submit = () => {
    const body = { stages: drafts.map(({ id, name, kind }) => ({ ...(id ? { id } : {}), name, kind })) };
    const parsed = ZUpdateWorkflowTemplateRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(issue.path.length > 2 ? `Stage ${Number(issue.path[1]) + 1} ${String(issue.path[2])}: ${issue.message}` : `Stages: ${issue.message}`);
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        Workflow stages
      </Title>
      {problem || save.isError ? (
        <Alert color="red" mb="sm">
          {problem ?? errorMessage(save.error)}
        </Alert>
      ) : null}
      {saved ? (
        <Alert color="green" mb="sm">
          Saved. New jobs use these stages.
        </Alert>
      ) : null}
      {automations.isError ? (
        <Alert color="red" mb="sm">
          The stage automations could not be loaded: {errorMessage(automations.error)}
        </Alert>
      ) : null}
      <Stack gap="xs">
        {drafts.map((d, i) => (
          <Group key={d.key} align="end" wrap="nowrap">
            <TextInput label={`Stage ${i + 1} name`} value={d.name} maxLength={JobValidation.maxStageNameLength} onChange={(e) => update(drafts.map((x) => (x.key === d.key ? { ...x, name: e.currentTarget.value } : x)))} style={{ flex: 1 }} />
            <Select label={`Stage ${i + 1} kind`} data={StageKinds.map((k) => ({ value: k, label: kindLabels[k] }))} value={d.kind} allowDeselect={false} onChange={(v) => update(drafts.map((x) => (x.key === d.key ? { ...x, kind: (v as TStageKind) ?? x.kind } : x)))} w={150} />
            <AutomationsButton stage={automationsOf(d.id)} loading={automations.isPending} position={i + 1} onOpen={setEditing} />
            <ActionIcon variant="subtle" size="lg" aria-label={`Move stage ${i + 1} up`} disabled={i === 0} onClick={() => update(swap(drafts, i, i - 1))}>
              ↑
            </ActionIcon>
            <ActionIcon variant="subtle" size="lg" aria-label={`Move stage ${i + 1} down`} disabled={i === drafts.length - 1} onClick={() => update(swap(drafts, i, i + 1))}>
              ↓
            </ActionIcon>
            <ActionIcon variant="subtle" size="lg" color="red" aria-label={`Remove stage ${i + 1}`} onClick={() => update(drafts.filter((x) => x.key !== d.key))}>
              ×
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group mt="md">
        <Button variant="default" disabled={drafts.length >= JobValidation.maxStages} onClick={() => update([...drafts.slice(0, -2), { name: '', kind: 'interview', key: String(nextKey++) }, ...drafts.slice(-2)])}>
          Add a stage
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save workflow
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        ⚡ Automations run when an applicant enters a stage of the same name and kind on any job (a mail to the candidate, the hiring manager or the hiring team), at once or
        after a delay.
      </Text>
      {editing ? (
        <Suspense fallback={<Loader role="progressbar" aria-label="Loading the automations" />}>
          <AutomationsDialog stage={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

/** A stage's automations: the count, and the dialog that edits them (saved stages only). */
function AutomationsButton({ stage, loading, position, onOpen }: { stage: TStageAutomations | undefined; loading: boolean; position: number; onOpen: (stage: TStageAutomations) => void }) {
  const count = stage?.automations.length ?? 0;
  // The name starts with what the button shows (the count) after its subject, for speech input and screen readers alike.
  const label = stage ? `Automations of stage ${position}: ${count}` : loading ? `Automations of stage ${position}: loading` : `Automations of stage ${position}: save the workflow first`;
  return (
    <Button variant={count ? 'light' : 'subtle'} size="sm" px="xs" aria-label={label} title={label} disabled={!stage} onClick={() => stage && onOpen(stage)} leftSection={<span aria-hidden="true">⚡</span>}>
      {stage ? count : '–'}
    </Button>
  );
}

function swap<T>(list: T[], a: number, b: number): T[] {
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}
