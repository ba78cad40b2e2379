import { ActionIcon, Alert, Badge, Button, Group, MultiSelect, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { InterviewLimits, type TInterviewPlan, type TInterviewPlanInput } from '@hireflow/contracts/interviews';
import type { TUserRef } from '@hireflow/contracts/common';
import { TeamPicker } from '@/features/jobs/components/team-picker';
import { useInterviewAttributes } from '../api/interview-attributes';
import { errorMessage } from '@/lib/api-client';

type DraftRound = { key: string; id?: string; name: string; durationMinutes: number | string; interviewers: TUserRef[]; attributeIds: string[] };

let keys = 0;
const nextKey = () => `round-${++keys}`;
const draftOf = (plan: TInterviewPlan): DraftRound[] =>
  plan.rounds.map((r) => ({
    key: r.id,
    id: r.id,
    name: r.name,
    durationMinutes: r.durationMinutes,
    interviewers: r.interviewers.map((u) => ({ id: u.id, name: u.name, email: '' })),
    attributeIds: r.attributes.map((a) => a.id),
  }));

export const inputOf = (rounds: DraftRound[]): TInterviewPlanInput => ({
  rounds: rounds.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: r.name.trim(),
    durationMinutes: Number(r.durationMinutes) || 0,
    interviewerIds: r.interviewers.map((u) => u.id),
    attributeIds: r.attributeIds,
  })),
});

/** A plan as text, for those who only read it. */
export function PlanView({ plan }: { plan: TInterviewPlan }) {
  if (!plan.rounds.length) return <Text c="dimmed">No interview rounds yet.</Text>;
  return (
    <ol aria-label="Interview rounds" style={{ margin: 0, paddingLeft: 20 }}>
      {plan.rounds.map((r) => (
        <li key={r.id}>
          <Text fw={500} span>
            {r.name}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {r.durationMinutes} min{r.interviewers.length ? ` · ${r.interviewers.map((u) => u.name).join(', ')}` : ''}
          </Text>
          {r.attributes.length ? (
            <Group gap={4} mt={2}>
              {r.attributes.map((a) => (
                <Badge key={a.id} variant="light" size="sm">
                  {a.name}
                </Badge>
              ))}
            </Group>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The ordered rounds of an interview plan: name, duration, interviewers and focus attributes each; add,
 * remove and move rounds with buttons (keyboard-friendly), then save the whole plan.
 */
export function PlanEditor({ plan, onSave, saving, error, saveLabel = 'Save plan' }: { plan: TInterviewPlan; onSave: (input: TInterviewPlanInput) => Promise<unknown>; saving: boolean; error: unknown; saveLabel?: string }) {
  const [rounds, setRounds] = useState<DraftRound[]>(() => draftOf(plan));
  const [status, setStatus] = useState('');
  const attributes = useInterviewAttributes();
  const library = attributes.data?.items ?? [];
  const set = (key: string, patch: Partial<DraftRound>) => setRounds((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rounds];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setRounds(next);
    setStatus(`${moved!.name || 'Round'} moved ${by < 0 ? 'up' : 'down'} to position ${index + by + 1}.`);
    // Keep the keyboard on the round that moved.
    requestAnimationFrame(() => document.getElementById(`${moved!.key}-${by < 0 ? 'up' : 'down'}`)?.focus());
  };
  const add = () => {
    const key = nextKey();
    setRounds([...rounds, { key, name: '', durationMinutes: 60, interviewers: [], attributeIds: [] }]);
    requestAnimationFrame(() => document.getElementById(`${key}-name`)?.focus());
  };
  const remove = (index: number) => {
    setStatus(`${rounds[index]!.name || 'Round'} removed.`);
    setRounds(rounds.filter((_r, i) => i !== index));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const saved = (await onSave(inputOf(rounds))) as TInterviewPlan;
      setRounds(draftOf(saved));
      setStatus('Interview plan saved.');
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Interview plan" noValidate>
      <Stack gap="sm">
        {rounds.length === 0 ? <Text c="dimmed">No rounds yet: add the first one.</Text> : null}
        {rounds.map((r, i) => {
          const label = r.name.trim() || `Round ${i + 1}`;
          const options = library.filter((a) => a.active || r.attributeIds.includes(a.id)).map((a) => ({ value: a.id, label: a.active ? a.name : `${a.name} (inactive)` }));
          return (
            <Paper key={r.key} withBorder p="sm" radius="md" role="group" aria-label={`Round ${i + 1}: ${label}`}>
              <Group justify="space-between" mb="xs">
                <Title order={3} fz="h6">
                  Round {i + 1}
                </Title>
                <Group gap={4}>
                  <ActionIcon id={`${r.key}-up`} variant="subtle" aria-label={`Move ${label} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </ActionIcon>
                  <ActionIcon id={`${r.key}-down`} variant="subtle" aria-label={`Move ${label} down`} disabled={i === rounds.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </ActionIcon>
                  <Button size="compact-sm" variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={() => remove(i)}>
                    Remove
                  </Button>
                </Group>
              </Group>
              <Group align="flex-start" grow>
                <TextInput id={`${r.key}-name`} label="Round name" required maxLength={80} value={r.name} onChange={(e) => set(r.key, { name: e.currentTarget.value })} />
                <NumberInput
                  label="Duration (minutes)"
                  min={InterviewLimits.minDurationMinutes}
                  max={InterviewLimits.maxDurationMinutes}
                  step={15}
                  value={r.durationMinutes}
                  onChange={(v) => set(r.key, { durationMinutes: v })}
                />
              </Group>
              <TeamPicker label="Interviewers" max={InterviewLimits.maxInterviewers} value={r.interviewers} onChange={(interviewers) => set(r.key, { interviewers })} />
              <MultiSelect
                label="Focus attributes"
                description="What this round's scorecard rates"
                placeholder={r.attributeIds.length ? undefined : attributes.isPending ? 'Loading attributes…' : 'Pick attributes'}
                data={options}
                value={r.attributeIds}
                maxValues={InterviewLimits.maxAttributesPerRound}
                searchable
                nothingFoundMessage="No such attribute in your library"
                onChange={(attributeIds) => set(r.key, { attributeIds })}
              />
            </Paper>
          );
        })}
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {status}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="light" onClick={add} disabled={rounds.length >= InterviewLimits.maxRounds}>
            Add round
          </Button>
          <Button type="submit" loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
