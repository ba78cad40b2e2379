import { Alert, Anchor, Badge, Button, Grid, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApplicationSourceLabels } from '@hireflow/contracts/candidates';
import type { TCandidateProfile } from '@hireflow/contracts/candidates-profile';
import { useCandidateProfile } from '@/features/candidates/profile/api/get-candidate-profile';
import { usePinCandidate } from '@/features/candidates/api/pin-candidate';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { hasRight } from '@/app/guards/route-rules';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';
import { CandidateNotes } from './candidate-notes';
import { CandidateTimeline } from './candidate-timeline';
import { ResumeViewer } from '@/features/candidates/resumes/resume-viewer';
import { DuplicatesPanel } from '@/features/candidates/intake/duplicates-panel';
import { legalBasisText } from '@/features/privacy/consent/legal-basis-text';
import { loadChunk } from '../lazy-page';

// The edit form and the job picker load when someone opens them.
const CandidateEditModal = lazy(() => loadChunk(() => import('./candidate-edit-modal')).then((m) => ({ default: m.CandidateEditModal })));
const AddToJobModal = lazy(() => loadChunk(() => import('./add-to-job-modal')).then((m) => ({ default: m.AddToJobModal })));
const CandidateInterviews = lazy(() => import('@/features/interviews/schedule/candidate-interviews').then((m) => ({ default: m.CandidateInterviews })));
const EraseCandidateDialog = lazy(() => loadChunk(() => import('@/features/privacy/erasure/erase-candidate-dialog')).then((m) => ({ default: m.EraseCandidateDialog })));
const ScheduleInterviewButton = lazy(() => import('@/features/interviews/schedule/schedule-interview-button').then((m) => ({ default: m.ScheduleInterviewButton })));

/** /{type}/{id} with type candidate: who they are, their applications, notes and timeline. */
export default function CandidatePage() {
  const id = useParams().id ?? '';
  const profile = useCandidateProfile(id);
  if (profile.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading candidate" />
      </Group>
    );
  }
  if (profile.isError) {
    const status = (profile.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Candidate</Title>
        <Alert color="red" title="This candidate could not be loaded">
          {errorMessage(profile.error)}
        </Alert>
      </Stack>
    );
  }
  // A profile merged into another one: its history lives on there.
  if (profile.data.mergedIntoId) return <Navigate to={`/candidate/${profile.data.mergedIntoId}`} replace />;
  return <CandidateView key={profile.data.id} profile={profile.data as TCandidateProfile} />;
}

const fullName = (p: TCandidateProfile) => `${p.firstName} ${p.lastName}`.trim();
/** An erased candidate keeps only the anonymous name (privacy erasure). */
const isErased = (p: TCandidateProfile) => p.erasedAt !== null;

