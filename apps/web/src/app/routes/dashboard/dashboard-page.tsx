import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session';
import { describeRole } from '@/lib/describe-role';
import { MyOpenJobsCard } from '@/features/jobs/components/dashboard-cards';
import { ApprovalsWaitingCard } from '@/features/approvals/dashboard/approvals-waiting-card';
import { MentionsCard } from '@/features/candidates/profile/components/mentions-card';
import { NewApplicantsCard, movesApplicants } from '@/features/pipeline/speed-screening/new-applicants-card';
import { SpotlightAnnouncements } from '@/features/spotlight/components/spotlight-announcements';
import { RecentActivityCard } from '@/features/dashboard/components/recent-activity-card';

const InterviewDashboardCards = lazy(() => import('@/features/interviews/dashboard/interview-dashboard-cards'));
const OffersAwaitingAnswerCard = lazy(() => import('@/features/offers/dashboard/offers-awaiting-answer-card'));
const ReferralDashboardCards = lazy(() => import('@/features/referrals/dashboard/referral-dashboard-cards'));

/**
 * /dashboard: the platform's announcements for me, who is signed in, what waits for me (approvals, scorecards,
 * interviews), how my open jobs are doing, recent activity, and positions to refer.
 */
export default function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md">
      <Title order={1}>Dashboard</Title>
      {user.customer ? <SpotlightAnnouncements /> : null}
      <Paper withBorder p="md" radius="md">
        <Text fw={500} fz="lg">
          Welcome, {user.fullName}
        </Text>
        <Text>{describeRole(user)}</Text>
        {user.customer ? <Text>{user.customer.name}</Text> : null}
      </Paper>
      {user.customer ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ApprovalsWaitingCard />
          <MyOpenJobsCard />
          {movesApplicants(user) ? <NewApplicantsCard /> : null}
          <MentionsCard />
          <Suspense fallback={null}><InterviewDashboardCards /></Suspense>
          {movesApplicants(user) ? <Suspense fallback={null}><OffersAwaitingAnswerCard /></Suspense> : null}
          <Suspense fallback={null}><ReferralDashboardCards /></Suspense>
          <RecentActivityCard />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
