import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Paths } from '@hireflow/contracts/routes';
import { InterviewModeLabels, InterviewStatusLabels } from '@hireflow/contracts/interviews';
import type { TDashboardInterview, TInterviewDashboard } from '@hireflow/contracts/interviews-insights';
import { CardState, DashboardCard } from '@/features/jobs/components/dashboard-cards';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { getInterviewDashboardQueryOptions, useInterviewDashboard } from '../api/get-interview-dashboard';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;
const timeIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const dayIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat(undefined, { timeZone, day: 'numeric', month: 'short' }).format(new Date(iso));

function InterviewRow({ interview, timeZone }: { interview: TDashboardInterview; timeZone: string }) {
  return (
    <li>
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Text fw={500} miw="4.5rem" style={{ whiteSpace: "nowrap" }}>
          {timeIn(interview.start, timeZone)}
        </Text>
        <div>
          <Anchor component={Link} to={`/application/${interview.applicationId}`} fw={500}>
            {interview.candidateName}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {interview.roundName} · {interview.jobTitle} · {InterviewModeLabels[interview.mode]}
            {interview.status !== 'scheduled' ? ` · ${InterviewStatusLabels[interview.status]}` : ''}
            {interview.mine ? '' : ' · not on the panel'}
          </Text>
        </div>
      </Group>
    </li>
  );
}

function Day({ title, day, timeZone, empty }: { title: string; day: TInterviewDashboard['today']; timeZone: string; empty: string }) {
  return (
    <section aria-label={title}>
      <Group gap="xs" mb={4}>
        <Title order={3} fz="md">
          {title}
        </Title>
        {day.total ? <Badge variant="light">{day.total}</Badge> : null}
      </Group>
      {day.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle}>
          {day.items.map((i) => (
            <InterviewRow key={i.id} interview={i} timeZone={timeZone} />
          ))}
        </Stack>
      )}
      {day.total > day.items.length ? (
        <Text fz="sm" c="dimmed">
          and {day.total - day.items.length} more
        </Text>
      ) : null}
    </section>
  );
}

/**
 * Dashboard: my interviews today and tomorrow (times in my profile's time zone) and the scorecards I owe,
 * overdue first. Loaded lazily by the dashboard page.
 */
export default function InterviewDashboardCards() {
  const dashboard = useInterviewDashboard();
  const queryClient = useQueryClient();
  // Someone scheduled, moved or cancelled an interview of mine, or I submitted a scorecard in another tab.
  useLiveEvents((event) => {
    if (event.kind === 'interview.changed') void queryClient.invalidateQueries({ queryKey: getInterviewDashboardQueryOptions().queryKey });
  });
  const data = dashboard.data;
  return (
    <>
      <DashboardCard title="My interviews" total={data ? data.today.total + data.tomorrow.total : undefined} seeAll={{ to: '/workflow/interview', label: 'In interview stage' }}>
        {data ? (
          <Stack gap="md">
            <Day title="Today" day={data.today} timeZone={data.timeZone} empty="No interviews today." />
            <Day title="Tomorrow" day={data.tomorrow} timeZone={data.timeZone} empty="No interviews tomorrow." />
            <Text fz="xs" c="dimmed">
              Times in {data.timeZone.replace(/_/g, ' ')}, your profile’s time zone.
            </Text>
          </Stack>
        ) : (
          <CardState pending={dashboard.isPending} error={dashboard.error} label="interviews" />
        )}
      </DashboardCard>
      <DashboardCard title="Scorecards I owe" total={data?.owed.total} seeAll={{ to: Paths.interviewFeedbackAll, label: 'All my scorecards' }}>
        {data ? (
          data.owed.items.length === 0 ? (
            <Text c="dimmed">No scorecards to write. Interviews you are on appear here once they have started.</Text>
          ) : (
            <Stack gap="xs">
              {data.owed.overdue ? (
                <Text fz="sm" c="red.9">
                  {data.owed.overdue} overdue (ended more than a day ago)
                </Text>
              ) : null}
              <Stack gap="xs" component="ul" style={listStyle}>
                {data.owed.items.map((o) => (
                  <li key={o.interviewId}>
                    <Group justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={`/interviewfeedback/${o.interviewId}`} fw={500} aria-label={`Write the scorecard for ${o.candidateName}, ${o.roundName}`}>
                        {o.candidateName} · {o.roundName}
                      </Anchor>
                      {o.overdue ? (
                        <Badge color="red" variant="light">
                          Overdue
                        </Badge>
                      ) : null}
                    </Group>
                    <Text fz="sm" c="dimmed">
                      {o.jobTitle} · ended {dayIn(o.end, data.timeZone)}, {timeIn(o.end, data.timeZone)}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Stack>
          )
        ) : (
          <CardState pending={dashboard.isPending} error={dashboard.error} label="scorecards" />
        )}
      </DashboardCard>
    </>
  );
}
