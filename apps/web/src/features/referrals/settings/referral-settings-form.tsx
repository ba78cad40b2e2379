import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ReferralSettingsLimits, ZReferralSettingsInput, type TReferralSettings } from '@hireflow/contracts/referral-rewards';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useSaveReferralSettings } from '../api/referral-settings';
import { inputOf, newRowKey, valuesOf, type SettingsValues } from './settings-values';

export type Choice = { value: string; label: string };

const order = ['defaultReward.currency', 'defaultReward.amount', 'payableAfterDays', 'creditWindowDays'] as const;

function validate(values: SettingsValues): FormErrors {
  const errors = zodValidate(ZReferralSettingsInput)(inputOf(values));
  const days = (value: number | string, min: number, max: number) => {
    const n = typeof value === 'number' ? value : Number(String(value).trim() || Number.NaN);
    return Number.isInteger(n) && n >= min && n <= max ? null : `Enter whole days from ${min} to ${max}`;
  };
  const payable = days(values.payableAfterDays, 0, ReferralSettingsLimits.maxPayableAfterDays);
  const window = days(values.creditWindowDays, 1, ReferralSettingsLimits.maxCreditWindowDays);
  delete errors.payableAfterDays;
  delete errors.creditWindowDays;
  if (payable) errors.payableAfterDays = payable;
  if (window) errors.creditWindowDays = window;
  return errors;
}

const useSettingsForm = (settings: TReferralSettings) => useForm<SettingsValues>({ initialValues: valuesOf(settings), validate });
type SettingsForm = ReturnType<typeof useSettingsForm>;

function MoneyFields({ form, path, label }: { form: SettingsForm; path: string; label: string }) {
  return (
    <Group gap="xs" align="start" wrap="nowrap">
      <TextInput label="Currency" aria-label={`${label} currency`} w={90} maxLength={3} {...form.getInputProps(`${path}.currency`)} />
      <TextInput label="Amount" aria-label={`${label} amount`} w={150} inputMode="decimal" placeholder="1500.00" {...form.getInputProps(`${path}.amount`)} />
    </Group>
  );
}

/**
 * The reward rules: the default reward (or none), overrides per department or job, the waiting period, who is
 * not eligible, and the credit window. Amounts are sent as the decimal strings typed.
 */
