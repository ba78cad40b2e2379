import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, Modal, Pagination, Select, Stack, Switch, Table, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  ScreeningQuestionRules,
  ScreeningQuestionTypeLabels,
  ScreeningQuestionTypes,
  ZCreateScreeningQuestion,
  type TScreeningQuestion,
  type TScreeningQuestionType,
} from '@hireflow/contracts/candidates-questions';
import { errorMessage } from '@/lib/api-client';
import { firstIssueMessage } from '@/lib/zod-form';
import {
  useCreateScreeningQuestion,
  useDeleteScreeningQuestion,
  useScreeningQuestions,
  useUpdateScreeningQuestion,
} from '@/features/candidates/questions/questions-api';
import { PageCustomizationTabs } from './page-customization-tabs';

type Draft = { id: string | null; text: string; type: TScreeningQuestionType; options: string[]; active: boolean };
const emptyDraft: Draft = { id: null, text: '', type: 'short_text', options: [], active: true };
const typeOptions = ScreeningQuestionTypes.map((t) => ({ value: t, label: ScreeningQuestionTypeLabels[t] }));

/** company-settings/page-customization/questions: the company's screening question bank, which the apply form reuses. */
export default function QuestionBankPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const list = useScreeningQuestions({ page, q });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TScreeningQuestion | null>(null);
  const create = useCreateScreeningQuestion();
  const update = useUpdateScreeningQuestion();
  const remove = useDeleteScreeningQuestion();
  const saving = create.isPending || update.isPending;

  const edit = (next: Draft | null) => {
    setDraft(next);
    setProblem(null);
    create.reset();
    update.reset();
  };
  const save = () => {
    if (!draft) return;
    const parsed = ZCreateScreeningQuestion.safeParse({ text: draft.text, type: draft.type, options: draft.type === 'single_choice' ? draft.options : [], active: draft.active });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    setProblem(null);
    const done = { onSuccess: () => setDraft(null) };
    if (draft.id) update.mutate({ id: draft.id, ...parsed.data }, done);
    else create.mutate(parsed.data, done);
  };
  const saveError = problem ?? (create.isError ? errorMessage(create.error) : update.isError ? errorMessage(update.error) : null);
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 0;

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>Page customization</Title>
      <PageCustomizationTabs value="questions" />
      <Text fz="sm">
        Your company&apos;s bank of screening questions. Add them to the career-site apply form from there; a form keeps the question as it was added, so
        editing or retiring a question here does not change a form.
      </Text>
      <Group justify="space-between">
        <TextInput
          aria-label="Search questions"
          placeholder="Search questions"
          value={search}
          maxLength={ScreeningQuestionRules.maxSearchLength}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Button onClick={() => edit({ ...emptyDraft })}>Add a question</Button>
      </Group>
      {remove.isError ? <Alert color="red">{errorMessage(remove.error)}</Alert> : null}
      {update.isError && !draft ? <Alert color="red">{errorMessage(update.error)}</Alert> : null}
      {list.isPending ? (
        <Loader role="progressbar" aria-label="Loading the questions" />
      ) : list.isError ? (
        <Alert color="red">{errorMessage(list.error)}</Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{q.trim() ? 'No question matches this search.' : 'The bank has no questions yet.'}</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((question) => (
              <Table.Tr key={question.id}>
                <Table.Td>
                  <Text size="sm">{question.text}</Text>
                  {question.options.length ? (
                    <Group gap={4} mt={4}>
                      {question.options.map((o) => (
                        <Badge key={o} variant="light" size="sm">
                          {o}
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                </Table.Td>
                <Table.Td>{ScreeningQuestionTypeLabels[question.type]}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Active: ${question.text}`}
                    checked={question.active}
                    onChange={(e) => update.mutate({ id: question.id, active: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" aria-label={`Edit ${question.text}`} onClick={() => edit({ id: question.id, text: question.text, type: question.type, options: question.options, active: question.active })}>
                      Edit
                    </Button>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${question.text}`} onClick={() => setDeleting(question)}>
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}

      <Modal opened={draft !== null} onClose={() => edit(null)} title={draft?.id ? 'Edit question' : 'Add a question'}>
        {draft ? (
          <Stack>
            {saveError ? <Alert color="red">{saveError}</Alert> : null}
            <TextInput label="Question" required value={draft.text} maxLength={ScreeningQuestionRules.maxTextLength} onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })} />
            <Select label="Answer type" data={typeOptions} value={draft.type} allowDeselect={false} onChange={(v) => v && setDraft({ ...draft, type: v as TScreeningQuestionType })} comboboxProps={{ withinPortal: true }} />
            {draft.type === 'single_choice' ? (
              <TagsInput
                label="Options"
                description="At least two; press Enter after each."
                value={draft.options}
                maxTags={ScreeningQuestionRules.maxOptions}
                maxLength={ScreeningQuestionRules.maxOptionLength}
                onChange={(options) => setDraft({ ...draft, options })}
              />
            ) : null}
            <Checkbox label="Active (offered when forms add questions)" checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => edit(null)}>
                Cancel
              </Button>
              <Button onClick={save} loading={saving}>
                Save question
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this question?">
        <Stack>
          <Text size="sm">“{deleting?.text}” leaves the bank. Forms that already ask it keep it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}>
              Delete question
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
