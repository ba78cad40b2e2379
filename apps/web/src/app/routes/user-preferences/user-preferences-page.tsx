import { Alert, Loader, Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { UserPreferencePages } from '@hireflow/contracts/routes';
import { ProfileForm } from '@/features/preferences/components/profile-form';
import { ChangePasswordForm } from '@/features/preferences/components/change-password-form';
import { NotificationSettings } from '@/features/preferences/components/notification-settings';
import { MyIntegrations } from '@/features/integrations/components/my-integrations';
import { useProfile } from '@/features/preferences/api/profile';
import { useOrgOptions } from '@/features/org/api/get-org-options';
import { errorMessage } from '@/lib/api-client';
import { SignatureSection } from '@/features/interviews/signatures/signature-section';

const WorkingHoursEditor = lazy(() => import('@/features/interviews/availability/working-hours-editor'));

type Page = (typeof UserPreferencePages)[number];
const titles: Record<Page, string> = { profile: 'Profile', preferences: 'Email preferences', myintegrations: 'My integrations' };

function ProfileSection() {
  const profile = useProfile();
  const locations = useOrgOptions('locations');
  if (profile.isPending) return <Loader role="progressbar" aria-label="Loading profile" />;
  if (profile.isError) return <Alert color="red" role="alert">{errorMessage(profile.error)}</Alert>;
  return (
    <Stack>
      {/* Both forms set the time zone: keyed by it, each starts afresh when the other saved a new one. */}
      <ProfileForm key={profile.data.user.timezone ?? ''} user={profile.data.user} locations={(locations.data?.options ?? []).map((o) => ({ value: o.id, label: o.name }))} />
      <Suspense fallback={<Loader role="progressbar" aria-label="Loading working hours" />}><WorkingHoursEditor key={profile.data.user.timezone ?? ''} /></Suspense>
      <ChangePasswordForm />
      <SignatureSection />
    </Stack>
  );
}

/** /user-preferences/{profile|preferences|myintegrations}; /user-preferences opens profile. */
export default function UserPreferencesPage() {
  const { page } = useParams();
  const navigate = useNavigate();
  if (!page || !(UserPreferencePages as readonly string[]).includes(page)) return <Navigate to="/user-preferences/profile" replace />;
  const current = page as Page;
  return (
    <Stack gap="md">
      <Title order={1}>{titles[current]}</Title>
      <Tabs value={current} onChange={(next) => next && navigate(`/user-preferences/${next}`)} keepMounted={false}>
        <Tabs.List aria-label="User preferences">
          {UserPreferencePages.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {titles[p]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <ProfileSection />
        </Tabs.Panel>
        <Tabs.Panel value="preferences" pt="md">
          <NotificationSettings />
        </Tabs.Panel>
        <Tabs.Panel value="myintegrations" pt="md">
          <MyIntegrations />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
