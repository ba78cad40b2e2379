import { Alert, Button, CloseButton, Group, List, Loader, Paper, Radio, Select, Stack, Stepper, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { CampaignLimits, type TCampaign } from '@hireflow/contracts/candidates-campaigns';
import { htmlToText, isHtmlBody } from '@hireflow/contracts/mail-fill';
import { useMailTemplates } from '@/features/mail/api/mail-templates';
import { MergeFieldButtons } from '@/features/mail/components/merge-field-buttons';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { errorMessage } from '@/lib/api-client';
import { useAddRecipients, useCampaignPreview, useCandidateLookup, useCreateCampaign, useSendCampaign, useUpdateCampaign } from '../api/campaigns';

type Picked = { id: string; label: string | null };
type Message = { name: string; templateId: string | null; subject: string; body: string; jobId: string | null };

/** The picked candidates: those that came from the search, and any added here through the lookup. */
function RecipientsStep({ picked, setPicked, saved }: { picked: Picked[]; setPicked: (p: Picked[]) => void; saved: ReadonlySet<string> }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const lookup = useCandidateLookup(debounced);
  const ids = new Set(picked.map((p) => p.id));
  const fromSearch = picked.filter((p) => p.label === null).length;
  return (
    <Stack gap="sm">
      {fromSearch > 0 && (
        <Text>
          {fromSearch} candidate{fromSearch === 1 ? '' : 's'} from your selection.
        </Text>
      )}
      <TextInput label="Find candidates to add" description="Type at least two letters of a name, email or title" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      {lookup.isFetching && <Loader size="sm" role="progressbar" aria-label="Searching candidates" />}
      {lookup.isError && (
        <Alert color="red" role="alert">
          {errorMessage(lookup.error)}
        </Alert>
      )}
      {lookup.data && debounced.trim().length >= 2 && (
        <List listStyleType="none" spacing={4} aria-label="Matching candidates">
          {lookup.data.items.length === 0 && <Text size="sm">No candidate matches.</Text>}
          {lookup.data.items.map((c) => {
            const label = `${c.firstName} ${c.lastName}`.trim() + (c.email ? ` <${c.email}>` : '');
            return (
              <List.Item key={c.id}>
                <Button size="compact-sm" variant="subtle" disabled={ids.has(c.id)} onClick={() => setPicked([...picked, { id: c.id, label }])}>
                  {ids.has(c.id) ? `Added: ${label}` : `Add ${label}`}
                </Button>
              </List.Item>
            );
          })}
        </List>
      )}
      {picked.some((p) => p.label) && (
        <List spacing={2} aria-label="Added candidates">
          {picked
            .filter((p) => p.label)
            .map((p) => (
              <List.Item key={p.id}>
                <Group gap={4}>
                  {p.label}
                  {saved.has(p.id) ? (
                    <Text span size="xs" c="dimmed">
                      (in the draft)
                    </Text>
                  ) : (
                    <CloseButton size="sm" aria-label={`Remove ${p.label}`} onClick={() => setPicked(picked.filter((x) => x.id !== p.id))} />
                  )}
                </Group>
              </List.Item>
            ))}
        </List>
      )}
      <Text size="sm" c="dimmed" role="status">
        {picked.length} recipient{picked.length === 1 ? '' : 's'} picked (at most {CampaignLimits.maxCandidateIds} at a time).
      </Text>
    </Stack>
  );
}

function MessageStep({ message, setMessage }: { message: Message; setMessage: (m: Message) => void }) {
  const templates = useMailTemplates('campaign');
  const jobs = useJobs({ scope: 'all', status: 'open', pageSize: 100 });
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<Message>) => setMessage({ ...message, ...patch });
  return (
    <Stack gap="sm">
      <TextInput label="Campaign name" description="Only your team sees it" required value={message.name} onChange={(e) => set({ name: e.currentTarget.value })} />
      <Select
        label="Template"
        placeholder={templates.isPending ? 'Loading templates…' : templates.data?.items.length ? 'Start from a template' : 'No templates yet'}
        clearable
        data={(templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={message.templateId}
        onChange={(id) => {
          const t = templates.data?.items.find((x) => x.id === id);
          // The campaign message is plain text: a rich-text template comes in as its readable text.
          set(t ? { templateId: t.id, subject: t.subject, body: isHtmlBody(t.body) ? htmlToText(t.body) : t.body } : { templateId: null });
        }}
      />
      <TextInput label="Subject" required value={message.subject} onChange={(e) => set({ subject: e.currentTarget.value })} />
      <Textarea ref={bodyRef} label="Message" required autosize minRows={8} value={message.body} onChange={(e) => set({ body: e.currentTarget.value })} />
      <MergeFieldButtons target={bodyRef} value={message.body} onChange={(body) => set({ body })} />
      <Select
        label="Job (for {{job.title}} and {{job.link}})"
        placeholder={jobs.isPending ? 'Loading jobs…' : 'No job'}
        clearable
        searchable
        data={(jobs.data?.items ?? []).map((j) => ({ value: j.id, label: j.title }))}
        value={message.jobId}
        onChange={(jobId) => set({ jobId })}
      />
    </Stack>
  );
}

function PreviewStep({ campaign }: { campaign: TCampaign }) {
  const [candidateId, setCandidateId] = useState<string | null>(campaign.recipients.items[0]?.candidateId ?? null);
  const preview = useCampaignPreview(campaign.id, candidateId);
  return (
    <Stack gap="sm">
      <Select
        label="Preview for"
        data={campaign.recipients.items.map((r) => ({ value: r.candidateId, label: `${r.name} <${r.email}>` }))}
        value={candidateId}
        onChange={setCandidateId}
        allowDeselect={false}
      />
      {campaign.skippedNoEmail ? <Alert color="yellow">{campaign.skippedNoEmail} picked candidate(s) have no email address and were left out.</Alert> : null}
      {preview.isPending ? (
        <Loader role="progressbar" aria-label="Loading the preview" />
      ) : preview.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(preview.error)}
        </Alert>
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Text size="sm">To: {preview.data.to}</Text>
          <Text size="sm" fw={600} data-testid="preview-subject">
            Subject: {preview.data.subject}
          </Text>
          <iframe title="Mail preview" sandbox="" srcDoc={preview.data.html} style={{ width: '100%', minHeight: 320, border: 0 }} />
        </Paper>
      )}
    </Stack>
  );
}

