import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths, buildPath } from '@hireflow/contracts/routes';
import type { TDashboardActivity } from '@hireflow/contracts/dashboard';
import { CardState, DashboardCard } from '@/features/jobs/components/dashboard-cards';
import { useDashboardActivity } from '../api/get-dashboard-activity';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;
const when = (iso: string) => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

function Row({ item }: { item: TDashboardActivity }) {
  const to = item.applicationId ? buildPath(Paths.application, { id: item.applicationId }) : buildPath(Paths.candidate, { id: item.candidate.id });
  const who = item.mine ? 'You' : (item.by?.name ?? 'Someone');
  return (
    <li>
      {item.canOpen ? (
        <Anchor component={Link} to={to} fw={500}>
          {item.candidate.name}
        </Anchor>
      ) : (
        <Text fw={500} span>
          {item.candidate.name}
        </Text>
      )}
      <Text fz="sm">{item.summary}</Text>
      <Text fz="sm" c="dimmed">
        {[who, item.job?.title, when(item.at)].filter(Boolean).join(' · ')}
      </Text>
    </li>
  );
}

/** What happened lately to candidates: what I did, and what my colleagues did on the jobs I am on. */
export function RecentActivityCard() {
  const activity = useDashboardActivity();
  return (
    <DashboardCard title="Recent activity" seeAll={{ to: Paths.jobsMine, label: 'My jobs' }}>
      {activity.data ? (
        activity.data.items.length === 0 ? (
          <Text c="dimmed">Nothing yet. When you or your colleagues move, note or interview candidates on your jobs, it shows here.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={listStyle}>
            {activity.data.items.map((item) => (
              <Row key={item.id} item={item} />
            ))}
          </Stack>
        )
      ) : (
        <CardState pending={activity.isPending} error={activity.error} label="recent activity" />
      )}
    </DashboardCard>
  );
}