export function ReferralSettingsForm({ settings, departments, jobs }: { settings: TReferralSettings; departments: Choice[]; jobs: Choice[] }) {
  const form = useSettingsForm(settings);
  const save = useSaveReferralSettings();
  const knownJobs = mergeChoices(jobs, settings.overrides.flatMap((o) => (o.job ? [{ value: o.job.id, label: o.job.name }] : [])));
  const knownDepartments = mergeChoices(departments, settings.overrides.flatMap((o) => (o.department && !o.job ? [{ value: o.department.id, label: o.department.name }] : [])));
  const fallbackCurrency = () => (form.values.hasDefaultReward && form.values.defaultReward.currency.trim()) || form.values.overrides.at(-1)?.reward.currency || 'EUR';

  const submit = form.onSubmit(
    (values) =>
      save.mutate(inputOf(values), {
        onSuccess: (saved) => {
          form.setInitialValues(valuesOf(saved));
          form.setValues(valuesOf(saved));
          notifications.show({ message: 'Referral settings saved', color: 'pastel-green' });
        },
      }),
    focusFirstError(form, order),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={save.isError ? errorMessage(save.error) : null} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reward-amount-title">
          <Title order={2} fz="h4" mb={4} id="reward-amount-title">
            Reward
          </Title>
          <Text size="sm" mb="sm">
            What an employee earns when someone they referred is hired. A job&apos;s own reward wins over its department&apos;s, and both win over the default.
          </Text>
          <Stack gap="sm">
            <Switch label="Referrals earn a reward by default" {...form.getInputProps('hasDefaultReward', { type: 'checkbox' })} />
            {form.values.hasDefaultReward ? (
              <MoneyFields form={form} path="defaultReward" label="Default reward" />
            ) : (
              <Text size="sm">No reward by default: only the departments and jobs below earn one.</Text>
            )}
            <Title order={3} fz="h5" mt="sm">
              Rewards for departments and jobs
            </Title>
            {form.values.overrides.length === 0 ? <Text size="sm">No department or job has its own reward.</Text> : null}
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {form.values.overrides.map((row, i) => {
                const pickerError = form.errors[`overrides.${i}.jobId`] ?? form.errors[`overrides.${i}.departmentId`];
                const n = i + 1;
                return (
                  <Paper key={row.key} component="li" withBorder p="sm" radius="sm" aria-label={`Override ${n}`}>
                    <Group gap="sm" align="end" wrap="wrap">
                      <SegmentedControl
                        aria-label={`Override ${n} applies to`}
                        value={row.target}
                        onChange={(v) => form.setFieldValue(`overrides.${i}.target`, v as 'department' | 'job')}
                        data={[
                          { value: 'department', label: 'Department' },
                          { value: 'job', label: 'Job' },
                        ]}
                      />
                      {row.target === 'department' ? (
                        <Select
                          label="Department"
                          aria-label={`Override ${n} department`}
                          placeholder="Choose a department"
                          searchable
                          data={knownDepartments}
                          value={row.departmentId}
                          onChange={(v) => form.setFieldValue(`overrides.${i}.departmentId`, v)}
                          error={pickerError}
                          w={220}
                        />
                      ) : (
                        <Select
                          label="Job"
                          aria-label={`Override ${n} job`}
                          placeholder="Choose a job"
                          searchable
                          data={knownJobs}
                          value={row.jobId}
                          onChange={(v) => form.setFieldValue(`overrides.${i}.jobId`, v)}
                          error={pickerError}
                          w={260}
                        />
                      )}
                      <MoneyFields form={form} path={`overrides.${i}.reward`} label={`Override ${n}`} />
                      <ActionIcon variant="subtle" color="red.9" size="lg" aria-label={`Remove override ${n}`} onClick={() => form.removeListItem('overrides', i)}>
                        ✕
                      </ActionIcon>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
            <Group>
              <Button
                variant="default"
                disabled={form.values.overrides.length >= ReferralSettingsLimits.maxOverrides}
                onClick={() => form.insertListItem('overrides', { key: newRowKey(), target: 'department', departmentId: null, jobId: null, reward: { currency: fallbackCurrency(), amount: '' } })}
              >
                Add department or job reward
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reward-rules-title">
          <Title order={2} fz="h4" mb="sm" id="reward-rules-title">
            Who earns it, and when
          </Title>
          <Stack gap="sm">
            <NumberInput
              label="Payable after (days)"
              description="How long the new hire must stay after their start date before the reward can be paid. If they leave earlier, an admin forfeits the reward."
              min={0}
              max={ReferralSettingsLimits.maxPayableAfterDays}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', sm: 420 }}
              {...form.getInputProps('payableAfterDays')}
            />
            <NumberInput
              label="Credit window (days)"
              description="When two employees refer the same person, the first referral keeps the credit for this many days; after that, a newer referral can earn it."
              min={1}
              max={ReferralSettingsLimits.maxCreditWindowDays}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', sm: 420 }}
              {...form.getInputProps('creditWindowDays')}
            />
            <Checkbox
              label="Exclude the hiring team"
              description="The job's owners, recruiters and hiring manager earn no reward for referring to their own job."
              {...form.getInputProps('excludeHiringTeam', { type: 'checkbox' })}
            />
            <Checkbox label="Exclude recruiters" description="Users with the recruiter role earn no reward for any referral: finding people is their job." {...form.getInputProps('excludeRecruiters', { type: 'checkbox' })} />
            <Checkbox
              label="Reward candidates the company already knew"
              description="When the person referred was already a candidate of the company, the referral is still recorded; tick this to let it earn a reward too."
              {...form.getInputProps('rewardKnownCandidates', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save referral settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function mergeChoices(base: Choice[], extra: Choice[]): Choice[] {
  const seen = new Set(base.map((c) => c.value));
  return [...base, ...extra.filter((c) => !seen.has(c.value) && (seen.add(c.value), true))];
}
