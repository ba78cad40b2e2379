import { Suspense, lazy, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TAuthCheckResponse } from '@hireflow/contracts/auth';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { lazySchema, zodValidate } from '@/lib/zod-form';
import { loadChunk } from '@/app/routes/lazy-page';
import { loadAuthSchemas } from '../api/auth-schemas';
import { useCheckAuth } from '../api/check-auth';
import { getEnvVariablesQueryOptions } from '../api/env-variables-query';
import { StepLoading } from './step-loading';

// Loaded with the first validation or submit, so /login's first paint does not wait for zod.
const ZEmailStep = lazySchema(async () => (await loadAuthSchemas()).ZAuthCheckRequest);

// The password step (captcha, password field) loads once the email is confirmed.
const PasswordStep = lazy(() => loadChunk(() => import('./password-step')).then((m) => ({ default: m.PasswordStep })));

type Props = { email: string; onEmailChange: (email: string) => void; onUseOtp: () => void };

const noPasswordMessage = 'This account has no password yet. Sign in with a one-time code instead.';

/** No password: point at Google or Microsoft as well when the account check offers them and they are configured here. */
function noPasswordMessageOf(modes: TAuthCheckResponse['modes'], env: { googleClientId: string | null; microsoftClientId: string | null } | undefined) {
  const providers = [modes.google && env?.googleClientId ? 'Google' : null, modes.microsoft && env?.microsoftClientId ? 'Microsoft' : null].filter(Boolean);
  if (providers.length === 0) return noPasswordMessage;
  return `This account has no password yet. Continue with ${providers.join(' or ')} below, or sign in with a one-time code.`;
}

/** Password sign-in: the email first (/api/user/auth), then password and captcha (/api/user/login). */
export function PasswordSignIn({ email, onEmailChange, onUseOtp }: Props) {
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const [noPassword, setNoPassword] = useState<string | null>(null);
  const checkAuth = useCheckAuth();
  const queryClient = useQueryClient();

  // One field, so plain state rather than @mantine/form (which then stays out of /login's first load).
  const [value, setValue] = useState(email);
  const [error, setError] = useState<string | null>(null);
  const valueRef = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const problemOf = (address: string) => (zodValidate(ZEmailStep)({ email: address }).email as string | undefined) ?? null;

  if (confirmedEmail) {
    return (
      <Suspense fallback={<StepLoading />}>
        <PasswordStep
          email={confirmedEmail}
          onChangeEmail={() => {
            setConfirmedEmail(null);
            checkAuth.reset();
          }}
        />
      </Suspense>
    );
  }

  // Validated on blur and on submit with the contracts schema, loaded the first time it is needed.
  const validateOnBlur = () => {
    void ZEmailStep.load().then(() => setError(problemOf(valueRef.current)), () => undefined);
  };

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void ZEmailStep.load().then(
      () => {
        const problem = problemOf(valueRef.current);
        setError(problem);
        if (problem) {
          inputRef.current?.focus();
          return;
        }
        send(ZEmailStep.parse({ email: valueRef.current }));
      },
      // The schema did not load: send what was typed and let the API's own checks answer.
      () => send({ email: valueRef.current.trim() }),
    );
  };

  const send = (parsed: { email: string }) => {
    onEmailChange(parsed.email);
    setNoPassword(null);
    checkAuth.mutate(parsed, {
      onSuccess: (answer) => {
        if (answer.modes.password) setConfirmedEmail(answer.email);
        else setNoPassword(noPasswordMessageOf(answer.modes, queryClient.getQueryData(getEnvVariablesQueryOptions().queryKey)));
      },
    });
  };

  return (
    <form onSubmit={submitEmail} noValidate>
      <Stack gap="md">
        <FormAlert message={checkAuth.isError ? errorMessage(checkAuth.error) : null} />
        {noPassword ? (
          <FormAlert tone="info" message={noPassword} />
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          ref={inputRef}
          value={value}
          error={error}
          onBlur={validateOnBlur}
          onChange={(event) => {
            valueRef.current = event.currentTarget.value;
            setValue(event.currentTarget.value);
            setError(null);
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
