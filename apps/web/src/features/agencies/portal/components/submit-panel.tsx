import { useEffect, useRef, useState } from 'react';
import { Button, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AgencyPortalMessages, ZPortalSubmitRequest } from '@hireflow/contracts/agency-portal';
import { ResumeUpload } from '@hireflow/contracts/candidates';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useAllPortalJobs, useSubmitCandidate } from '../api/portal-api';
import { PanelEmpty, PanelError, PanelLoading } from './panel-states';

/** A job picked on the Jobs tab (a new object on every click, so picking the same job again still applies). */
export type JobPick = { jobId: string };

/** `ready`: the agency's status is known (a paused agency may not submit). */
type Props = { paused: boolean; ready: boolean; pick: JobPick | null };

const empty = { jobId: '', firstName: '', lastName: '', email: '', phone: '', note: '' };
const fieldOrder = ['jobId', 'firstName', 'lastName', 'email', 'phone', 'note'] as const;

function resumeProblem(file: File | null): string | null {
  if (!file) return null;
  if (file.size > ResumeUpload.maxBytes) return `The résumé is larger than ${ResumeUpload.maxBytes / 1024 / 1024} MB.`;
  const byName = /\.(pdf|docx)$/i.test(file.name);
  const byType = file.type === '' || file.type in ResumeUpload.mimeTypes;
  return byName && byType ? null : 'The résumé must be a PDF or Word (.docx) file.';
}

/**
 * Submit a candidate to an assigned open job with room left. A refusal (a duplicate names who submitted the
 * person first and when) is shown as the API says it, and the form keeps what was typed.
 */
export function SubmitPanel({ paused, ready, pick }: Props) {
  const jobs = useAllPortalJobs();
  const submit = useSubmitCandidate();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({ initialValues: { ...empty, jobId: pick?.jobId ?? '' }, validate: zodValidate(ZPortalSubmitRequest) });
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });

  // "Submit a candidate" on a job of the Jobs tab picks that job here (once per click).
  useEffect(() => {
    if (pick) formRef.current.setFieldValue('jobId', pick.jobId);
  }, [pick]);

  if (jobs.isPending) return <PanelLoading label="Loading jobs" />;
  if (jobs.isError) return <PanelError error={jobs.error} onRetry={() => void jobs.refetch()} />;
  const open = jobs.data.filter((job) => job.remaining > 0);

  const onSubmit = form.onSubmit((values) => {
    const problem = resumeProblem(resume);
    setResumeError(problem);
    if (problem) return;
    setDone(null);
    const fields = ZPortalSubmitRequest.parse(values);
    submit.mutate(
      { ...fields, phone: fields.phone ?? '', resume },
      {
        onSuccess: (created) => {
          setDone(`${created.candidateName} was submitted to ${created.job.name}. You can follow them under Submissions.`);
          form.setValues({ ...empty, jobId: values.jobId });
          form.resetDirty();
          setResume(null);
          submit.reset();
        },
      },
    );
  }, focusFirstError(form, fieldOrder));

  return (
    <Stack gap="md">
      {paused ? <FormAlert tone="info" message={AgencyPortalMessages.agencyPaused} /> : null}
      {!paused && open.length === 0 ? (
        <PanelEmpty title="No job is open for a new candidate">
          Every job assigned to your agency has reached its limit of candidates, or none is assigned yet. Follow your candidates under Submissions,
          or ask the company to assign you more jobs.
        </PanelEmpty>
      ) : null}
      <FormAlert tone="success" message={done} />
      <form onSubmit={onSubmit} noValidate aria-label="Submit a candidate">
        <fieldset disabled={!ready || paused || open.length === 0 || submit.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <FormAlert message={submit.isError ? errorMessage(submit.error) : null} />
            <Select
              label="Job"
              placeholder="Choose a job"
              required
              data={open.map((job) => ({ value: job.id, label: `${job.title} (${job.remaining} more allowed)` }))}
              searchable
              nothingFoundMessage="No job matches"
              {...form.getInputProps('jobId')}
              onChange={(value) => form.setFieldValue('jobId', value ?? '')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" required autoComplete="off" {...form.getInputProps('firstName')} />
              <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
              <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
              <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            </SimpleGrid>
            <Textarea label="Note for the recruiter" autosize minRows={3} maxRows={8} {...form.getInputProps('note')} />
            <FileInput
              label="Résumé"
              description="Optional: PDF or Word (.docx), up to 5 MB"
              placeholder="Choose a file"
              accept={ResumeUpload.accept}
              clearable
              value={resume}
              error={resumeError}
              onChange={(file) => {
                setResume(file);
                setResumeError(resumeProblem(file));
              }}
            />
            <Group>
              <Button type="submit" loading={submit.isPending}>
                Submit candidate
              </Button>
              <Text size="xs" c="dimmed">
                The company sees who at your agency submitted the candidate.
              </Text>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
