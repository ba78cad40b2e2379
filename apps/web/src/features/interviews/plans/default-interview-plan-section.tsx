import { Alert, Anchor, Loader, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDefaultInterviewPlan, useSaveDefaultInterviewPlan } from '../api/default-interview-plan';
import { errorMessage } from '@/lib/api-client';
import { PlanEditor } from './plan-editor';

/** /company-settings/preferences: the company default interview plan every job starts from. */
export default function DefaultInterviewPlanSection() {
  const plan = useDefaultInterviewPlan();
  const save = useSaveDefaultInterviewPlan();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="default-plan-title">
      <Title order={2} fz="h4" id="default-plan-title">
        Default interview plan
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every job follows these rounds until its hiring team gives it a plan of its own. Focus attributes come from the{' '}
        <Anchor component={Link} to="/company-settings/manage-lists/interview-attributes" size="sm" underline="always">
          interview attribute library
        </Anchor>
        .
      </Text>
      {plan.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading the default interview plan" />
      ) : plan.isError ? (
        <Alert color="red">{errorMessage(plan.error)}</Alert>
      ) : (
        <PlanEditor plan={plan.data} onSave={(input) => save.mutateAsync(input)} saving={save.isPending} error={save.error} saveLabel="Save default plan" />
      )}
    </Paper>
  );
}
