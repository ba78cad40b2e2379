import { Alert, Button, Grid, Group, Loader, NavLink, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { MailTemplateKindLabels, MailTemplateKinds, type TMailTemplate, type TMailTemplateKind } from '@hireflow/contracts/mail-templates';
import { useDeleteMailTemplate, useMailTemplates, useSaveMailTemplate } from '@/features/mail/api/mail-templates';
import { MergeFieldButtons } from '@/features/mail/components/merge-field-buttons';
import { errorMessage } from '@/lib/api-client';

type Draft = { id: string | null; kind: TMailTemplateKind; name: string; subject: string; body: string };
const blank: Draft = { id: null, kind: 'campaign', name: '', subject: '', body: '' };
const draftOf = (t: TMailTemplate): Draft => ({ id: t.id, kind: t.kind, name: t.name, subject: t.subject, body: t.body });

function Editor({ initial, onSaved }: { initial: Draft; onSaved: (t: TMailTemplate | null) => void }) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveMailTemplate();
  const remove = useDeleteMailTemplate();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const saved = await save.mutateAsync({ id: draft.id, input: { kind: draft.kind, name: draft.name, subject: draft.subject, body: draft.body } });
      setDraft(draftOf(saved));
      onSaved(saved);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)} aria-label={draft.id ? `Edit ${initial.name}` : 'New template'}>
      <Stack gap="sm">
        <Select label="Used for" data={MailTemplateKinds.map((k) => ({ value: k, label: MailTemplateKindLabels[k] }))} value={draft.kind} onChange={(v) => v && set({ kind: v as TMailTemplateKind })} allowDeselect={false} />
        <TextInput label="Template name" required value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} />
        <TextInput label="Subject" required value={draft.subject} onChange={(e) => set({ subject: e.currentTarget.value })} />
        <Textarea ref={bodyRef} label="Message" required autosize minRows={8} value={draft.body} onChange={(e) => set({ body: e.currentTarget.value })} />
        <MergeFieldButtons target={bodyRef} value={draft.body} onChange={(body) => set({ body })} />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        {remove.isError && (
          <Alert color="red" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="space-between">
          <Button type="submit" loading={save.isPending}>
            Save template
          </Button>
          {draft.id && (
            <Button color="red" variant="subtle" loading={remove.isPending} onClick={() => void remove.mutateAsync(draft.id!).then(() => onSaved(null))}>
              Delete template
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /company-settings/templates: the company's mail templates with merge fields (campaigns, and pipeline mails such as rejections). */
export default function TemplatesPage() {
  const templates = useMailTemplates();
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const select = (id: string | 'new' | null) => {
    setNotice(null);
    setSelected(id);
  };
  const items = templates.data?.items ?? [];
  const found = items.find((t) => t.id === selected);
  const current: Draft | null = selected === 'new' ? blank : found ? draftOf(found) : null;
  return (
    <Stack gap="md">
      <Title order={1}>Templates</Title>
      <Text c="dimmed">Mails your team sends again and again. Merge fields such as {'{{candidate.firstName}}'} are filled in for each recipient.</Text>
      {templates.isPending ? (
        <Loader aria-label="Loading templates" />
      ) : templates.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(templates.error)}
        </Alert>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">
              <Button variant="light" onClick={() => select('new')}>
                New template
              </Button>
              {items.length === 0 ? (
                <Text size="sm" role="status">
                  No templates yet.
                </Text>
              ) : (
                <nav aria-label="Templates">
                  {items.map((t) => (
                    <NavLink key={t.id} component="button" label={t.name} description={MailTemplateKindLabels[t.kind]} active={t.id === selected} onClick={() => select(t.id)} />
                  ))}
                </nav>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {notice && (
              <Text c="green" role="status" mb="sm">
                {notice}
              </Text>
            )}
            {current ? (
              <Editor key={current.id ?? 'new'} initial={current} onSaved={(t) => {
                  setSelected(t ? t.id : null);
                  setNotice(t ? 'Template saved.' : 'Template deleted.');
                }}
              />
            ) : (
              <Text c="dimmed">Pick a template to edit, or make a new one.</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
