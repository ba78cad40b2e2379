import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OtpRules } from '@hireflow/contracts/auth-constants';
import { PasswordPolicy } from '@hireflow/contracts/common';
import {
  ZAgencyLoginRequest,
  ZAgencyOtpLoginRequest,
  ZAgencySendOtpRequest,
  ZAgencySetPasswordRequest,
} from '@hireflow/contracts/agency-portal';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { useCaptcha } from '@/features/auth/api/get-captcha';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { useCountdown } from '@/features/auth/components/use-countdown';
import { useRetryWait } from '@/features/auth/components/use-retry-wait';
import { ResetLinkForm } from '@/features/auth/components/forgot-password-form';
import { errorMessage } from '@/lib/api-client';
import { OtpCodeFields } from '@/features/auth/components/otp-code-fields';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import {
  useAgencyLogin,
  useAgencyOtpLogin,
  useAgencyResetInitiate,
  useAgencySendOtp,
  useAgencySetPassword,
  useAgencySignInComplete,
  type SignInLink,
} from '../api/portal-api';

// The agency sign-in forms: the staff rules (captcha, one-time code, lockout waits) and the staff
// captcha and wait helpers, against the agency's own sign-in calls.

type EmailProps = { link: SignInLink; email: string; onEmailChange: (email: string) => void };

const ZPasswordForm = ZAgencyLoginRequest.pick({ email: true, password: true, captchaText: true });

/** Email, password and captcha. */
export function AgencyPasswordSignIn({ link, email, onEmailChange }: EmailProps) {
  const captcha = useCaptcha();
  const login = useAgencyLogin(link);
  const complete = useAgencySignInComplete();
  const wait = useRetryWait('or sign in with a one-time code or reset your password (below)');
  const form = useForm({ initialValues: { email, password: '', captchaText: '' }, validate: zodValidate(ZPasswordForm) });

  const submit = form.onSubmit(
    (values) => {
      wait.clear();
      const address = values.email.trim().toLowerCase();
      onEmailChange(address);
      login.mutate(
        { email: address, password: values.password, captchaText: values.captchaText.trim(), captchaId: captcha.data?.capId ?? '' },
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
    focusFirstError(form, ['email', 'password', 'captchaText']),
  );

  const alert = wait.message(login.isError ? errorMessage(login.error) : null);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={alert.text} tone={alert.tone} />
        <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <CaptchaField captcha={captcha} inputProps={{ required: true, ...form.getInputProps('captchaText') }} />
        <Button type="submit" loading={login.isPending} disabled={wait.secondsLeft > 0} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

const ZCodeForm = ZAgencyOtpLoginRequest.pick({ otp: true });

/** A one-time code: send it to the email, then type its six digits. */
export function AgencyOtpSignIn({ link, email, onEmailChange }: EmailProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const sendOtp = useAgencySendOtp(link);
  const secondsLeft = useCountdown(resendAt);
  const wait = useRetryWait('or sign in with your password or reset it (below)');
  const emailForm = useForm({ initialValues: { email }, validate: zodValidate(ZAgencySendOtpRequest), validateInputOnBlur: true });

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

  const alert = wait.message(sendOtp.isError ? errorMessage(sendOtp.error) : null);
  if (sentTo) {
    return (
      <CodeStep
        link={link}
        email={sentTo}
        secondsLeft={secondsLeft}
        resending={sendOtp.isPending}
        resendError={alert.text}
        onResend={() => send(sentTo)}
        onChangeEmail={() => {
          setSentTo(null);
          sendOtp.reset();
        }}
      />
    );
  }

  const submit = emailForm.onSubmit((values) => {
    const address = values.email.trim().toLowerCase();
    onEmailChange(address);
    send(address);
  }, focusFirstError(emailForm, ['email']));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={alert.text} tone={alert.tone} />
        <TextInput label="Email" type="email" autoComplete="username" required {...emailForm.getInputProps('email')} />
        <Button type="submit" loading={sendOtp.isPending} disabled={wait.secondsLeft > 0} fullWidth>
          Send code
        </Button>
      </Stack>
    </form>
  );
}

type CodeStepProps = {
  link: SignInLink;
  email: string;
  secondsLeft: number;
  resending: boolean;
  resendError: string | null;
  onResend: () => void;
  onChangeEmail: () => void;
};

function CodeStep({ link, email, secondsLeft, resending, resendError, onResend, onChangeEmail }: CodeStepProps) {
  const login = useAgencyOtpLogin(link);
  const complete = useAgencySignInComplete();
  const form = useForm({ initialValues: { otp: '' }, validate: zodValidate(ZCodeForm) });
  const submit = form.onSubmit((values) => login.mutate({ email, otp: values.otp.trim() }, { onSuccess: complete }), focusFirstError(form, ['otp']));

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

/** Email and captcha: the answer is the same neutral message whether or not the account exists. */
export function AgencyForgotPassword({ link, email, onEmailChange }: EmailProps) {
  const initiate = useAgencyResetInitiate(link);
  return <ResetLinkForm email={email} onEmailChange={onEmailChange} initiate={initiate} waitHint="or use a link already sent, or sign in with a one-time code (below)" />;
}

/** The `?key=` of an invitation or reset mail: choose a password (the policy of contracts' ZNewPassword). */
export function ChooseAgencyPassword({ passwordKey, onDone, onCancel }: { passwordKey: string; onDone: (message: string) => void; onCancel: () => void }) {
  const setPassword = useAgencySetPassword();
  const form = useForm({
    initialValues: { key: passwordKey, password: '', confirmpassword: '' },
    validate: zodValidate(ZAgencySetPasswordRequest),
  });
  const submit = form.onSubmit(
    (values) => setPassword.mutate(values, { onSuccess: (answer) => onDone(answer.message) }),
    focusFirstError(form, ['password', 'confirmpassword']),
  );
  const keyProblem = form.errors.key;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={setPassword.isError ? errorMessage(setPassword.error) : typeof keyProblem === 'string' ? keyProblem : null} />
        <PasswordField
          label="New password"
          description={`At least ${PasswordPolicy.minLength} characters, with a letter and a digit`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmpassword')} />
        <Button type="submit" loading={setPassword.isPending} fullWidth>
          Save password
        </Button>
        <Button variant="default" size="compact-sm" onClick={onCancel}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}
