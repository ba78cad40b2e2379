import { Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useState, type ChangeEvent, type ReactNode } from 'react';
import { CompanyMessages, DateFormats, RetentionLimits, ZCompanyPreferences, type TCompanyPreferences } from '@hireflow/contracts/company';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/date-format';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { timeZoneOptions } from '@/lib/time-zones';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useSaveCompanyPreferences } from '../api/company-preferences';

// The confirmation loads when a save asks for it, so the page stays light.
const RetentionConfirmDialog = lazy(() => import('./retention-confirm-dialog').then((m) => ({ default: m.RetentionConfirmDialog })));

const order = ['timeZone', 'dateFormat', 'weekStart', 'retention.rejectedMonths', 'retention.sourcedDays', 'retention.withdrawnMonths'] as const;
const WeekStartLabels: Record<TCompanyPreferences['weekStart'], string> = { 1: 'Monday', 0: 'Sunday', 6: 'Saturday' };
type RetentionKey = keyof TCompanyPreferences['retention'];
const RetentionFields: { key: RetentionKey; label: string; unit: string; what: string }[] = [
  { key: 'rejectedMonths', label: 'Rejected candidates', unit: 'months', what: 'after the rejection' },
  { key: 'sourcedDays', label: 'Sourced, never contacted', unit: 'days', what: 'after they were added' },
  { key: 'withdrawnMonths', label: 'Withdrawn candidates', unit: 'months', what: 'after they withdrew' },
];

type Retention = TCompanyPreferences['retention'];
/** Shows who the retention periods being edited would affect (the privacy area's preview), and says how many. */
export type RetentionImpactSlot = (props: { draft: Retention; saved: Retention; onAffectedChange: (affected: number | null) => void }) => ReactNode;

/** A rule switched on or given another period: what saving would newly apply. */
const retentionChanged = (draft: Retention, saved: Retention) => RetentionFields.some(({ key }) => draft[key] != null && draft[key] !== saved[key]);

/**
 * The company's time zone, date format, week start and how long candidate data is kept. With `retentionImpact`,
 * a change of the retention periods shows who it would affect, and a save that would anonymise people (or
 * whose effect could not be checked) asks for confirmation first.
 */
export function CompanyPreferencesForm({ preferences, retentionImpact }: { preferences: TCompanyPreferences; retentionImpact?: RetentionImpactSlot }) {
  const form = useForm<TCompanyPreferences>({ initialValues: preferences, validate: zodValidate(ZCompanyPreferences) });
  const [saved, setSaved] = useState(preferences.retention);
  const [affected, setAffected] = useState<number | null>(0);
  const [confirming, setConfirming] = useState<TCompanyPreferences | null>(null);
  const onAffectedChange = useCallback((n: number | null) => setAffected(n), []);
  const save = useSaveCompanyPreferences({
    onSuccess: (stored) => {
      form.setInitialValues(stored);
      setSaved(stored.retention);
      notifications.show({ message: CompanyMessages.preferencesSaved, color: 'pastel-green' });
    },
  });
  const submit = (values: TCompanyPreferences) => {
    if (retentionImpact && retentionChanged(values.retention, saved) && affected !== 0) setConfirming(values);
    else store(values);
  };
  const store = (values: TCompanyPreferences) =>
    save.mutate(values, {
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, order);
        if (fieldErrors) form.setErrors(fieldErrors);
      },
    });
  const formLevelError = save.isError && !serverFieldErrors(save.error, order) ? errorMessage(save.error) : null;
  const today = new Date();
  const retentionProps = (key: RetentionKey) => {
    const props = form.getInputProps(`retention.${key}`);
    return {
      ...props,
      value: String((props.value as number | null) ?? ''),
      // Whole numbers only (Mantine's NumberInput would add 9 KB for this): other keys are ignored.
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 5);
        form.setFieldValue(`retention.${key}`, digits === '' ? null : Number(digits));
      },
    };
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-defaults-heading">
      <form onSubmit={form.onSubmit(submit, focusFirstError(form, order))} noValidate>
        <Stack>
          <Title order={2} fz="h4" id="company-defaults-heading">
            Dates and time
          </Title>
          <FormAlert message={formLevelError} />
          <Select
            label="Time zone"
            description="The company's default: new users start with it, and company-wide times use it"
            searchable
            allowDeselect={false}
            nothingFoundMessage="No such time zone"
            data={timeZoneOptions(form.values.timeZone)}
            maw={360}
            {...form.getInputProps('timeZone')}
          />
          <Radio.Group label="Date format" {...form.getInputProps('dateFormat')}>
            <Stack gap={6} mt={6}>
              {DateFormats.map((f) => (
                <Radio key={f} value={f} label={`${f}: today is ${formatDate(today, f)}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label="Week starts on"
            value={String(form.values.weekStart)}
            onChange={(v) => form.setFieldValue('weekStart', Number(v) as TCompanyPreferences['weekStart'])}
            error={form.errors.weekStart}
          >
            <Group mt={6}>
              {([1, 0, 6] as const).map((d) => (
                <Radio key={d} value={String(d)} label={WeekStartLabels[d]} />
              ))}
            </Group>
          </Radio.Group>
          <Title order={2} fz="h4" mt="sm" id="retention-heading">
            Candidate data retention
          </Title>
          <Text size="sm" c="dimmed">
            Candidates are anonymised this long after the event. Leave a period empty to keep the data until someone erases it. The privacy rules apply these periods once a day.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {RetentionFields.map(({ key, label, unit, what }) => (
              <TextInput
                key={key}
                inputMode="numeric"
                label={`${label} (${unit})`}
                description={`${RetentionLimits[key].min} to ${RetentionLimits[key].max} ${unit} ${what}`}
                placeholder="Keep until erased"
                rightSection={<Text size="xs" c="dimmed" pr="xs">{unit}</Text>}
                rightSectionWidth={60}
                {...retentionProps(key)}
              />
            ))}
          </SimpleGrid>
          {retentionImpact?.({ draft: form.values.retention, saved, onAffectedChange })}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save preferences
            </Button>
          </Group>
        </Stack>
      </form>
      {confirming ? (
        <Suspense fallback={null}>
          <RetentionConfirmDialog
            affected={affected}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              store(confirming);
              setConfirming(null);
            }}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
