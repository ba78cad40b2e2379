import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, lazySchema, submitWhenLoaded, zodValidate } from '@/lib/zod-form';
import { loadAuthSchemas } from '../api/auth-schemas';
import { useCaptcha } from '../api/get-captcha';
import { useLogin } from '../api/login';
import { CaptchaField } from './captcha-field';
import { useSignInComplete } from './use-sign-in-complete';
import { useRetryWait } from './use-retry-wait';

// Loaded with the first validation or submit, so /login's first paint does not wait for zod.
const ZPasswordStep = lazySchema(async () => (await loadAuthSchemas()).ZLoginRequest.pick({ password: true, captchaText: true }));

/** The second step of password sign-in (its own chunk, loaded once the email is confirmed): password and captcha. */
export function PasswordStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const captcha = useCaptcha();
  const login = useLogin();
  const complete = useSignInComplete();
  const wait = useRetryWait('or sign in with a one-time code or reset your password (below)');
  const form = useForm({
    initialValues: { password: '', captchaText: '' },
    validate: zodValidate(ZPasswordStep),
  });

  const submit = submitWhenLoaded(
    ZPasswordStep,
    form.onSubmit(
      (values) => {
        wait.clear();
        login.mutate(
          { email, password: values.password, captchaText: values.captchaText.trim(), captchaId: captcha.data?.capId ?? '' },
          {
            onSuccess: complete,
            onError: (error) => {
              wait.note(error);
              // A captcha answers once: a failed attempt needs a fresh one.
              form.setFieldValue('captchaText', '');
              void captcha.refetch();
            },
          },
        );
      },
      focusFirstError(form, ['password', 'captchaText']),
    ),
  );

  const alert = wait.message(login.isError ? errorMessage(login.error) : null);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={alert.text} tone={alert.tone} />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            Signing in as <strong>{email}</strong>
          </Text>
          <Button variant="default" size="compact-sm" onClick={onChangeEmail}>
            Change email
          </Button>
        </Group>
        <PasswordField label="Password" autoComplete="current-password" required data-autofocus autoFocus {...form.getInputProps('password')} />
        <CaptchaField captcha={captcha} inputProps={{ required: true, ...form.getInputProps('captchaText') }} />
        <Button type="submit" loading={login.isPending} disabled={wait.secondsLeft > 0} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
