import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OtpRules } from '@hireflow/contracts/auth-constants';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { OtpCodeFields } from './otp-code-fields';
import { focusFirstError, lazySchema, submitWhenLoaded, useRevalidateOnLoad, zodValidate } from '@/lib/zod-form';
import { loadAuthSchemas } from '../api/auth-schemas';
import { useSendOtp } from '../api/send-otp';
import { useLoginWithOtp } from '../api/login-otp';
import { useCountdown } from './use-countdown';
import { useSignInComplete } from './use-sign-in-complete';
import { useRetryWait } from './use-retry-wait';

// Loaded with the first validation or submit, so /login's first paint does not wait for zod.
const ZEmailStep = lazySchema(async () => (await loadAuthSchemas()).ZSendOtpRequest);
const ZCodeStep = lazySchema(async () => (await loadAuthSchemas()).ZOtpLoginRequest.pick({ otp: true }));

type Props = { email: string; onEmailChange: (email: string) => void };

/** OTP sign-in: send a code to the email, then enter its six digits; resend after a countdown. */
export function OtpSignIn({ email, onEmailChange }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const sendOtp = useSendOtp();
  const secondsLeft = useCountdown(resendAt);
  const wait = useRetryWait('or sign in with your password or reset it (below)');

  const emailForm = useForm({ initialValues: { email }, validate: zodValidate(ZEmailStep), validateInputOnBlur: true });
  useRevalidateOnLoad(emailForm, ZEmailStep, ['email']);

  const send = (address: string) =>
    sendOtp.mutate(
      { email: address },
      {
        onError: wait.note,
        onSuccess: () => {
          wait.clear();
          setSentTo(address);
          setResendAt(Date.now() + OtpRules.resendAfterSeconds * 1000);
        },
      },
    );

  if (sentTo) {
    return (
      <CodeStep
        email={sentTo}
        secondsLeft={secondsLeft}
        resending={sendOtp.isPending}
        resendError={wait.message(sendOtp.isError ? errorMessage(sendOtp.error) : null).text}
        onResend={() => send(sentTo)}
        onChangeEmail={() => {
          setSentTo(null);
          sendOtp.reset();
        }}
      />
    );
  }

  const alert = wait.message(sendOtp.isError ? errorMessage(sendOtp.error) : null);
  const submit = submitWhenLoaded(
    ZEmailStep,
    emailForm.onSubmit((values) => {
      const { email: address } = ZEmailStep.parse(values);
      onEmailChange(address);
      send(address);
    }, focusFirstError(emailForm, ['email'])),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={alert.text} tone={alert.tone} />
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
        <Button type="submit" loading={sendOtp.isPending} disabled={wait.secondsLeft > 0} fullWidth>
          Send code
        </Button>
      </Stack>
    </form>
  );
}


type CodeStepProps = {
  email: string;
  secondsLeft: number;
  resending: boolean;
  resendError: string | null;
  onResend: () => void;
  onChangeEmail: () => void;
};

function CodeStep({ email, secondsLeft, resending, resendError, onResend, onChangeEmail }: CodeStepProps) {
  const login = useLoginWithOtp();
  const complete = useSignInComplete();
  const form = useForm({ initialValues: { otp: '' }, validate: zodValidate(ZCodeStep) });

  const submit = submitWhenLoaded(
    ZCodeStep,
    form.onSubmit(
      (values) => login.mutate({ email, otp: values.otp.trim() }, { onSuccess: complete }),
      focusFirstError(form, ['otp']),
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <OtpCodeFields
        email={email}
        codeInput={form.getInputProps('otp')}
        error={login.isError ? errorMessage(login.error) : resendError}
        signingIn={login.isPending}
        secondsLeft={secondsLeft}
        resending={resending}
        onResend={onResend}
        onChangeEmail={onChangeEmail}
      />
    </form>
  );
}
