import { Alert, Button, Group, List, Menu, Modal, Paper, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { CandidateDatabase } from '@hireflow/contracts/candidates';
import { StageKindLabels } from '@hireflow/contracts/candidates-search';
import type { TStageKind } from '@hireflow/contracts/jobs';
import type { TUserRef } from '@hireflow/contracts/common';
import { BulkMessages, Pipeline, type TBulkAction, type TBulkApplicationsResult } from '@hireflow/contracts/pipeline';
import { errorMessage } from '@/lib/api-client';
import { useMailTemplates } from '@/features/mail/api/mail-templates';
import { UserPicker } from '@/features/jobs/components/user-picker';
import { useBulkApplications } from '../api/bulk-applications';
import { RejectDialog, type RejectDecision } from '../rejections/reject-dialog';

export type BulkStageOption = { kind: TStageKind; name?: string };

const applicants = (n: number) => `${n} applicant${n === 1 ? '' : 's'}`;
const MoveKinds: TStageKind[] = ['screening', 'interview', 'offer', 'hired'];
const MaxTags = 20;

/**
 * What the hiring team can do with the applicants selected on the board, a stage list or a job's
 * applicant list: move, reject (with reason and optional mail), tag, assign an owner, mail with a
 * template. The API does each applicant on its own; the summary says what was done and what was refused.
 */
export function PipelineBulkBar({ applicationIds, onDone, stageOptions }: { applicationIds: string[]; onDone: () => void; stageOptions?: BulkStageOption[] }) {
  const bulk = useBulkApplications();
  const [dialog, setDialog] = useState<'reject' | 'tag' | 'owner' | 'email' | null>(null);
  const [summary, setSummary] = useState<(TBulkApplicationsResult & { what: string }) | null>(null);
  const count = applicationIds.length;
  const tooMany = count > Pipeline.maxBulk;
  const disabled = count === 0 || tooMany || bulk.isPending;
  const moves: BulkStageOption[] = (stageOptions ?? MoveKinds.map((kind) => ({ kind }))).filter((o) => o.kind !== 'rejected');

  const open = (d: typeof dialog) => {
    bulk.reset();
    setDialog(d);
  };
  const run = (action: TBulkAction, what: string) =>
    bulk.mutate(
      { applicationIds, action },
      {
        onSuccess: (result) => {
          setSummary({ ...result, what });
          setDialog(null);
          onDone();
        },
      },
    );

  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label="Bulk actions">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={500} size="sm">
            {applicants(count)} selected
          </Text>
          <Menu>
            <Menu.Target>
              <Button variant="default" size="sm" disabled={disabled} loading={bulk.isPending && dialog === null}>
                Move to…
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {moves.map((o) => {
                const label = o.name ? `${o.name} (${StageKindLabels[o.kind]})` : StageKindLabels[o.kind];
                return (
                  <Menu.Item key={`${o.kind}:${o.name ?? ''}`} onClick={() => (bulk.reset(), run({ type: 'move', stageKind: o.kind, stageName: o.name }, `Moved to ${o.name ?? StageKindLabels[o.kind]}`))}>
                    {label}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" size="sm" color="red" disabled={disabled} onClick={() => open('reject')}>
            Reject…
          </Button>
          <Button variant="default" size="sm" disabled={disabled} onClick={() => open('tag')}>
            Tag…
          </Button>
          <Button variant="default" size="sm" disabled={disabled} onClick={() => open('owner')}>
            Assign owner…
          </Button>
          <Button variant="default" size="sm" disabled={disabled} onClick={() => open('email')}>
            Email with template…
          </Button>
        </Group>
        {tooMany ? <Alert color="yellow">{BulkMessages.tooMany}</Alert> : null}
        {bulk.isError && dialog === null ? (
          <Alert color="red" role="alert">
            {errorMessage(bulk.error)}
          </Alert>
        ) : null}
        {summary ? <Summary summary={summary} onClose={() => setSummary(null)} /> : null}
      </Stack>

      <RejectDialog
        opened={dialog === 'reject'}
        onClose={() => setDialog(null)}
        who={applicants(count)}
        busy={bulk.isPending}
        error={bulk.isError ? errorMessage(bulk.error) : null}
        onConfirm={(d: RejectDecision) => run({ type: 'reject', reason: d.reason, withdrawn: d.withdrawn, rejectionMail: d.rejectionMail }, d.withdrawn ? 'Withdrawal recorded' : 'Rejected')}
      />
      <Modal opened={dialog === 'tag'} onClose={() => setDialog(null)} title={`Tag ${applicants(count)}`}>
        {dialog === 'tag' ? <TagForm busy={bulk.isPending} error={bulk.isError ? errorMessage(bulk.error) : null} onCancel={() => setDialog(null)} onApply={(add, remove) => run({ type: 'tag', add, remove }, 'Tags changed')} /> : null}
      </Modal>
      <Modal opened={dialog === 'owner'} onClose={() => setDialog(null)} title={`Assign an owner to ${applicants(count)}`}>
        {dialog === 'owner' ? (
          <OwnerForm busy={bulk.isPending} error={bulk.isError ? errorMessage(bulk.error) : null} onCancel={() => setDialog(null)} onApply={(owner) => run({ type: 'owner', ownerId: owner?.id ?? null }, owner ? `Owner set to ${owner.name}` : 'Owner removed')} />
        ) : null}
      </Modal>
      <Modal opened={dialog === 'email'} onClose={() => setDialog(null)} title={`Email ${applicants(count)}`}>
        {dialog === 'email' ? <EmailForm busy={bulk.isPending} error={bulk.isError ? errorMessage(bulk.error) : null} onCancel={() => setDialog(null)} onApply={(templateId) => run({ type: 'email', templateId }, 'Mail queued')} /> : null}
      </Modal>
    </Paper>
  );
}

function Summary({ summary, onClose }: { summary: TBulkApplicationsResult & { what: string }; onClose: () => void }) {
  const { done, refused, what } = summary;
  return (
    <Alert color={refused.length ? 'yellow' : 'green'} role="status" withCloseButton onClose={onClose} closeButtonLabel="Dismiss" title={`${what}: ${applicants(done)}.`}>
      {refused.length ? (
        <>
          <Text size="sm">{refused.length === 1 ? '1 was refused:' : `${refused.length} were refused:`}</Text>
          <List size="sm" aria-label="Refused">
            {refused.map((r) => (
              <List.Item key={r.applicationId}>
                {r.name || 'An applicant you cannot see'}: {r.reason}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}

type FormProps<T extends unknown[]> = { busy: boolean; error: string | null; onCancel: () => void; onApply: (...args: T) => void };

function Actions({ busy, onCancel, label, disabled }: { busy: boolean; onCancel: () => void; label: string; disabled?: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}

function TagForm({ busy, error, onCancel, onApply }: FormProps<[string[], string[]]>) {
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  return (
    <form onSubmit={(e) => (e.preventDefault(), onApply(add, remove))}>
      <Stack>
        {error ? <Alert color="red">{error}</Alert> : null}
        <TagsInput label="Add tags" value={add} onChange={setAdd} maxTags={MaxTags} maxLength={CandidateDatabase.maxTagLength} placeholder="Type a tag and press Enter" />
        <TagsInput label="Remove tags" value={remove} onChange={setRemove} maxTags={MaxTags} maxLength={CandidateDatabase.maxTagLength} placeholder="Type a tag and press Enter" />
        <Text size="xs" c="dimmed">
          Tags belong to the candidate, so they show on every job the candidate is on.
        </Text>
        <Actions busy={busy} onCancel={onCancel} label="Apply tags" disabled={add.length + remove.length === 0} />
      </Stack>
    </form>
  );
}

function OwnerForm({ busy, error, onCancel, onApply }: FormProps<[TUserRef | null]>) {
  const [owner, setOwner] = useState<TUserRef | null>(null);
  return (
    <form onSubmit={(e) => (e.preventDefault(), onApply(owner))}>
      <Stack>
        {error ? <Alert color="red">{error}</Alert> : null}
        <UserPicker label="Application owner" description="Leave empty to remove the owner" value={owner} onChange={setOwner} />
        <Actions busy={busy} onCancel={onCancel} label={owner ? 'Assign owner' : 'Remove owner'} />
      </Stack>
    </form>
  );
}

function EmailForm({ busy, error, onCancel, onApply }: FormProps<[string]>) {
  const templates = useMailTemplates('pipeline');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const options = (templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));
  return (
    <form onSubmit={(e) => (e.preventDefault(), templateId && onApply(templateId))}>
      <Stack>
        {error ? <Alert color="red">{error}</Alert> : null}
        {templates.isSuccess && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            There is no pipeline mail template yet: add one under Company settings, Templates.
          </Text>
        ) : (
          <Select label="Template" data-autofocus placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'} data={options} value={templateId} onChange={setTemplateId} />
        )}
        <Text size="xs" c="dimmed">
          Each candidate gets their own copy, filled in with their name and job.
        </Text>
        <Actions busy={busy} onCancel={onCancel} label="Send" disabled={!templateId} />
      </Stack>
    </form>
  );
}
