import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { JobValidation, type TJobDetail } from '@hireflow/contracts/jobs';
import { type TUserRef } from '@hireflow/contracts/common';
import { errorMessage } from '@/lib/api-client';
import { useUpdateJob } from '../api/update-job';
import { DescriptionEditor } from './description-editor';
import { TeamPicker } from './team-picker';

/** Edit a job's details, description and hiring team (owners, its hiring manager and admins). */
export function JobEditModal({ job, opened, onClose }: { job: TJobDetail; opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState(job.title);
  const [openings, setOpenings] = useState<number | string>(job.openings);
  const [description, setDescription] = useState(job.description);
  const [published, setPublished] = useState(job.published);
  const [hiringManager, setHiringManager] = useState<TUserRef[]>(job.hiringManager ? [job.hiringManager] : []);
  const [recruiters, setRecruiters] = useState(job.recruiters);
  const [interviewers, setInterviewers] = useState(job.interviewers);
  const [followers, setFollowers] = useState(job.followers);
  const [headcountJustification, setHeadcountJustification] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateJob(job.id, { onSuccess: onClose });
  const ids = (users: TUserRef[]) => users.map((u) => u.id);
  // A requisition's job uses job-code headcount (except while closed): more openings than the code has left need a reason.
  const moreOpenings = Boolean(job.jobCode && job.requisitionId) && job.status !== 'closed' && Number(openings) > job.openings;

  const submit = () => {
    if (!title.trim()) return setProblem('Title is required');
    if (!Number.isInteger(Number(openings)) || Number(openings) < 1) return setProblem('Openings must be a whole number of at least 1');
    setProblem(null);
    update.mutate({
      title: title.trim(),
      headcount: Number(openings),
      ...(moreOpenings && headcountJustification.trim() ? { headcountJustification: headcountJustification.trim() } : {}),
      description,
      published,
      team: { hiringManagerId: hiringManager[0]?.id ?? null, recruiterIds: ids(recruiters), interviewerIds: ids(interviewers), followerIds: ids(followers) },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit job" size="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {problem || update.isError ? <Alert color="red">{problem ?? errorMessage(update.error)}</Alert> : null}
          <Group grow>
            <TextInput label="Title" withAsterisk value={title} maxLength={JobValidation.maxTitleLength} onChange={(e) => setTitle(e.currentTarget.value)} />
            <NumberInput label="Openings" withAsterisk min={1} max={JobValidation.maxHeadcount} allowDecimal={false} value={openings} onChange={setOpenings} />
          </Group>
          {moreOpenings ? (
            <Textarea
              label="Reason for more openings"
              description="Needed when the job code has fewer approved positions left than you add"
              value={headcountJustification}
              maxLength={JobValidation.maxJustificationLength}
              onChange={(e) => setHeadcountJustification(e.currentTarget.value)}
            />
          ) : null}
          <DescriptionEditor value={description} onChange={setDescription} />
          <Switch label="List on the career site (while open)" checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />
          <TeamPicker label="Hiring manager" max={1} value={hiringManager} onChange={setHiringManager} />
          <TeamPicker label="Recruiters (owners)" value={recruiters} onChange={setRecruiters} />
          <TeamPicker label="Interviewers" value={interviewers} onChange={setInterviewers} />
          <TeamPicker label="Followers" value={followers} onChange={setFollowers} />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save job
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
