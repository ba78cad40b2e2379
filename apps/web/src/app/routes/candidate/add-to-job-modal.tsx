import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { JobStatusesOpenForCandidates, type TCandidateProfile } from '@hireflow/contracts/candidates-profile';
import { JobStatusLabels, type TJobSummary } from '@hireflow/contracts/jobs';
import { useAddCandidateToJob } from '@/features/candidates/profile/api/add-candidate-to-job';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Pick a job (typed to narrow) and put the candidate in its first stage as "sourced". */
export function AddToJobModal({ profile, opened, onClose, onAdded }: { profile: TCandidateProfile; opened: boolean; onClose: () => void; onAdded: (jobTitle: string) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const [jobId, setJobId] = useState<string | null>(null);
  const jobs = useJobs({ scope: profile.limited ? 'mine' : 'all', q: debounced.trim(), sort: 'newest', pageSize: 20 });
  const onJobs = new Set(profile.applications.map((a) => a.job.id));
  const { user } = useSession();
  // A hiring-team member (the limited view) adds candidates only to the jobs they run, as the API allows.
  const runs = (j: TJobSummary) => j.hiringManager?.id === user?.id || j.recruiters.some((r) => r.id === user?.id);
  const choices = (jobs.data?.items ?? []).filter((j) => !onJobs.has(j.id) && JobStatusesOpenForCandidates.includes(j.status) && (!profile.limited || runs(j)));
  const add = useAddCandidateToJob(profile.id, {
    onSuccess: () => {
      onAdded(choices.find((j) => j.id === jobId)?.title ?? 'the job');
      setJobId(null);
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Add ${profile.firstName} to a job`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (jobId) add.mutate(jobId);
        }}
      >
        <Stack>
          {add.isError ? <Alert color="red">{errorMessage(add.error)}</Alert> : null}
          <Select
            label="Job"
            placeholder="Type to find a job"
            data-autofocus
            searchable
            searchValue={text}
            onSearchChange={setText}
            filter={({ options }) => options}
            data={choices.map((j) => ({ value: j.id, label: `${j.title} (${JobStatusLabels[j.status]})` }))}
            value={jobId}
            onChange={setJobId}
            nothingFoundMessage={jobs.isFetching ? 'Searching…' : profile.limited ? 'No job of yours to add to: you add candidates to the jobs you run as hiring manager or recruiter' : 'No job to add to'}
          />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!jobId} loading={add.isPending}>
              Add to job
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
