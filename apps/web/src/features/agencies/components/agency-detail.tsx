import { Alert, Anchor, Button, CopyButton, Drawer, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TAgency } from '@hireflow/contracts/agencies';
import { approvalPagePath } from '@hireflow/contracts/approvals';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { ApiErrorText } from '@/components/api-error-text';
import { useAgency } from '../api/get-agency';
import { usePauseAgency } from '../api/pause-agency';
import { useResumeAgency } from '../api/resume-agency';
import { AgencyStatusBadge } from './agency-status-badge';
import { AgencyTermsTable } from './agency-terms-table';
import { AgencySubmissions } from './agency-submissions';
import { when } from './agency-texts';

const EditAgencyForm = lazy(() => import('./edit-agency-form'));

/** One agency in a drawer (?agency=id keeps it shareable): its terms, sign-in link, users, pause/resume and submissions. */
export function AgencyDetailDrawer({ agencyId, onClose }: { agencyId: string | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const agency = useAgency(agencyId ?? '');
  const title = agency.data?.name ?? 'Agency';
  return (
    <Drawer opened={agencyId !== null} onClose={onClose} position="right" size={phone ? '100%' : 'xl'} title={<Title order={2} fz="h3">{title}</Title>} closeButtonProps={{ 'aria-label': 'Close the agency' }}>
      {agency.isPending ? (
        <Group justify="center" p="lg">
          <Loader role="progressbar" aria-label="Loading the agency" />
        </Group>
      ) : agency.isError ? (
        <Alert color="red" role="alert" title="This agency could not be loaded">
          <ApiErrorText message={errorMessage(agency.error)} />
        </Alert>
      ) : (
        <AgencyDetail key={agency.data.id} agency={agency.data} />
      )}
    </Drawer>
  );
}

function AgencyDetail({ agency }: { agency: TAgency }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const closed = agency.status === 'rejected' || agency.status === 'withdrawn';
  return (
    <Stack gap="md">
      <Group gap="sm">
        <AgencyStatusBadge status={agency.status} />
        <Text size="sm" c="dimmed">
          {agency.submissionCount} submitted · {agency.hireCount} hired
        </Text>
      </Group>
      {agency.status === 'pending' ? (
        <Alert color="indigo" title="Waiting for approval">
          The contact gets the sign-in link once the approval chain approves the agency.{' '}
          <Anchor component={Link} to={approvalPagePath('agency', agency.id)}>
            See the approval
          </Anchor>
        </Alert>
      ) : null}
      {closed ? (
        <Alert color="gray" title={agency.status === 'rejected' ? 'The invitation was rejected' : 'The invitation was withdrawn'}>
          This agency can no longer be changed. Invite it again if you want to work with it.{' '}
          <Anchor component={Link} to={approvalPagePath('agency', agency.id)}>
            See its approval history
          </Anchor>
        </Alert>
      ) : null}
      {agency.status === 'paused' ? <Alert color="grape">Paused: its users can sign in and see their submissions, but cannot submit candidates.</Alert> : null}
      <FormAlert message={saved} tone="success" />

      <Section title="Terms">
        {editing ? (
          <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading the form" />}>
            <EditAgencyForm
              agency={agency}
              onDone={(message) => {
                setEditing(false);
                setSaved(message);
              }}
            />
          </Suspense>
        ) : (
          <Stack gap="sm">
            <AgencyTermsTable agency={agency} />
            {agency.can.edit && !closed ? (
              <Group>
                <Button variant="default" onClick={() => (setEditing(true), setSaved(null))}>
                  Change terms and jobs
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </Section>

      {agency.signInUrl && (agency.status === 'active' || agency.status === 'paused') ? <SignInLink url={agency.signInUrl} /> : null}
      {agency.can.pause || agency.can.resume ? <PauseResume agency={agency} /> : null}

      {agency.status !== 'pending' || agency.users.length > 0 ? (
        <Section title="Users">
          {agency.users.length === 0 ? (
            <Text c="dimmed">No users yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {agency.users.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>{u.name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
                      <Table.Td>{UserStatusLabels[u.status] ?? u.status}</Table.Td>
                      <Table.Td>{u.lastLoginAt ? when(u.lastLoginAt) : 'Never'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Section>
      ) : null}

      {agency.status !== 'pending' ? (
        <Section title="Submissions">
          <AgencySubmissions agencyId={agency.id} />
        </Section>
      ) : null}
    </Stack>
  );
}

const UserStatusLabels: Record<string, string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function SignInLink({ url }: { url: string }) {
  return (
    <Section title="Sign-in link">
      <Text size="sm" mb="xs">
        The agency&apos;s users sign in here. Its contact can add colleagues once signed in.
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput label="Sign-in link" value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-live="polite">
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Section>
  );
}

/** Pause (users may look, not submit) or resume, each after a confirmation. */
function PauseResume({ agency }: { agency: TAgency }) {
  const [confirming, setConfirming] = useState(false);
  const done = () => setConfirming(false);
  const pause = usePauseAgency(agency.id, { onSuccess: done });
  const resume = useResumeAgency(agency.id, { onSuccess: done });
  const pausing = agency.can.pause;
  const action = pausing ? pause : resume;
  if (!confirming) {
    return (
      <Group>
        <Button variant="outline" color={pausing ? 'red.9' : undefined} onClick={() => (action.reset(), setConfirming(true))}>
          {pausing ? 'Pause agency' : 'Resume agency'}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={pausing ? 'Pause this agency?' : 'Resume this agency?'}>
      <Stack gap="sm">
        <Text fw={600}>{pausing ? 'Pause this agency?' : 'Resume this agency?'}</Text>
        <Text size="sm">
          {pausing
            ? `${agency.name} can still sign in and see its submissions, but cannot submit candidates until you resume it.`
            : `${agency.name} can submit candidates to its jobs again.`}
        </Text>
        <FormAlert message={action.isError ? errorMessage(action.error) : null} />
        <Group>
          <Button color={pausing ? 'red.9' : undefined} loading={action.isPending} onClick={() => action.mutate()}>
            {pausing ? 'Pause' : 'Resume'}
          </Button>
          <Button variant="default" onClick={done}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
