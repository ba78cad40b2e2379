import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { PipelineCounts } from '@/features/jobs/components/pipeline-counts';
import { errorMessage } from '@/lib/api-client';

const CardRows = 5;

/** A dashboard card: its title with a total, a link to see everything, and its content (every area's cards use it). */
export function DashboardCard({ title, total, seeAll, children }: { title: string; total?: number; seeAll: { to: string; label: string }; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {total ? (
            <Badge variant="light">
              {total}
              <VisuallyHidden> in all</VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={seeAll.to} fz="sm">
          {seeAll.label}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

export function CardState({ pending, error, label }: { pending: boolean; error: unknown; label: string }) {
  if (pending) return <Loader size="sm" role="progressbar" aria-label={`Loading ${label}`} />;
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  return null;
}

/** My open jobs with their pipelines, so a recruiter sees where candidates pile up. */
export function MyOpenJobsCard() {
  const list = useJobs({ scope: 'mine', status: 'open', pageSize: CardRows });
  return (
    <DashboardCard title="My open jobs" total={list.data?.total} seeAll={{ to: Paths.jobsMine, label: 'All my jobs' }}>
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text c="dimmed">No open jobs yet. Jobs you own, follow or interview for appear here once they are open.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.items.map((job) => (
              <li key={job.id}>
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/job/${job.id}`} fw={500}>
                    {job.title}
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    {job.applicantCount} {job.applicantCount === 1 ? 'applicant' : 'applicants'}
                  </Text>
                </Group>
                <PipelineCounts pipeline={job.pipeline} compact />
              </li>
            ))}
          </Stack>
        )
      ) : (
        <CardState pending={list.isPending} error={list.error} label="jobs" />
      )}
    </DashboardCard>
  );
}
