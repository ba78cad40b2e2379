import { Alert, Group, Loader, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { useReferralSettings } from '../api/referral-settings';
import { ReferralSettingsForm, type Choice } from './referral-settings-form';
import { ReferralSettingsSummary } from './referral-settings-summary';

/** Loads the settings and shows the form, or the rules read-only when the caller may not change them. */
export function ReferralSettingsView({ departments, jobs }: { departments: Choice[]; jobs: Choice[] }) {
  const settings = useReferralSettings();
  if (settings.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading referral settings" />
      </Group>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title="The referral settings could not be loaded">
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  const s = settings.data;
  return (
    <>
      {s.updatedAt ? (
        <Text size="sm">
          Last changed {new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(s.updatedAt))}
          {s.updatedBy ? ` by ${s.updatedBy.name}` : ''}
        </Text>
      ) : null}
      {s.canEdit ? <ReferralSettingsForm settings={s} departments={departments} jobs={jobs} /> : <ReferralSettingsSummary settings={s} />}
    </>
  );
}
