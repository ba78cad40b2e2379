import { Badge, Group, Paper, Stack, Text, Typography } from '@mantine/core';
import type { TReferableJob } from '@hireflow/contracts/referrals';

/** The job as an employee sees it before referring: where, what, and the reward a hire would earn. */
export function ReferralJobDetails({ job }: { job: TReferableJob }) {
  const where = [job.department?.name, job.location?.name].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="About the job">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Text c="dimmed">{where || 'No department or location given'}</Text>
          {job.reward ? (
            <Badge variant="outline" color="teal.9" size="lg">
              Reward {job.reward}
            </Badge>
          ) : null}
        </Group>
        {job.descriptionHtml ? (
          <Typography>
            {/* Sanitised by the API, as the career site shows it. */}
            <div dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
          </Typography>
        ) : (
          <Text c="dimmed">No description yet.</Text>
        )}
      </Stack>
    </Paper>
  );
}
