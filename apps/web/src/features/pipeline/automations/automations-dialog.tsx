import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import {
  Automations,
  AutomationMessages,
  Pipeline,
  StageAutomationActions,
  StageAutomationLabels,
  type TStageAutomationAction,
  type TStageAutomations,
} from '@hireflow/contracts/pipeline';
import { useMailTemplates } from '@/features/mail/api/mail-templates';
import { errorMessage } from '@/lib/api-client';
import { useSaveStageAutomations } from '../api/stage-automations';

type Unit = 'now' | 'hours' | 'days';
type Draft = { key: string; action: TStageAutomationAction; templateId: string | null; unit: Unit; amount: number };

const MinutesPer: Record<Exclude<Unit, 'now'>, number> = { hours: 60, days: 24 * 60 };
const Units = [
  { value: 'now', label: 'At once' },
  { value: 'hours', label: 'After some hours' },
  { value: 'days', label: 'After some days' },
];
let nextKey = 0;

/** 0 is "at once"; whole days show as days, anything else as hours (rounded up). A deleted template must be chosen again. */
function draftOf(a: { action: TStageAutomationAction; templateId: string | null; templateName: string; delayMinutes: number }): Draft {
  const base = { key: String(nextKey++), action: a.action, templateId: a.templateId && a.templateName ? a.templateId : null };
  if (a.delayMinutes === 0) return { ...base, unit: 'now', amount: 1 };
  if (a.delayMinutes % MinutesPer.days === 0) return { ...base, unit: 'days', amount: a.delayMinutes / MinutesPer.days };
  return { ...base, unit: 'hours', amount: Math.ceil(a.delayMinutes / MinutesPer.hours) };
}
const minutesOf = (d: Draft) => (d.unit === 'now' ? 0 : d.amount * MinutesPer[d.unit]);

export function describeDelay(minutes: number) {
  if (minutes === 0) return 'at once';
  if (minutes % MinutesPer.days === 0) return `after ${minutes / MinutesPer.days} day${minutes === MinutesPer.days ? '' : 's'}`;
  const hours = Math.ceil(minutes / MinutesPer.hours);
  return `after ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * The automations of one workflow stage: what happens when an applicant enters a stage of this name on
 * any job. Each action runs at once or after a delay, and is dropped if the applicant has left the stage by then.
 */
export function AutomationsDialog({ stage, onClose }: { stage: TStageAutomations | null; onClose: () => void }) {
  return (
    <Modal opened={!!stage} onClose={onClose} title={stage ? `Automations of “${stage.name}”` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {stage && <AutomationsForm key={stage.stageId} stage={stage} onDone={onClose} />}
    </Modal>
  );
}

function AutomationsForm({ stage, onDone }: { stage: TStageAutomations; onDone: () => void }) {
  const templates = useMailTemplates('pipeline');
  const save = useSaveStageAutomations();
  const [drafts, setDrafts] = useState<Draft[]>(() => stage.automations.map(draftOf));
  const [tried, setTried] = useState(false);
  const change = (key: string, patch: Partial<Draft>) => setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const templateOptions = (templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));
  const maxAmount = (unit: Unit) => (unit === 'days' ? Pipeline.maxDelayMinutes / MinutesPer.days : Pipeline.maxDelayMinutes / MinutesPer.hours);
  const problems = drafts.map((d) => ({
    template: d.action === 'send_candidate_mail' && !d.templateId ? AutomationMessages.templateRequired : undefined,
    amount: d.unit !== 'now' && (!Number.isInteger(d.amount) || d.amount < 1 || d.amount > maxAmount(d.unit)) ? `Enter 1 to ${maxAmount(d.unit)} (at most 14 days).` : undefined,
  }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.some((p) => p.template || p.amount)) return;
    const body = { automations: drafts.map((d) => ({ action: d.action, templateId: d.action === 'send_candidate_mail' ? d.templateId : null, delayMinutes: minutesOf(d) })) };
    save.mutate({ stageId: stage.stageId, body }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          When an applicant enters “{stage.name}” on any job whose stage has this name, Hireflow does the following. An action that waits is dropped if the applicant has left the stage by then.
        </Text>
        {drafts.length === 0 && <Text>No automations for this stage yet.</Text>}
        {drafts.map((d, i) => {
          const n = i + 1;
          return (
            <Paper key={d.key} withBorder p="sm" radius="md" component="fieldset" aria-label={`Action ${n}`} style={{ margin: 0 }}>
              <Stack gap="xs">
                <Group align="end" wrap="nowrap">
                  <Select
                    label={`Action ${n}`}
                    data={StageAutomationActions.map((a) => ({ value: a, label: StageAutomationLabels[a] }))}
                    value={d.action}
                    allowDeselect={false}
                    onChange={(v) => v && change(d.key, { action: v as TStageAutomationAction })}
                    style={{ flex: 1 }}
                  />
                  <Button variant="subtle" color="red" aria-label={`Remove action ${n}`} onClick={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}>
                    Remove
                  </Button>
                </Group>
                {d.action === 'send_candidate_mail' &&
                  (templates.isError ? (
                    <Alert color="red">The mail templates could not be loaded: {errorMessage(templates.error)}</Alert>
                  ) : templates.isSuccess && templateOptions.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      There is no pipeline mail template yet: add one under Company settings, Templates.
                    </Text>
                  ) : (
                    <Select
                      label={`Template of action ${n}`}
                      required
                      placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
                      data={templateOptions}
                      value={d.templateId}
                      onChange={(v) => change(d.key, { templateId: v })}
                      searchable
                      error={tried ? problems[i]!.template : undefined}
                    />
                  ))}
                {d.action === 'request_scorecards' && (
                  <Text size="sm" c="dimmed">
                    Mails the job’s interviewers and hiring manager, asking for their feedback on the applicant.
                  </Text>
                )}
                {d.action === 'notify_hiring_manager' && (
                  <Text size="sm" c="dimmed">
                    Mails the job’s hiring manager who entered this stage, with a link to the application.
                  </Text>
                )}
                <Group align="start" wrap="nowrap">
                  <Select label={`When (action ${n})`} data={Units} value={d.unit} allowDeselect={false} onChange={(v) => v && change(d.key, { unit: v as Unit })} w={200} />
                  {d.unit !== 'now' && (
                    <NumberInput
                      label={d.unit === 'hours' ? `Hours (action ${n})` : `Days (action ${n})`}
                      min={1}
                      max={maxAmount(d.unit)}
                      allowDecimal={false}
                      allowNegative={false}
                      value={d.amount}
                      onChange={(v) => change(d.key, { amount: typeof v === 'number' ? v : Number(v) || 0 })}
                      error={tried ? problems[i]!.amount : undefined}
                      w={140}
                    />
                  )}
                </Group>
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button variant="default" disabled={drafts.length >= Automations.maxPerStage} onClick={() => setDrafts((list) => [...list, { key: String(nextKey++), action: 'send_candidate_mail', templateId: null, unit: 'now', amount: 1 }])}>
            Add an action
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save automations
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
