import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TMessageResponse } from '@hireflow/contracts/auth';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, lazySchema, submitWhenLoaded, zodValidate } from '@/lib/zod-form';
import { loadAuthSchemas } from '../api/auth-schemas';
import { useCaptcha } from '../api/get-captcha';
import { useInitiatePasswordReset } from '../api/reset-password-initiate';
import { CaptchaField } from './captcha-field';
import { useRetryWait } from './use-retry-wait';

// Loaded with the first validation or submit, so /login's first paint does not wait for zod.
const ZForgotForm = lazySchema(async () => (await loadAuthSchemas()).ZResetInitiateRequest.pick({ email: true, captchaText: true }));

type EmailProps = { email?: string; onEmailChange?: (email: string) => void };

/** Asks for a reset link: email and captcha, to /api/reset_password_initiate. */
export function ForgotPasswordForm(props: EmailProps) {
  const initiate = useInitiatePasswordReset();
  return <ResetLinkForm {...props} initiate={initiate} waitHint="or use a reset link already sent, or sign in with a one-time code (below)" />;
}

export type ResetLinkRequest = { email: string; captchaId: string; captchaText: string };

/**
 * Email and captcha, sent to the given reset call (staff, or an agency's own): the neutral answer once sent;
 * a refused captcha is asked again, and growing waits are counted down.
 */
export function ResetLinkForm({ email = '', onEmailChange, initiate, waitHint }: EmailProps & { initiate: UseMutationResult<TMessageResponse, Error, ResetLinkRequest>; waitHint: string }) {
  const captcha = useCaptcha();
  const [sent, setSent] = useState<string | null>(null);
  const wait = useRetryWait(waitHint);
  const form = useForm({ initialValues: { email, captchaText: '' }, validate: zodValidate(ZForgotForm) });

  const submit = submitWhenLoaded(
    ZForgotForm,
    form.onSubmit(
      (values) => {
        const address = values.email.trim().toLowerCase();
        onEmailChange?.(address);
        initiate.mutate(
          { email: address, captchaText: values.captchaText.trim(), captchaId: captcha.data?.capId ?? '' },
          {
            onSuccess: (answer) => setSent(answer.message),
            onError: (error) => {
              wait.note(error);
              form.setFieldValue('captchaText', '');
              void captcha.refetch();
            },
          },
        );
      },
      focusFirstError(form, ['email', 'captchaText']),
    ),
  );

  const alert = wait.message(initiate.isError ? errorMessage(initiate.error) : null);
  if (sent) return <FormAlert tone="success" message={sent} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={alert.text} tone={alert.tone} />
        <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
        <CaptchaField captcha={captcha} inputProps={{ required: true, ...form.getInputProps('captchaText') }} />
        <Button type="submit" loading={initiate.isPending} disabled={wait.secondsLeft > 0} fullWidth>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
