import { Alert, Anchor, Button, Grid, Group, Loader, NavLink, Paper, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import {
  MailTemplateKindLabels,
  MailTemplateKinds,
  MergeFields,
  MergeFieldsByKind,
  type TMailTemplate,
  type TMailTemplateKind,
  type TMergeField,
} from '@hireflow/contracts/mail-templates';
import { isHtmlBody, textToHtml } from '@hireflow/contracts/mail-fill';
import { useDeleteMailTemplate, useMailTemplates, useSaveMailTemplate } from '@/features/mail/api/mail-templates';
import { RichTextField, type RichTextInserter } from '@/features/mail/components/rich-text-field';
import { insertAtCursor } from '@/features/mail/components/merge-field-buttons';
import { TemplatePreview } from '@/features/mail/templates/template-preview';
import { errorMessage } from '@/lib/api-client';

/** The kinds in the order the page offers them; the URL's {page} is the kind. */
const KindOrder: TMailTemplateKind[] = ['interview', 'pipeline', 'offer', 'campaign', 'general'];
const TabLabels: Record<TMailTemplateKind, string> = { interview: 'Interview invitation', pipeline: 'Rejection', offer: 'Offer letter', campaign: 'Campaign', general: 'General' };

type Draft = { id: string | null; kind: TMailTemplateKind; name: string; subject: string; body: string };
// Older templates are plain text: the editor gets them as paragraphs, and saving stores rich text.
const draftOf = (t: TMailTemplate): Draft => ({ id: t.id, kind: t.kind, name: t.name, subject: t.subject, body: isHtmlBody(t.body) ? t.body : textToHtml(t.body) });

/** A list of the kind's merge fields; picking one inserts it where the cursor is (the subject or the message). */
function MergeFieldPicker({ kind, onPick }: { kind: TMailTemplateKind; onPick: (field: TMergeField) => void }) {
  return (
    <Select
      label="Insert a merge field"
      description="Filled in for each recipient; only the fields this kind of mail can fill are offered"
      placeholder="Pick a field to insert at the cursor"
      searchable
      value={null}
      data={MergeFieldsByKind[kind].map((f) => ({ value: f, label: `{{${f}}}: ${MergeFields[f]}` }))}
      onChange={(f) => f && onPick(f as TMergeField)}
    />
  );
}

function Editor({ initial, onSaved }: { initial: Draft; onSaved: (t: TMailTemplate | null) => void }) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveMailTemplate();
  const remove = useDeleteMailTemplate();
  const subjectRef = useRef<HTMLInputElement>(null);
  const inserter = useRef<RichTextInserter | null>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const insert = (field: TMergeField) => {
    const text = `{{${field}}}`;
    if (lastField.current === 'subject' || !inserter.current) {
      const { value, cursor } = insertAtCursor(subjectRef.current, draft.subject, text);
      set({ subject: value });
      requestAnimationFrame(() => {
        subjectRef.current?.focus();
        subjectRef.current?.setSelectionRange(cursor, cursor);
      });
    } else {
      inserter.current.insert(text);
    }
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const saved = await save.mutateAsync({ id: draft.id, input: { kind: draft.kind, name: draft.name, subject: draft.subject, body: draft.body } });
      onSaved(saved);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)} aria-label={draft.id ? `Edit ${initial.name}` : 'New template'}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {MailTemplateKindLabels[draft.kind]}
            </Text>
            <TextInput label="Template name" required value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} />
            <TextInput ref={subjectRef} label="Subject" required value={draft.subject} onFocus={() => (lastField.current = 'subject')} onChange={(e) => set({ subject: e.currentTarget.value })} />
            <MergeFieldPicker kind={draft.kind} onPick={insert} />
            <div onFocus={() => (lastField.current = 'body')}>
              <RichTextField label="Message" value={draft.body} onChange={(body) => set({ body })} onReady={(i) => (inserter.current = i)} />
            </div>
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
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <TemplatePreview kind={draft.kind} subject={draft.subject} body={draft.body} />
      </Grid.Col>
    </Grid>
  );
}

/**
 * /company-settings/templates/{kind}: the company's mail templates by kind (interview invitations, rejections,
 * offer letters, campaigns, general), in rich text with merge fields and a live preview with sample data.
 */
export default function TemplatesPage() {
  const { page } = useParams();
  const navigate = useNavigate();
  const kind = (MailTemplateKinds as readonly string[]).includes(page ?? '') ? (page as TMailTemplateKind) : null;
  const templates = useMailTemplates(kind ?? undefined);
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!kind) return <Navigate to={`/company-settings/templates/${KindOrder[0]}`} replace />;
  const select = (id: string | 'new' | null) => {
    setNotice(null);
    setSelected(id);
  };
  const items = templates.data?.items ?? [];
  const found = items.find((t) => t.id === selected);
  const current: Draft | null = selected === 'new' ? { id: null, kind, name: '', subject: '', body: '' } : found ? draftOf(found) : null;
  const list = (
    <Stack gap="xs">
      <Button variant="light" onClick={() => select('new')}>
        New template
      </Button>
      {items.length === 0 ? (
        <Text size="sm" role="status">
          No {TabLabels[kind].toLowerCase()} templates yet.
        </Text>
      ) : (
        <nav aria-label="Templates">
          {items.map((t) => (
            <NavLink key={t.id} component="button" label={t.name} active={t.id === selected} onClick={() => select(t.id)} />
          ))}
        </nav>
      )}
    </Stack>
  );
  const editor = current ? (
    <Editor
      key={current.id ?? 'new'}
      initial={current}
      onSaved={(t) => {
        setSelected(t ? t.id : null);
        setNotice(t ? 'Template saved.' : 'Template deleted.');
      }}
    />
  ) : (
    <Text c="dimmed">Pick a template to edit, or make a new one.</Text>
  );
  const content = templates.isPending ? (
    <Loader role="progressbar" aria-label="Loading templates" />
  ) : templates.isError ? (
    <Alert color="red" role="alert">
      {errorMessage(templates.error)}
    </Alert>
  ) : (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>{list}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {notice && (
          <Text c="green" role="status" mb="sm">
            {notice}
          </Text>
        )}
        {editor}
      </Grid.Col>
    </Grid>
  );
  return (
    <Stack gap="md">
      <Title order={1}>Templates</Title>
      <Text c="dimmed">
        Mails your team sends again and again. Merge fields such as {'{{candidate.firstName}}'} are filled in for each recipient; your signature is{' '}
        <Anchor component={Link} to="/user-preferences/profile" underline="always">
          in your profile
        </Anchor>
        .
      </Text>
      <Tabs value={kind} onChange={(next) => next && (select(null), navigate(`/company-settings/templates/${next}`))} keepMounted={false}>
        <Tabs.List aria-label="Kinds of template">
          {KindOrder.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {TabLabels[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KindOrder.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            {k === kind ? content : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
