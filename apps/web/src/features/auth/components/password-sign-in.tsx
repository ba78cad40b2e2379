import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, lazySchema, submitWhenLoaded, useRevalidateOnLoad, zodValidate } from '@/lib/zod-form';
import { loadAuthSchemas } from '../api/auth-schemas';
import { useCheckAuth } from '../api/check-auth';
import { useCaptcha } from '../api/get-captcha';
import { useLogin } from '../api/login';
import { CaptchaField } from './captcha-field';
import { useSignInComplete } from './use-sign-in-complete';

// Loaded with the first validation or submit, so /login's first paint does not wait for zod.
const ZEmailStep = lazySchema(async () => (await loadAuthSchemas()).ZAuthCheckRequest);
const ZPasswordStep = lazySchema(async () => (await loadAuthSchemas()).ZLoginRequest.pick({ password: true, captchaText: true }));

type Props = { email: string; onEmailChange: (email: string) => void; onUseOtp: () => void };

/** Password sign-in: the email first (/api/user/auth), then password and captcha (/api/user/login). */
export function PasswordSignIn({ email, onEmailChange, onUseOtp }: Props) {
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const [noPassword, setNoPassword] = useState(false);
  const checkAuth = useCheckAuth();

  const emailForm = useForm({
    initialValues: { email },
    validate: zodValidate(ZEmailStep),
    validateInputOnBlur: true,
  });
  useRevalidateOnLoad(emailForm, ZEmailStep, ['email']);

  if (confirmedEmail) {
    return (
      <PasswordStep
        email={confirmedEmail}
        onChangeEmail={() => {
          setConfirmedEmail(null);
          checkAuth.reset();
        }}
      />
    );
  }

  const submitEmail = submitWhenLoaded(
    ZEmailStep,
    emailForm.onSubmit(
      (values) => {
        const parsed = ZEmailStep.parse(values);
        onEmailChange(parsed.email);
        setNoPassword(false);
        checkAuth.mutate(parsed, {
          onSuccess: (answer) => {
            if (answer.modes.password) setConfirmedEmail(answer.email);
            else setNoPassword(true);
          },
        });
      },
      focusFirstError(emailForm, ['email']),
    ),
  );

  return (
    <form onSubmit={submitEmail} noValidate>
      <Stack gap="md">
        <FormAlert message={checkAuth.isError ? errorMessage(checkAuth.error) : null} />
        {noPassword ? (
          <FormAlert tone="info" message="This account has no password yet. Sign in with a one-time code instead." />
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...emailForm.getInputProps('email')}
          onChange={(event) => {
            emailForm.setFieldValue('email', event.currentTarget.value);
            onEmailChange(event.currentTarget.value);
          }}
        />
        <Button type="submit" loading={checkAuth.isPending} fullWidth>
          Continue
        </Button>
        {noPassword ? (
          <Button variant="default" onClick={onUseOtp}>
            Sign in with a one-time code
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

function PasswordStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const captcha = useCaptcha();
  const login = useLogin();
  const complete = useSignInComplete();
  const form = useForm({
    initialValues: { password: '', captchaText: '' },
    validate: zodValidate(ZPasswordStep),
  });

  const submit = submitWhenLoaded(
    ZPasswordStep,
    form.onSubmit(
      (values) => {
        login.mutate(
          { email, password: values.password, captchaText: values.captchaText.trim(), captchaId: captcha.data?.capId ?? '' },
          {
            onSuccess: complete,
            onError: () => {
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

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={login.isError ? errorMessage(login.error) : null} />
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
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
