import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TMoveApplicationRequest } from '@hireflow/contracts/pipeline';
import { useMailTemplates } from '@/features/mail/api/mail-templates';
import { useRejectionReasons } from '../api/rejection-reasons';

export type RejectDecision = Pick<TMoveApplicationRequest, 'reason' | 'withdrawn' | 'rejectionMail'>;

const Delays = [
  { value: '0', label: 'At once' },
  { value: '60', label: 'In 1 hour' },
  { value: '1440', label: 'In 1 day' },
  { value: '4320', label: 'In 3 days' },
  { value: '10080', label: 'In 1 week' },
  { value: '20160', label: 'In 2 weeks' },
];

/**
 * Rejecting (or recording a withdrawal) from anywhere: the board, a stage list, bulk actions and speed
 * screening. A rejection needs a reason from the company's list and may mail the candidate, at once or
 * later (a later mail is cancelled when the applicant is moved back before it goes).
 */
export function RejectDialog({
  opened,
  onClose,
  onConfirm,
  who,
  busy = false,
  error = null,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (decision: RejectDecision) => void;
  /** "Ada Lovelace" or "12 applicants". */
  who: string;
  busy?: boolean;
  error?: string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Reject ${who}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <RejectForm onConfirm={onConfirm} onCancel={onClose} busy={busy} error={error} />}
    </Modal>
  );
}

function RejectForm({ onConfirm, onCancel, busy, error }: { onConfirm: (d: RejectDecision) => void; onCancel: () => void; busy: boolean; error: string | null }) {
  const reasons = useRejectionReasons();
  const templates = useMailTemplates('pipeline');
  const [who, setWho] = useState<'us' | 'candidate'>('us');
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [mail, setMail] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [delay, setDelay] = useState('0');
  const [tried, setTried] = useState(false);

  const withdrawn = who === 'candidate';
  const reasonMissing = !withdrawn && !reason;
  const templateMissing = mail && !templateId;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (reasonMissing || templateMissing) return;
    onConfirm({
      withdrawn,
      reason: withdrawn ? note.trim() || undefined : (reason ?? undefined),
      rejectionMail: mail && templateId ? { templateId, delayMinutes: Number(delay) } : undefined,
    });
  };
  const active = (reasons.data?.items ?? []).filter((r) => r.active);
  const templateOptions = (templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SegmentedControl
          aria-label="Who ends it"
          value={who}
          onChange={(v) => setWho(v as 'us' | 'candidate')}
          data={[
            { value: 'us', label: 'We reject' },
            { value: 'candidate', label: 'Candidate withdrew' },
          ]}
        />
        {withdrawn ? (
          <TextInput label="Note (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={120} />
        ) : (
          <Select
            label="Rejection reason"
            required
            data-autofocus
            placeholder={reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}
            data={active.map((r) => r.label)}
            value={reason}
            onChange={setReason}
            searchable
            error={tried && reasonMissing ? 'Choose a rejection reason.' : undefined}
          />
        )}
        {reasons.isError && <Alert color="red">The rejection reasons could not be loaded; close this and try again.</Alert>}
        <Checkbox label="Mail the candidate" checked={mail} onChange={(e) => setMail(e.currentTarget.checked)} />
        {mail && (
          <>
            {templates.isSuccess && templateOptions.length === 0 ? (
              <Text size="sm" c="dimmed">
                There is no pipeline mail template yet: add one under Company settings, Templates.
              </Text>
            ) : (
              <Select label="Template" required data={templateOptions} value={templateId} onChange={setTemplateId} error={tried && templateMissing ? 'Choose a template.' : undefined} />
            )}
            <Select label="Send" data={Delays} value={delay} onChange={(v) => setDelay(v ?? '0')} allowDeselect={false} />
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {withdrawn ? 'Record withdrawal' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
