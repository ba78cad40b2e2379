import { Suspense, lazy, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { InterviewModeLabels, InterviewStatusLabels, type TFeedbackState, type TInterview } from '@hireflow/contracts/interviews';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useInterviews } from '../api/get-interviews';
import type { TSettableInterviewStatus as TSettableStatus } from '@hireflow/contracts/interviews-scheduling';
import { useCanScheduleInterviews } from './can-schedule';
import { InterviewStatusColors, interviewWhen, viewerTimeZone } from './interview-format';

// Each dialog loads when it is first opened.
const ScheduleInterviewDialog = lazy(() => import('./schedule-interview-dialog').then((m) => ({ default: m.ScheduleInterviewDialog })));
const CancelInterviewDialog = lazy(() => import('./cancel-interview-dialog').then((m) => ({ default: m.CancelInterviewDialog })));
const InterviewStatusDialog = lazy(() => import('./interview-status-dialog').then((m) => ({ default: m.InterviewStatusDialog })));

const FeedbackLabels: Record<TFeedbackState, string> = { pending: 'Scorecard due', draft: 'Scorecard draft', submitted: 'Scorecard submitted' };
const FeedbackColors: Record<TFeedbackState, string> = { pending: 'gray.7', draft: 'yellow.9', submitted: 'green' };

type Props = { applicationId: string; jobId: string; candidateName: string };
type Action = { kind: 'schedule' } | { kind: 'reschedule'; interview: TInterview } | { kind: 'cancel'; interview: TInterview } | { kind: 'status'; interview: TInterview; status: TSettableStatus };

/**
 * The interviews of one application (the application page): when on my clock, the round, where, the
 * interviewers with their scorecards, the status; for those who schedule on the job: schedule, reschedule,
 * cancel and record what became of it. Colleagues' changes arrive live.
 */
export function ApplicationInterviews({ applicationId, jobId, candidateName }: Props) {
  const { user } = useSession();
  const timeZone = viewerTimeZone(user?.timezone);
  const interviews = useInterviews({ applicationId });
  const canSchedule = useCanScheduleInterviews(jobId);
  const client = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);

  useLiveEvents((event) => {
    if (event.kind === 'interview.changed' && (event.applicationId === applicationId || event.applicationId === null)) {
      void client.invalidateQueries({ queryKey: ['interviews'] });
    }
  });

  const items = interviews.data?.items ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Interviews">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Interviews
        </Title>
        {canSchedule && items.length > 0 ? (
          <Button size="compact-sm" variant="light" onClick={() => setAction({ kind: 'schedule' })}>
            Schedule interview
          </Button>
        ) : null}
      </Group>
      {interviews.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading interviews" />
      ) : interviews.isError ? (
        <Alert color="red" title="The interviews could not be loaded">
          {errorMessage(interviews.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">No interviews yet.</Text>
          {canSchedule ? (
            <Button size="compact-sm" onClick={() => setAction({ kind: 'schedule' })}>
              Schedule interview
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((interview) => (
            <InterviewItem key={interview.id} interview={interview} timeZone={timeZone} canSchedule={canSchedule} myId={user?.id ?? null} onAction={setAction} />
          ))}
        </Stack>
      )}
      {action ? (
        <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading" />}>
          {action.kind === 'schedule' || action.kind === 'reschedule' ? (
            <ScheduleInterviewDialog
              opened
              onClose={close}
              applicationId={applicationId}
              jobId={jobId}
              candidateName={candidateName}
              interview={action.kind === 'reschedule' ? action.interview : null}
            />
          ) : action.kind === 'cancel' ? (
            <CancelInterviewDialog interview={action.interview} when={interviewWhen(action.interview, timeZone)} onClose={close} />
          ) : (
            <InterviewStatusDialog interview={action.interview} status={action.status} when={interviewWhen(action.interview, timeZone)} onClose={close} />
          )}
        </Suspense>
      ) : null}
    </Paper>
  );
}

function InterviewItem({ interview: i, timeZone, canSchedule, myId, onAction }: { interview: TInterview; timeZone: string; canSchedule: boolean; myId: string | null; onAction: (a: Action) => void }) {
  const name = i.roundName || 'Interview';
  const when = interviewWhen(i, timeZone);
  const started = Date.parse(i.start) <= Date.now();
  const amInterviewer = myId !== null && i.interviewers.some((p) => p.id === myId);
  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-label={`${name}, ${when}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <Badge color={InterviewStatusColors[i.status]} variant="outline">
              {InterviewStatusLabels[i.status]}
            </Badge>
          </Group>
          <Text fz="sm">
            {when} <Text span fz="xs" c="dimmed">({timeZone})</Text>
          </Text>
          <Text fz="sm">
            {InterviewModeLabels[i.mode]}
            {i.mode === 'onsite' && i.room ? `: ${i.room.name}, ${i.room.address}` : null}
            {i.mode === 'phone' && i.phone ? `: ${i.phone}` : null}
            {i.mode === 'video' && i.videoLink ? (
              <>
                {': '}
                <Anchor href={i.videoLink} target="_blank" rel="noopener noreferrer">
                  join link
                </Anchor>
              </>
            ) : null}
          </Text>
          {i.statusNote ? <Text fz="sm">{i.status === 'incident' ? `Incident: ${i.statusNote}` : `Reason: ${i.statusNote}`}</Text> : null}
          <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Interviewers">
            {i.interviewers.map((p) => (
              <li key={p.id}>
                <Text span fz="sm">
                  {p.name}{' '}
                </Text>
                <Badge size="xs" variant="outline" color={FeedbackColors[p.feedback]} tt="none">
                  {FeedbackLabels[p.feedback]}
                </Badge>
              </li>
            ))}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {amInterviewer && i.status !== 'cancelled' ? (
            <Anchor component={Link} to={`/interviewfeedback/${i.id}`} fz="sm" aria-label={`Scorecard for ${name}`}>
              Scorecard
            </Anchor>
          ) : null}
          {canSchedule && i.status === 'scheduled' ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="subtle" aria-label={`Actions for ${name}, ${when}`}>
                  Actions
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onAction({ kind: 'reschedule', interview: i })}>Reschedule…</Menu.Item>
                <Menu.Item color="red" onClick={() => onAction({ kind: 'cancel', interview: i })}>
                  Cancel interview…
                </Menu.Item>
                {started ? (
                  <>
                    <Menu.Divider />
                    <Menu.Label>What became of it</Menu.Label>
                    <Menu.Item onClick={() => onAction({ kind: 'status', interview: i, status: 'completed' })}>Completed</Menu.Item>
                    <Menu.Item onClick={() => onAction({ kind: 'status', interview: i, status: 'did_not_happen' })}>Did not happen…</Menu.Item>
                    <Menu.Item onClick={() => onAction({ kind: 'status', interview: i, status: 'incident' })}>Incident…</Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
