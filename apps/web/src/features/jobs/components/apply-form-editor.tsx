import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CareerSiteValidation, FieldModes, ZUpdateApplyFormRequest, type TApplyForm, type TApplyQuestion, type TFieldMode } from '@hireflow/contracts/careers';
import { ScreeningQuestionTypeLabels, type TScreeningQuestion } from '@hireflow/contracts/candidates-questions';
import { useSaveApplyForm } from '../api/save-apply-form';
import { errorMessage } from '@/lib/api-client';
import { firstIssueMessage } from '@/lib/zod-form';

export const fieldModeLabels: Record<TFieldMode, string> = { required: 'Required', optional: 'Optional', hidden: 'Hidden' };
const slugOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 30) || 'question';

// Loaded when the admin opens it: the search picker is not part of the page's first download.
const QuestionBankPicker = lazy(() => import('@/features/candidates/questions/question-bank-picker').then((m) => ({ default: m.QuestionBankPicker })));

/** A bank question as the form stores it: its text, type and options as they are now, under an id the form has not used. */
export function formQuestionFromBank(question: TScreeningQuestion, taken: TApplyQuestion[]): TApplyQuestion {
  const base = slugOf(question.text).slice(0, 26).replace(/-$/, '');
  let id = base;
  for (let n = 2; taken.some((q) => q.id === id); n++) id = `${base}-${n}`;
  return { id, label: question.text, required: false, type: question.type, ...(question.type === 'single_choice' ? { options: [...question.options] } : {}) };
}

/** The career site's apply form: phone and resume modes, and extra questions (page-customization). */
export function ApplyFormEditor({ applyForm }: { applyForm: TApplyForm }) {
  const [phone, setPhone] = useState<TFieldMode>(applyForm.phone);
  const [resume, setResume] = useState<TFieldMode>(applyForm.resume);
  const [questions, setQuestions] = useState<TApplyQuestion[]>(applyForm.questions);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [picking, setPicking] = useState(false);
  const save = useSaveApplyForm({ onSuccess: () => setSaved(true) });
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setSaved(false);
  };
  const submit = () => {
    const parsed = ZUpdateApplyFormRequest.safeParse({ applyForm: { phone, resume, questions } });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  const modes = FieldModes.map((m) => ({ value: m, label: fieldModeLabels[m] }));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {problem || save.isError ? <Alert color="red">{problem ?? errorMessage(save.error)}</Alert> : null}
        {saved ? <Alert color="green">Saved. The public apply form shows it now.</Alert> : null}
        <Title order={2} fz="h4">
          Career-site apply form
        </Title>
        <Text fz="sm" c="dimmed">
          Name and email are always asked.
        </Text>
        <Group>
          <Stack gap={4}>
            <Text fw={500} id="phone-mode">
              Phone
            </Text>
            <SegmentedControl aria-labelledby="phone-mode" data={modes} value={phone} onChange={(v) => changed(setPhone)(v as TFieldMode)} />
          </Stack>
          <Stack gap={4}>
            <Text fw={500} id="resume-mode">
              Resume upload
            </Text>
            <SegmentedControl aria-labelledby="resume-mode" data={modes} value={resume} onChange={(v) => changed(setResume)(v as TFieldMode)} />
          </Stack>
        </Group>
        <Text fw={500}>Questions</Text>
        {questions.map((q, i) => (
          <Group key={i} align="end" wrap="nowrap">
            <TextInput label={`Question ${i + 1}`} value={q.label} maxLength={CareerSiteValidation.maxQuestionLength} style={{ flex: 1 }} onChange={(e) => changed(setQuestions)(questions.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value, id: x.id || slugOf(e.currentTarget.value) } : x)))} />
            {q.type ? (
              <Badge variant="light" mb={10} title={q.options?.join(' · ')}>
                {ScreeningQuestionTypeLabels[q.type]}
              </Badge>
            ) : null}
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
          <Button variant="default" disabled={questions.length >= CareerSiteValidation.maxQuestions} onClick={() => setPicking(!picking)}>
            Add from the question bank
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save apply form
          </Button>
        </Group>
        {picking && questions.length < CareerSiteValidation.maxQuestions ? (
          <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading the question bank" />}>
            <QuestionBankPicker
              onPick={(question) => {
                changed(setQuestions)([...questions, formQuestionFromBank(question, questions)]);
                setPicking(false);
              }}
            />
          </Suspense>
        ) : null}
      </Stack>
    </Paper>
  );
}