function SendStep({ when, setWhen, at, setAt }: { when: 'now' | 'later'; setWhen: (w: 'now' | 'later') => void; at: string; setAt: (v: string) => void }) {
  return (
    <Stack gap="sm">
      <Radio.Group label="When" value={when} onChange={(v) => setWhen(v as 'now' | 'later')}>
        <Stack gap={6} mt={6}>
          <Radio value="now" label="Send now" />
          <Radio value="later" label="Schedule for later" />
        </Stack>
      </Radio.Group>
      {when === 'later' && <TextInput type="datetime-local" label="Send at" description="Your local time" required value={at} onChange={(e) => setAt(e.currentTarget.value)} />}
      <Text size="sm" c="dimmed">
        Mails go out in small batches; candidates who unsubscribed are skipped.
      </Text>
    </Stack>
  );
}

/** The campaign wizard: recipients, message, preview per recipient, send now or at a time. */
export function CampaignWizard({ initialCandidateIds }: { initialCandidateIds: string[] }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [picked, setPicked] = useState<Picked[]>(() => [...new Set(initialCandidateIds)].map((id) => ({ id, label: null })));
  const [message, setMessage] = useState<Message>({ name: '', templateId: null, subject: '', body: '', jobId: null });
  const [campaign, setCampaign] = useState<TCampaign | null>(null);
  const [added, setAdded] = useState<Set<string>>(new Set());
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const addRecipients = useAddRecipients();
  const send = useSendCampaign();
  const busy = create.isPending || update.isPending || addRecipients.isPending || send.isPending;

  const saveDraft = async () => {
    if (!campaign) {
      const created = await create.mutateAsync({ ...message, candidateIds: picked.map((p) => p.id) });
      setAdded(new Set(picked.map((p) => p.id)));
      return created;
    }
    let saved = await update.mutateAsync({ id: campaign.id, input: message });
    const more = picked.map((p) => p.id).filter((id) => !added.has(id));
    if (more.length) {
      saved = await addRecipients.mutateAsync({ id: campaign.id, candidateIds: more });
      setAdded(new Set([...added, ...more]));
    }
    return saved;
  };

  const next = async () => {
    setProblem(null);
    try {
      if (step === 0 && picked.length === 0) return setProblem('Pick at least one candidate.');
      if (step === 1) {
        if (!message.name.trim() || !message.subject.trim() || !message.body.trim()) return setProblem('Give the campaign a name, a subject and a message.');
        setCampaign(await saveDraft());
      }
      setStep(step + 1);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const submit = async () => {
    setProblem(null);
    if (!campaign) return;
    if (when === 'later' && !at) return setProblem('Choose when to send it.');
    try {
      const scheduledAt = when === 'later' ? new Date(at).toISOString() : null;
      const sent = await send.mutateAsync({ id: campaign.id, scheduledAt });
      void navigate(`${Paths.databaseCampaign}/${sent.id}`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>New campaign</Title>
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} allowNextStepsSelect={false}>
        <Stepper.Step label="Recipients">
          <RecipientsStep picked={picked} setPicked={setPicked} saved={added} />
        </Stepper.Step>
        <Stepper.Step label="Message">
          <MessageStep message={message} setMessage={setMessage} />
        </Stepper.Step>
        <Stepper.Step label="Preview">{campaign && <PreviewStep campaign={campaign} />}</Stepper.Step>
        <Stepper.Step label="Send">
          <SendStep when={when} setWhen={setWhen} at={at} setAt={setAt} />
        </Stepper.Step>
      </Stepper>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={step === 0 || busy} onClick={() => setStep(step - 1)}>
          Back
        </Button>
        {step < 3 ? (
          <Button onClick={() => void next()} loading={busy}>
            Next
          </Button>
        ) : (
          <Button onClick={() => void submit()} loading={busy}>
            {when === 'later' ? 'Schedule campaign' : 'Send campaign'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
