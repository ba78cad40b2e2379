import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { referralPagePath } from '@hireflow/contracts/referrals';
import { CardState, DashboardCard } from '@/features/jobs/components/dashboard-cards';
import { useMyReferrals } from '../api/get-my-referrals';
import { useReferableJobs } from '../api/get-referable-jobs';
import { CoarseStatusBadge } from '@/components/coarse-status-badge';
import { openPositionsPath } from '../open-positions/open-positions-path';
import { referralDay } from '../referral-format';

const CardRows = 5;
const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

function OpenPositionsCard() {
  const list = useReferableJobs({ page: 1 });
  return (
    <DashboardCard title="Open positions to refer" total={list.data?.total} seeAll={{ to: openPositionsPath, label: 'See all' }}>
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text c="dimmed">No positions are open for referrals right now. When the company opens a job, you can refer someone to it from here.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={listStyle}>
            {list.data.items.slice(0, CardRows).map((job) => (
              <li key={job.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Anchor component={Link} to={referralPagePath(job.id)} fw={500}>
                      {job.title}
                    </Anchor>
                    <Text fz="sm" c="dimmed">
                      {[job.department?.name, job.location?.name].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                  {job.reward ? (
                    <Badge variant="outline" color="teal.9" style={{ flexShrink: 0 }}>
                      {job.reward}
                    </Badge>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        )
      ) : (
        <CardState pending={list.isPending} error={list.error} label="open positions" />
      )}
    </DashboardCard>
  );
}

function MyReferralsCard() {
  const list = useMyReferrals(1);
  return (
    <DashboardCard title="My referrals" total={list.data?.total} seeAll={{ to: Paths.myReferrals, label: 'All my referrals' }}>
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text c="dimmed">You have not referred anyone yet. Pick one of the open positions to refer someone you know; you can follow them here.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={listStyle}>
            {list.data.items.slice(0, CardRows).map((r) => (
              <li key={r.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={500}>{r.candidateName}</Text>
                    <Text fz="sm" c="dimmed">
                      {r.job.name} · {referralDay(r.referredAt)}
                    </Text>
                  </div>
                  <CoarseStatusBadge status={r.status} />
                </Group>
              </li>
            ))}
          </Stack>
        )
      ) : (
        <CardState pending={list.isPending} error={list.error} label="referrals" />
      )}
    </DashboardCard>
  );
}

/** Dashboard, for every company user: open positions I can refer someone to, and my latest referrals. */
export default function ReferralDashboardCards() {
  return (
    <>
      <OpenPositionsCard />
      <MyReferralsCard />
    </>
  );
}
