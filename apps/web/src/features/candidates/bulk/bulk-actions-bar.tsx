import { Alert, Button, Group, Modal, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CandidateDatabase } from '@hireflow/contracts/candidates';
import { CandidatesBulk, CandidatesBulkMessages } from '@hireflow/contracts/candidates-bulk';
import { Paths } from '@hireflow/contracts/routes';
import { ExportButton } from '@/components/export-button';
import { errorMessage } from '@/lib/api-client';
import { JobPicker } from '@/features/jobs/components/job-picker';
import { startCandidatesExport, useBulkAddToJob, useBulkTags } from './bulk-api';

const people = (n: number) => `${n} candidate${n === 1 ? '' : 's'}`;
const notFoundNote = (n: number) => (n ? ` ${n === 1 ? '1 candidate was' : `${n} candidates were`} not found.` : '');

/**
 * What a recruiter can do with the candidates selected in any list: tag them, add them to a job, take
 * them to a new campaign, or export them to Excel. The API allows CandidatesBulk.maxIds at a time.
 */
export function BulkActionsBar({ candidateIds, onDone }: { candidateIds: string[]; onDone?: () => void }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'tags' | 'job' | null>(null);
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobTitle, setJobTitle] = useState('');
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const tags = useBulkTags();
  const addToJob = useBulkAddToJob();
  const count = candidateIds.length;
  const tooMany = count > CandidatesBulk.maxIds;
  const none = count === 0;
  const onExportError = useCallback((message: string | null) => setNotice(message ? { color: 'red', text: message } : null), []);

  const close = () => {
    setDialog(null);
    tags.reset();
    addToJob.reset();
  };
  const applyTags = () =>
    tags.mutate(
      { candidateIds, add, remove },
      {
        onSuccess: (r) => {
          const full = r.tooManyTags ? ` ${r.tooManyTags === 1 ? '1 candidate was' : `${r.tooManyTags} candidates were`} left as they were: more than ${CandidateDatabase.maxTags} tags.` : '';
          setNotice({ color: 'green', text: `Tags changed on ${people(r.updated)}.${notFoundNote(r.notFound)}${full}` });
          setAdd([]);
          setRemove([]);
          close();
          onDone?.();
        },
      },
    );
  const applyJob = () => {
    if (!jobId) return;
    addToJob.mutate(
      { candidateIds, jobId },
      {
        onSuccess: (r) => {
          const already = r.alreadyOnJob ? ` ${r.alreadyOnJob === 1 ? '1 was' : `${r.alreadyOnJob} were`} already on it.` : '';
          setNotice({ color: 'green', text: `Added ${people(r.added)} to ${jobTitle || 'the job'}.${already}${notFoundNote(r.notFound)}` });
          setJobId(null);
          close();
          onDone?.();
        },
      },
    );
  };

  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label="Bulk actions">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={500} size="sm">
            {people(count)} selected
          </Text>
          <Button variant="default" size="sm" disabled={none || tooMany} onClick={() => setDialog('tags')}>
            Tag
          </Button>
          <Button variant="default" size="sm" disabled={none || tooMany} onClick={() => setDialog('job')}>
            Add to job
          </Button>
          <Button variant="default" size="sm" disabled={none} onClick={() => navigate(Paths.databaseCampaign, { state: { candidateIds } })}>
            Add to campaign
          </Button>
          <ExportButton start={() => startCandidatesExport(candidateIds)} onError={onExportError} disabled={none || tooMany} fallbackFileName="candidates.xlsx" />
        </Group>
        {tooMany ? <Alert color="yellow">{CandidatesBulkMessages.tooMany}</Alert> : null}
        {notice ? (
          <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setNotice(null)} closeButtonLabel="Dismiss">
            {notice.text}
          </Alert>
        ) : null}
      </Stack>

      <Modal opened={dialog === 'tags'} onClose={close} title={`Tag ${people(count)}`}>
        <Stack>
          {tags.isError ? <Alert color="red">{errorMessage(tags.error)}</Alert> : null}
          <TagsInput label="Add tags" value={add} onChange={setAdd} maxTags={CandidatesBulk.maxTagsPerCall} maxLength={CandidateDatabase.maxTagLength} placeholder="Type a tag and press Enter" />
          <TagsInput label="Remove tags" value={remove} onChange={setRemove} maxTags={CandidatesBulk.maxTagsPerCall} maxLength={CandidateDatabase.maxTagLength} placeholder="Type a tag and press Enter" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={applyTags} loading={tags.isPending} disabled={add.length + remove.length === 0}>
              Apply tags
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'job'} onClose={close} title={`Add ${people(count)} to a job`}>
        <Stack>
          {addToJob.isError ? <Alert color="red">{errorMessage(addToJob.error)}</Alert> : null}
          <JobPicker
            value={jobId}
            onChange={(id) => {
              setJobId(id);
              setJobTitle('');
            }}
            onPicked={setJobTitle}
          />
          <Text size="xs" c="dimmed">
            Each enters the job&apos;s first stage as sourced. Candidates already on the job stay where they are.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={applyJob} loading={addToJob.isPending} disabled={!jobId}>
              Add to job
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
