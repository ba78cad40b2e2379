import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { CardState, DashboardCard } from '@/features/jobs/components/dashboard-cards';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { useScreeningSummary } from '../api/get-speed-screening';

/** Who moves applicants, and so screens them: recruiters, hiring managers, admins and super users (the API decides per job). */
export function movesApplicants(user: { role: string; admin: boolean; superUser: boolean; addlRoles: readonly string[] } | null | undefined) {
  return Boolean(user && (user.role === 'recruiter' || user.admin || user.superUser || user.addlRoles.includes('HM')));
}

/** Dashboard: new applicants waiting in the first stage of each job I run, each a way into speed screening. */
export function NewApplicantsCard() {
  const summary = useScreeningSummary();
  return (
    <DashboardCard title="New applicants to review" total={summary.data?.total} seeAll={{ to: Paths.speedScreening, label: 'Screen all' }}>
      <CardState pending={summary.isPending} error={summary.error} label="new applicants" />
      {summary.data ? (
        summary.data.jobs.length === 0 ? (
          <Text c="dimmed">No new applicants are waiting. Applicants to the jobs you run appear here.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {summary.data.jobs.map((j) => (
              <li key={j.jobId}>
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`${Paths.speedScreening}?jobId=${j.jobId}`} fw={500} aria-label={`Screen ${j.count} new ${j.count === 1 ? 'applicant' : 'applicants'} for ${j.title}`}>
                    {j.title}
                  </Anchor>
                  <Badge variant="light">{j.count}</Badge>
                </Group>
              </li>
            ))}
          </Stack>
        )
      ) : null}
    </DashboardCard>
  );
}
