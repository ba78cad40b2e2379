import { Alert, Button, Group, Modal, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { RatingLabels, RecommendationLabels, Recommendations, type TRecommendation } from '@hireflow/contracts/interviews';
import type { TInterviewFeedback, TScorecardDraft } from '@hireflow/contracts/interviews-feedback';
import { errorMessage } from '@/lib/api-client';
import { useSaveScorecardDraft } from '../api/save-scorecard-draft';
import { useSubmitScorecard } from '../api/submit-scorecard';

/** How long the form waits after the last keystroke before it saves the draft. */
export const AutosaveDelayMs = 800;

type Choice = '1' | '2' | '3' | '4' | 'na';
type Values = {
  ratings: Record<string, { choice: Choice | null; note: string }>;
  recommendation: TRecommendation | null;
  notes: string;
  privateNotes: string;
};
type Attribute = TInterviewFeedback['attributes'][number];

const ratingChoices = (Object.entries(RatingLabels) as [string, string][]).map(([value, label]) => ({ value: value as Choice, label: `${value} · ${label}` }));

function initialValues(feedback: TInterviewFeedback): Values {
  const card = feedback.mine.scorecard;
  const ratings: Values['ratings'] = {};
  for (const a of feedback.attributes) {
    const r = card?.ratings.find((x) => x.attributeId === a.id);
    ratings[a.id] = { choice: r ? (r.rating === null ? 'na' : (String(r.rating) as Choice)) : null, note: r?.note ?? '' };
  }
  return { ratings, recommendation: card?.recommendation ?? null, notes: card?.notes ?? '', privateNotes: card?.privateNotes ?? '' };
}

/** The draft as saved: the attributes I chose a rating for (or "not assessed") or wrote a note on. */
function draftOf(values: Values, attributes: Attribute[]): TScorecardDraft {
  return {
    ratings: attributes
      .filter((a) => values.ratings[a.id]!.choice !== null || values.ratings[a.id]!.note.trim() !== '')
      .map((a) => {
        const { choice, note } = values.ratings[a.id]!;
        return { attributeId: a.id, rating: choice === null || choice === 'na' ? null : Number(choice), note };
      }),
    recommendation: values.recommendation,
    notes: values.notes,
    privateNotes: values.privateNotes,
  };
}

/**
 * My scorecard while I write it: each focus attribute rated 1-4 or "Not assessed" with a note, the overall
 * recommendation, notes and private notes. Saves the draft a moment after each change ("Saved"); Submit asks
 * to confirm, because a submitted scorecard is final.
 */
export function ScorecardForm({ feedback }: { feedback: TInterviewFeedback }) {
  const interviewId = feedback.interview.id;
  const [values, setValues] = useState<Values>(() => initialValues(feedback));
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveScorecardDraft(interviewId);
  const submit = useSubmitScorecard(interviewId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveDraft = save.mutate;

  useEffect(() => {
    if (!dirty) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setDirty(false);
      saveDraft(draftOf(values, feedback.attributes));
    }, AutosaveDelayMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [values, dirty, feedback.attributes, saveDraft]);

  const change = (next: (v: Values) => Values) => {
    setValues(next);
    setDirty(true);
    setProblems([]);
  };
  const setRating = (id: string, patch: Partial<Values['ratings'][string]>) =>
    change((v) => ({ ...v, ratings: { ...v.ratings, [id]: { ...v.ratings[id]!, ...patch } } }));

  const openConfirm = () => {
    const missing = feedback.attributes.filter((a) => values.ratings[a.id]!.choice === null).map((a) => a.name);
    const found = [
      ...(missing.length ? [`Rate every focus attribute or mark it as not assessed: ${missing.join(', ')}.`] : []),
      ...(values.recommendation ? [] : ['Choose an overall recommendation.']),
    ];
    setProblems(found);
    if (!found.length) setConfirming(true);
  };

  const confirmSubmit = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setDirty(false);
    submit.mutate(
      {
        ratings: feedback.attributes.map((a) => {
          const { choice, note } = values.ratings[a.id]!;
          return { attributeId: a.id, rating: choice === 'na' || choice === null ? null : Number(choice), note };
        }),
        recommendation: values.recommendation!,
        notes: values.notes,
        privateNotes: values.privateNotes,
      },
      { onSettled: () => setConfirming(false) },
    );
  };

  const status = dirty ? 'Unsaved changes' : save.isPending ? 'Saving…' : save.isError ? `Not saved: ${errorMessage(save.error)}` : save.isSuccess ? 'Saved' : '';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Your scorecard">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Your scorecard
          </Title>
          <Text fz="sm" c={save.isError && !dirty ? 'red.8' : 'dimmed'} role="status" aria-live="polite">
            {status}
          </Text>
        </Group>
        {feedback.attributes.length === 0 ? <Text c="dimmed">This round has no focus attributes: give your recommendation and notes.</Text> : null}
        {feedback.attributes.map((a) => (
          <Stack key={a.id} gap={6}>
            <Radio.Group label={a.name} value={values.ratings[a.id]!.choice} onChange={(choice) => setRating(a.id, { choice: choice as Choice })}>
              <Group gap="md" mt={4}>
                {ratingChoices.map((c) => (
                  <Radio key={c.value} value={c.value} label={c.label} />
                ))}
                <Radio value="na" label="Not assessed" />
              </Group>
            </Radio.Group>
            <Textarea
              aria-label={`Note on ${a.name}`}
              placeholder="What did you see? (optional)"
              autosize
              minRows={1}
              value={values.ratings[a.id]!.note}
              onChange={(e) => setRating(a.id, { note: e.currentTarget.value })}
            />
          </Stack>
        ))}
        <Radio.Group label="Overall recommendation" value={values.recommendation} onChange={(r) => change((v) => ({ ...v, recommendation: r as TRecommendation }))}>
          <Group gap="md" mt={4}>
            {Recommendations.map((r) => (
              <Radio key={r} value={r} label={RecommendationLabels[r]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea label="Notes" description="Seen by the hiring team and by the panel once they submitted theirs." autosize minRows={3} value={values.notes} onChange={(e) => { const notes = e.currentTarget.value; change((v) => ({ ...v, notes })); }} />
        <Textarea
          label="Private notes"
          description="Only you, the hiring manager, the job's owners and admins read these."
          autosize
          minRows={2}
          value={values.privateNotes}
          onChange={(e) => { const privateNotes = e.currentTarget.value; change((v) => ({ ...v, privateNotes })); }}
        />
        {problems.length ? (
          <Alert color="red" title="Not ready to submit">
            {problems.map((p) => (
              <Text key={p} fz="sm">
                {p}
              </Text>
            ))}
          </Alert>
        ) : null}
        {submit.isError ? <Alert color="red">{errorMessage(submit.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={openConfirm}>Submit scorecard</Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Submit your scorecard?">
        <Stack>
          <Text>A submitted scorecard is final: you cannot change it afterwards. You will then see the other interviewers' scorecards.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep writing
            </Button>
            <Button onClick={confirmSubmit} loading={submit.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
