import { Alert, Anchor, Badge, Button, Grid, Group, List, Loader, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApplicationSourceLabels } from '@hireflow/contracts/candidates';
import type { TApplicationDetail } from '@hireflow/contracts/candidates-profile';
import { JobStatusLabels } from '@hireflow/contracts/jobs';
import { useApplication } from '@/features/candidates/profile/api/get-application';
import { downloadFile } from '@/features/jobs/api/download-file';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';

// The hiring team's moves load after the page: someone who only reads the application does not download them.
const ApplicationScorecardsPanel = lazy(() => import('@/features/interviews/feedback/application-scorecards-panel').then((m) => ({ default: m.ApplicationScorecardsPanel })));
const ApplicationMoveActions = lazy(() => import('@/features/pipeline/components/application-move-actions').then((m) => ({ default: m.ApplicationMoveActions })));
const ApplicationInterviews = lazy(() => import('@/features/interviews/schedule/application-interviews').then((m) => ({ default: m.ApplicationInterviews })));
const ApplicationOffers = lazy(() => import('@/features/offers/panel/application-offers').then((m) => ({ default: m.ApplicationOffers })));
const ApplicationOnboardingPanel = lazy(() => import('@/features/offers/onboarding/application-onboarding-panel').then((m) => ({ default: m.ApplicationOnboardingPanel })));

/** /{type}/{id} with type application: one candidate on one job, with the job's stages and the history. */
export default function ApplicationPage() {
  const id = useParams().id ?? '';
  const application = useApplication(id);
  if (application.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading application" />
      </Group>
    );
  }
  if (application.isError) {
    const status = (application.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Application</Title>
        <Alert color="red" title="This application could not be loaded">
          {errorMessage(application.error)}
        </Alert>
      </Stack>
    );
  }
  return <ApplicationView application={application.data} />;
}

/** Who brought the candidate: the referring employee or the submitting agency (plain text, no link). */
function OriginLine({ origin }: { origin: TApplicationDetail['origin'] }) {
  if (origin?.referrer) return <Text mt={4}>Referred by {origin.referrer.name}</Text>;
  if (origin?.agency) return <Text mt={4}>Submitted by {origin.agency.name} (agency)</Text>;
  return null;
}

function ApplicationView({ application: a }: { application: TApplicationDetail }) {
  const [problem, setProblem] = useState<string | null>(null);
  const currentIndex = a.stages.findIndex((s) => s.id === a.currentStageId);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>
          {a.candidate.name} for {a.job.title}
        </Title>
        <Group gap="md">
          <Anchor component={Link} to={`/candidate/${a.candidate.id}`}>
            Candidate profile
          </Anchor>
          <Anchor component={Link} to={`/job/${a.job.id}`}>
            Job: {a.job.title}
          </Anchor>
          <Badge variant="light">{JobStatusLabels[a.job.status]}</Badge>
          {a.withdrawn ? <Badge color="gray">Withdrawn</Badge> : null}
        </Group>
        <OriginLine origin={a.origin} />
      </div>
      <Suspense fallback={null}>
        <ApplicationMoveActions applicationId={a.id} jobId={a.job.id} name={a.candidate.name} stages={a.stages} currentStageId={a.currentStageId} />
      </Suspense>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Stages">
        <Title order={2} fz="h4" mb="sm">
          Stages
        </Title>
        <Group gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {a.stages.map((s, i) => (
            <li key={s.id} aria-current={s.id === a.currentStageId ? 'step' : undefined}>
              <Badge variant={s.id === a.currentStageId ? 'filled' : i < currentIndex ? 'light' : 'outline'} color={i > currentIndex ? 'gray.7' : undefined} tt="none">
                {s.name}
              </Badge>
            </li>
          ))}
        </Group>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Details">
            <Title order={2} fz="h4" mb="sm">
              Details
            </Title>
            <Table variant="vertical" withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={140}>Email</Table.Th>
                  <Table.Td>{a.candidate.email || '—'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Phone</Table.Th>
                  <Table.Td>{a.candidate.phone || '—'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Td>{ApplicationSourceLabels[a.source]}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Applied</Table.Th>
                  <Table.Td>{new Date(a.appliedAt).toLocaleDateString()}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Owner</Table.Th>
                  <Table.Td>{a.owner?.name ?? '—'}</Table.Td>
                </Table.Tr>
                {a.rejectionReason ? (
                  <Table.Tr>
                    <Table.Th>{a.withdrawn ? 'Withdrawal note' : 'Rejection reason'}</Table.Th>
                    <Table.Td>{a.rejectionReason}</Table.Td>
                  </Table.Tr>
                ) : null}
                <Table.Tr>
                  <Table.Th>Résumé</Table.Th>
                  <Table.Td>
                    {a.resume ? (
                      <Button size="compact-sm" variant="subtle" onClick={() => downloadFile(a.resume!.fileId, a.resume!.filename).catch((e) => setProblem(errorMessage(e)))}>
                        {a.resume.filename}
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {problem ? <Alert color="red">{problem}</Alert> : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading offers" />}><ApplicationOffers applicationId={a.id} candidateName={a.candidate.name} /></Suspense>
            <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading interviews" />}>
              <ApplicationInterviews applicationId={a.id} jobId={a.job.id} candidateName={a.candidate.name} />
            </Suspense>
            <Suspense fallback={null}><ApplicationScorecardsPanel applicationId={a.id} /></Suspense>
            <Suspense fallback={null}><ApplicationOnboardingPanel applicationId={a.id} /></Suspense>
            <Paper withBorder p="md" radius="md" component="section" aria-label="Stage history">
              <Title order={2} fz="h4" mb="sm">
                Stage history
              </Title>
              <Timeline bulletSize={12} lineWidth={2}>
                {a.history.map((h, i) => (
                  <Timeline.Item key={i} title={h.from ? `${h.from.name} → ${h.to.name}` : `Entered ${h.to.name}`}>
                    <Text fz="xs" c="dimmed">
                      {new Date(h.at).toLocaleString()}
                      {h.by ? ` · ${h.by.name}` : ''}
                    </Text>
                    {h.reason ? <Text fz="sm">{h.reason}</Text> : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-label="Answers">
              <Title order={2} fz="h4" mb="sm">
                Answers
              </Title>
              {a.answers.length === 0 ? (
                <Text c="dimmed">No questions were answered.</Text>
              ) : (
                <List listStyleType="none" spacing="sm" p={0}>
                  {a.answers.map((x, i) => (
                    <List.Item key={i}>
                      <Text fw={500}>{x.label}</Text>
                      <Text style={{ whiteSpace: 'pre-wrap' }}>{x.answer || '—'}</Text>
                    </List.Item>
                  ))}
                </List>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
