import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useJobInterviewPlan, useSaveJobInterviewPlan } from '../api/job-interview-plan';
import { errorMessage } from '@/lib/api-client';
import { PlanEditor, PlanView } from './plan-editor';

/** The job page's "Interview plan": those who run the job edit it; everyone else who sees the job reads it. */
export default function JobInterviewPlanSection({ jobId, canEdit }: { jobId: string; canEdit: boolean }) {
  const plan = useJobInterviewPlan(jobId);
  const save = useSaveJobInterviewPlan(jobId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="interview-plan-title">
      <Title order={2} fz="h4" mb="sm" id="interview-plan-title">
        Interview plan
      </Title>
      {plan.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading the interview plan" />
      ) : plan.isError ? (
        <Alert color="red">{errorMessage(plan.error)}</Alert>
      ) : (
        <Stack gap="sm">
          {plan.data.inherited ? (
            <Text size="sm" c="dimmed">
              This job follows your company&apos;s{' '}
              <Anchor component={Link} to="/company-settings/preferences" size="sm" underline="always">
                default interview plan
              </Anchor>
              {canEdit ? '. Saving makes these rounds the job’s own.' : '.'}
            </Text>
          ) : null}
          {canEdit ? <PlanEditor plan={plan.data} onSave={(input) => save.mutateAsync(input)} saving={save.isPending} error={save.error} /> : <PlanView plan={plan.data} />}
        </Stack>
      )}
    </Paper>
  );
}
