import { Button, Group, Paper, Radio, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ChangeEvent } from 'react';
import { PrivacyLimits, PrivacyMessages, ZPrivacySettings, type TPrivacySettings } from '@hireflow/contracts/privacy';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useSavePrivacySettings } from '../api/consent';

const order = ['notice', 'requireConsent', 'consentMonths', 'auditMonths'] as const;

/** The form's values: "never lapses" is its own choice, so the months typed are kept while it is chosen. */
type Values = Omit<TPrivacySettings, 'consentMonths'> & { consentLapses: 'months' | 'never'; consentMonths: number | null };

const valuesOf = (s: TPrivacySettings): Values => ({ ...s, consentLapses: s.consentMonths === null ? 'never' : 'months', consentMonths: s.consentMonths });
const settingsOf = ({ consentLapses, ...v }: Values): TPrivacySettings => ({ ...v, consentMonths: consentLapses === 'never' ? null : v.consentMonths });
const validateSettings = zodValidate(ZPrivacySettings);
const count = (n: number) => n.toLocaleString('en-US');

/** The privacy notice on the apply form, whether consent is required, how long it lasts, and how long the audit trail is kept. */
export function PrivacySettingsForm({ settings }: { settings: TPrivacySettings }) {
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: (values) => {
      const errors = validateSettings(settingsOf(values));
      // A missing period reads better than "must be a number".
      if (values.consentLapses === 'months' && values.consentMonths === null) errors.consentMonths = 'Say how many months consent lasts, or choose "Never"';
      return errors;
    },
  });
  const save = useSavePrivacySettings({
    onSuccess: (saved) => {
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifications.show({ message: PrivacyMessages.settingsSaved, color: 'pastel-green' });
    },
  });
  const submit = (values: Values) =>
    save.mutate(settingsOf(values), {
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, order);
        if (fieldErrors) form.setErrors(fieldErrors);
      },
    });
  const formLevelError = save.isError && !serverFieldErrors(save.error, order) ? errorMessage(save.error) : null;
  const monthsProps = (key: 'consentMonths' | 'auditMonths') => {
    const props = form.getInputProps(key);
    return {
      ...props,
      value: String((props.value as number | null) ?? ''),
      // Whole numbers only: other keys are ignored.
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 4);
        form.setFieldValue(key, (digits === '' ? null : Number(digits)) as never);
      },
    };
  };
  const noticeLength = form.values.notice.length;
  const { consentMonths: consentLimits, auditMonths: auditLimits } = PrivacyLimits;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="privacy-settings-heading">
      <form onSubmit={form.onSubmit(submit, focusFirstError(form, order))} noValidate>
        <Stack>
          <Title order={2} fz="h4" id="privacy-settings-heading">
            Consent on the apply form
          </Title>
          <FormAlert message={formLevelError} />
          <Textarea
            label="Privacy notice"
            description={`Shown above the consent box on the career site's apply form. ${count(noticeLength)} of ${count(PrivacyLimits.noticeMaxLength)} characters.`}
            placeholder="How your company uses applicants' data, how long it keeps it, and whom to ask."
            autosize
            minRows={4}
            maxRows={12}
            maxLength={PrivacyLimits.noticeMaxLength}
            {...form.getInputProps('notice')}
          />
          <Switch
            label="Ask for consent on the apply form"
            description={
              form.values.requireConsent
                ? 'Applicants must tick the consent box to apply; their data is then kept on their consent.'
                : 'The consent box is optional. Applicants who leave it empty are kept on the company’s legitimate interest.'
            }
            {...form.getInputProps('requireConsent', { type: 'checkbox' })}
          />
          <Radio.Group
            label="Consent lasts"
            description="After this, candidates are asked by mail to renew it."
            value={form.values.consentLapses}
            onChange={(v) => form.setFieldValue('consentLapses', v as Values['consentLapses'])}
          >
            <Stack gap={6} mt={6}>
              <Radio value="months" label="A number of months" />
              <Radio value="never" label="Never: consent does not lapse" />
            </Stack>
          </Radio.Group>
          {form.values.consentLapses === 'months' ? (
            <TextInput inputMode="numeric" label="Consent lasts (months)" description={`${consentLimits.min} to ${consentLimits.max} months`} maw={240} {...monthsProps('consentMonths')} />
          ) : null}
          <TextInput inputMode="numeric" label="Keep the audit trail (months)" description={`${auditLimits.min} to ${auditLimits.max} months; older entries are deleted once a day`} maw={240} {...monthsProps('auditMonths')} />
          <Text size="sm" c="dimmed">
            Referrals, agency submissions, imports and candidates added by recruiters are kept on the company’s legitimate interest.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save privacy settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
