import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Box, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Paths } from '@hireflow/contracts/routes';
import { ProductName } from '@hireflow/contracts/constants';
import { FormAlert } from '@/components/form-alert';
import { agencyLogout, useAgencyMe } from '@/features/agencies/portal/api/portal-api';
import { JobsPanel } from '@/features/agencies/portal/components/jobs-panel';
import { PanelLoading } from '@/features/agencies/portal/components/panel-states';
import type { JobPick } from '@/features/agencies/portal/components/submit-panel';
import { errorMessage } from '@/lib/api-client';
import { agencySignInPathOf, clearAllStorage, getAgencyLoginData, useSession, type AgencyLoginData } from '@/lib/session';
import type { AgencySignInArrival } from '../agencies-login/agencies-login-page';
import { loadChunk } from '../lazy-page';
// Outside the app shell: the portal loads the signed-in pages' Mantine sheets itself (tabs, tables, badges, selects).
import '@/app/shell/shell-styles';

// The other tabs load when first opened, so a phone opening the portal downloads the jobs list only.
const SubmitPanel = lazy(() => loadChunk(() => import('@/features/agencies/portal/components/submit-panel')).then((m) => ({ default: m.SubmitPanel })));
const SubmissionsPanel = lazy(() =>
  loadChunk(() => import('@/features/agencies/portal/components/submissions-panel')).then((m) => ({ default: m.SubmissionsPanel })),
);
const ColleaguesPanel = lazy(() =>
  loadChunk(() => import('@/features/agencies/portal/components/colleagues-panel')).then((m) => ({ default: m.ColleaguesPanel })),
);

const tabs = ['jobs', 'submit', 'submissions', 'colleagues'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/**
 * /applied-by-agencies: the agency portal, outside the company app shell (RequireAgencyLogin lets only an
 * agency sign-in in). When the session ends (sign out, or a 401 that lib/api-client answers by clearing it)
 * the user goes back to the agency's own sign-in link.
 */
export default function AppliedByAgenciesPage() {
  // Kept from the first render: the sign-in link must survive the session being cleared.
  const [login] = useState(getAgencyLoginData);
  const { token } = useSession();
  const [ended, setEnded] = useState<AgencySignInArrival>({ sessionEnded: true });

  if (!login) return <Navigate to={Paths.notFound} replace />;
  if (!token) return <Navigate to={agencySignInPathOf(login)} replace state={ended} />;
  return <Portal login={login} onSignedOut={() => setEnded({ signedOut: true })} />;
}

function Portal({ login, onSignedOut }: { login: AgencyLoginData; onSignedOut: () => void }) {
  const me = useAgencyMe();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'jobs';
  const [pick, setPick] = useState<JobPick | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  // A tab mounts when first opened and then stays (hidden), keeping a half-filled form across tab changes.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set([...opened, tab]));
  const once = (value: Tab, panel: ReactNode) => (opened.has(value) || value === tab ? <Suspense fallback={<PanelLoading label="Loading" />}>{panel}</Suspense> : null);

  const agencyName = me.data?.agency.name ?? login.agencyName;
  const companyName = me.data?.company.name ?? login.companyName;
  const userName = me.data?.user.name ?? login.userName;
  const paused = me.data?.agency.status === 'paused';

  const openTab = (next: Tab) => setParams(next === 'jobs' ? {} : { tab: next }, { replace: true });

  const signOut = async () => {
    setSigningOut(true);
    await agencyLogout().catch(() => undefined);
    // The page above sees the token gone and returns to the agency's sign-in link, saying the user signed out.
    onSignedOut();
    clearAllStorage();
    queryClient.clear();
  };

  return (
    <>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
        <Container size="lg" py="sm">
          <Group justify="space-between" gap="sm">
            <Stack gap={0}>
              <Text fw={700} c="pastel-green.9">
                {agencyName}
              </Text>
              <Text size="sm">Recruiting for {companyName}</Text>
            </Stack>
            <Group gap="sm">
              <Text size="sm" visibleFrom="xs">
                {userName}
              </Text>
              <Button variant="default" size="sm" onClick={() => void signOut()} loading={signingOut}>
                Sign out
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <main>
        <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
                Agency portal
              </Title>
              <Text size="sm" c="dimmed">
                Your jobs and candidates at {companyName}, through {ProductName}.
              </Text>
            </Stack>
            {me.isError ? <FormAlert message={errorMessage(me.error)} /> : null}
            <Tabs value={tab} onChange={(value) => openTab(isTab(value) ? value : 'jobs')} keepMounted>
              <Tabs.List style={{ flexWrap: 'wrap' }}>
                <Tabs.Tab value="jobs">Jobs</Tabs.Tab>
                <Tabs.Tab value="submit">Submit a candidate</Tabs.Tab>
                <Tabs.Tab value="submissions">Submissions</Tabs.Tab>
                <Tabs.Tab value="colleagues">Colleagues</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="jobs" pt="md">
                <JobsPanel
                  canSubmit={!paused}
                  onSubmitTo={(jobId) => {
                    setPick({ jobId });
                    openTab('submit');
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="submit" pt="md">
                {once('submit', <SubmitPanel paused={paused} ready={me.isSuccess} pick={pick} />)}
              </Tabs.Panel>
              <Tabs.Panel value="submissions" pt="md">
                {once('submissions', <SubmissionsPanel />)}
              </Tabs.Panel>
              <Tabs.Panel value="colleagues" pt="md">
                {once('colleagues', <ColleaguesPanel isContact={me.data?.user.isContact ?? false} />)}
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Container>
      </main>
    </>
  );
}