function CandidateView({ profile }: { profile: TCandidateProfile }) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const pin = usePinCandidate();
  const queryClient = useQueryClient();
  const matrix = useAccessMatrix();
  const erased = isErased(profile);
  const mayErase = !erased && Boolean(matrix.data && hasRight(matrix.data.rights, 'companySettings'));
  const role = [profile.currentTitle, profile.currentCompany].filter(Boolean).join(' @ ');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="start">
        <div>
          <Title order={1}>{fullName(profile)}</Title>
          {role ? <Text>{role}</Text> : null}
          {profile.location ? <Text c="dimmed">{profile.location}</Text> : null}
        </div>
        <Group gap="xs">
          <Button
            variant={profile.pinned ? 'filled' : 'default'}
            aria-pressed={profile.pinned}
            loading={pin.isPending}
            onClick={() => pin.mutate({ id: profile.id, pinned: !profile.pinned })}
          >
            {profile.pinned ? 'Pinned' : 'Pin'}
          </Button>
          {profile.canEdit ? (
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          <Button onClick={() => setAdding(true)}>Add to job</Button>
          {mayErase ? (
            <Button variant="default" color="red" c="red" onClick={() => setErasing(true)}>
              Erase candidate
            </Button>
          ) : null}
        </Group>
      </Group>
      {erased ? (
        <Alert color="gray" variant="light" role="status" title="This candidate was erased">
          Their name, contact details, files, notes, answers and mails are gone. What remains is anonymous, so that reports stay correct.
        </Alert>
      ) : null}
      {pin.isError ? <Alert color="red">{errorMessage(pin.error)}</Alert> : null}
      {added ? (
        <Alert color="green" withCloseButton onClose={() => setAdded(null)}>
          Added to {added}.
        </Alert>
      ) : null}
      {profile.limited ? (
        <Alert color="blue" variant="light">
          You see what your jobs need: their applications and what happened on them.
        </Alert>
      ) : null}
      <Suspense fallback={editing || adding || erasing ? <Loader size="sm" role="progressbar" aria-label="Loading form" /> : null}>
        {profile.canEdit && editing ? <CandidateEditModal profile={profile} opened={editing} onClose={() => setEditing(false)} /> : null}
        {adding ? <AddToJobModal profile={profile} opened={adding} onClose={() => setAdding(false)} onAdded={setAdded} /> : null}
        {erasing ? (
          <EraseCandidateDialog
            candidateId={profile.id}
            candidateName={fullName(profile)}
            opened={erasing}
            onClose={() => setErasing(false)}
            onErased={() => void queryClient.invalidateQueries({ queryKey: ['candidates'] })}
          />
        ) : null}
      </Suspense>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Details profile={profile} />
            <Paper withBorder p="md" radius="md" component="section" aria-label="Résumé">
              <Title order={2} fz="h4" mb="sm">
                Résumé
              </Title>
              <ResumeViewer candidateId={profile.id} />
            </Paper>
            {profile.canEdit ? <DuplicatesPanel candidateId={profile.id} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Applications profile={profile} />
            <Suspense fallback={null}>
              <CandidateInterviews candidateId={profile.id} />
            </Suspense>
            <CandidateNotes profile={profile} />
            <CandidateTimeline candidateId={profile.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={150}>{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

const chips = (items: string[], empty: string) =>
  items.length ? (
    <Group gap={4}>
      {items.map((s) => (
        <Badge key={s} variant="light" tt="none">
          {s}
        </Badge>
      ))}
    </Group>
  ) : (
    <Text c="dimmed">{empty}</Text>
  );

function Details({ profile }: { profile: TCandidateProfile }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Contact and details">
      <Title order={2} fz="h4" mb="sm">
        Contact and details
      </Title>
      <Table variant="vertical" withRowBorders={false}>
        <Table.Tbody>
          <Row label="Email">{profile.email ? <Anchor href={`mailto:${profile.email}`}>{profile.email}</Anchor> : '—'}</Row>
          <Row label="Phone">{profile.phone ? <Anchor href={`tel:${profile.phone}`}>{profile.phone}</Anchor> : '—'}</Row>
          <Row label="Location">{profile.location || '—'}</Row>
          <Row label="Experience">{profile.experienceYears === null ? '—' : `${profile.experienceYears} ${profile.experienceYears === 1 ? 'year' : 'years'}`}</Row>
          <Row label="Skills">{chips(profile.skills, 'None listed')}</Row>
          <Row label="Tags">{chips(profile.tags, 'None')}</Row>
          <Row label="Source">{ApplicationSourceLabels[profile.source]}</Row>
          <Row label="Legal basis">{legalBasisText(profile)}</Row>
          {profile.unsubscribedAt ? <Row label="Mail">Unsubscribed on {new Date(profile.unsubscribedAt).toLocaleDateString()}</Row> : null}
          <Row label="Added">{new Date(profile.createdAt).toLocaleDateString()}</Row>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Applications({ profile }: { profile: TCandidateProfile }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Applications">
      <Title order={2} fz="h4" mb="sm">
        Applications
      </Title>
      {profile.applications.length === 0 ? (
        <Text c="dimmed">Not on any job yet. Use "Add to job" to put them in a job's pipeline.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Stage</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th>Interview</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profile.applications.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/application/${a.id}`}>
                      {a.job.title}
                    </Anchor>
                    {a.withdrawn ? (
                      <Badge ml="xs" color="gray" variant="light">
                        Withdrawn
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{a.stage.name}</Table.Td>
                  <Table.Td>{ApplicationSourceLabels[a.source]}</Table.Td>
                  <Table.Td>{new Date(a.appliedAt).toLocaleDateString()}</Table.Td>
                  <Table.Td>
                    {a.withdrawn ? null : (
                      <Suspense fallback={null}>
                        <ScheduleInterviewButton applicationId={a.id} jobId={a.job.id} jobTitle={a.job.title} candidateName={fullName(profile)} />
                      </Suspense>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
