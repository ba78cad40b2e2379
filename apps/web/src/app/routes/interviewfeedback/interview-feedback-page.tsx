import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import type { TFeedbackState } from '@hireflow/contracts/interviews';
import type { TInterviewFeedback } from '@hireflow/contracts/interviews-feedback';
import { interviewFeedbackKey, useInterviewFeedback } from '@/features/interviews/api/get-interview-feedback';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { InterviewSummary } from '@/features/interviews/feedback/interview-summary';
import { ScorecardForm } from '@/features/interviews/feedback/scorecard-form';
import { ScorecardView } from '@/features/interviews/feedback/scorecard-view';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';

const StateLabels: Record<TFeedbackState, string> = { pending: 'Not started', draft: 'Writing', submitted: 'Submitted' };

/** /interviewfeedback/:interviewId: my scorecard of an interview (the reminder mails link here) and the panel's. */
export default function InterviewFeedbackPage() {
  const id = useParams().interviewId ?? '';
  const feedback = useInterviewFeedback(id);
  const queryClient = useQueryClient();
  // A colleague submitting (or the interview changing) refreshes the panel; my form keeps what I typed.
  useLiveEvents((event) => {
    if (event.kind === 'interview.changed' && event.data.interviewId === id) void queryClient.invalidateQueries({ queryKey: interviewFeedbackKey(id) });
  });
  if (feedback.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading scorecard" />
      </Group>
    );
  }
  if (feedback.isError) {
    const status = (feedback.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Scorecard</Title>
        <Alert color="red" title="This scorecard could not be loaded">
          {errorMessage(feedback.error)}
        </Alert>
      </Stack>
    );
  }
  // A fresh form per interview and once submitted (the answer of the submit replaces the data).
  return <FeedbackView key={`${id}:${feedback.data.mine.scorecard?.status ?? 'none'}`} feedback={feedback.data} />;
}

function FeedbackView({ feedback }: { feedback: TInterviewFeedback }) {
  const { interview, mine } = feedback;
  const submitted = mine.scorecard?.status === 'submitted' ? mine.scorecard : null;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>
          Scorecard: {interview.candidateName}, {interview.roundName || 'Interview'}
        </Title>
        <Anchor component={Link} to={Paths.interviewFeedbackAll} fz="sm">
          All my scorecards
        </Anchor>
      </div>
      <InterviewSummary interview={interview} />
      {mine.canWrite ? <ScorecardForm feedback={feedback} /> : null}
      {submitted ? (
        <section aria-label="Your scorecard">
          <Title order={2} fz="h4" mb="sm">
            Your scorecard
          </Title>
          <ScorecardView scorecard={submitted} title="Submitted: final" />
        </section>
      ) : null}
      {!mine.canWrite && !submitted && (interview.status === 'cancelled' || interview.status === 'did_not_happen') ? (
        <Alert color="gray">This interview was cancelled or did not happen, so it takes no scorecards.</Alert>
      ) : null}
      {feedback.others.length ? (
        <Paper withBorder p="md" radius="md" component="section" aria-label="The panel">
          <Title order={2} fz="h4" mb="sm">
            The panel
          </Title>
          {!feedback.othersVisible ? (
            <Text c="dimmed" fz="sm" mb="sm">
              The other interviewers' scorecards show here once you have submitted yours.
            </Text>
          ) : null}
          <Stack gap="sm">
            {feedback.others.map((o) =>
              o.scorecard ? (
                <ScorecardView key={o.interviewer.id} scorecard={o.scorecard} />
              ) : (
                <Group key={o.interviewer.id} justify="space-between">
                  <Text>{o.interviewer.name}</Text>
                  <Badge variant="outline" color={o.state === 'submitted' ? 'teal.9' : 'gray.7'} tt="none">
                    {StateLabels[o.state]}
                  </Badge>
                </Group>
              ),
            )}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
