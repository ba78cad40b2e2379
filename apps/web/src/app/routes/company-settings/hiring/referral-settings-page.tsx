import { Stack, Text, Title } from '@mantine/core';
import { JobValidation } from '@hireflow/contracts/jobs';
import { useOrgOptions } from '@/features/org/api/get-org-options';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { ReferralSettingsView } from '@/features/referrals/settings/referral-settings-view';
import { useSession } from '@/lib/session';

/** /company-settings/referral-settings: the referral reward rules (right advanceSettings). */
export default function ReferralSettingsPage() {
  const { user } = useSession();
  const departments = useOrgOptions('departments');
  // Employees only list the jobs they are part of; everyone else picks from every job.
  const jobs = useJobs({ scope: user && (user.role !== 'employee' || user.superUser) ? 'all' : 'mine', pageSize: JobValidation.maxListPageSize });
  return (
    <Stack gap="md">
      <Title order={1}>Referral settings</Title>
      <Text>The rules for rewarding employees whose referrals are hired. Changes apply to hires from now on; rewards already created keep their amount.</Text>
      <ReferralSettingsView
        departments={(departments.data?.options ?? []).map((o) => ({ value: o.id, label: o.name }))}
        jobs={(jobs.data?.items ?? []).map((j) => ({ value: j.id, label: j.title }))}
      />
    </Stack>
  );
}
