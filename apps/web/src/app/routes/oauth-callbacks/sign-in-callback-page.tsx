import { useEffect, useRef, useState } from 'react';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { TIdentityProvider, TSessionResponse } from '@hireflow/contracts/auth';
import { IntegrationMessages, ProviderLabels } from '@hireflow/contracts/integrations';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { completeProviderFlow, type ProviderPurpose } from '@/features/auth/api/provider-sign-in';
import { useSignInComplete } from '@/features/auth/components/use-sign-in-complete';
import { errorMessage } from '@/lib/api-client';

type Flow = { purpose: ProviderPurpose; provider: TIdentityProvider };

// The router matches paths case-insensitively, so these are looked up in lower case.
const flows: Record<string, Flow> = {
  [Paths.googleSignin.toLowerCase()]: { purpose: 'sign-in', provider: 'google' },
  [Paths.outlookSigninAuth.toLowerCase()]: { purpose: 'sign-in', provider: 'microsoft' },
  [Paths.googleSignup.toLowerCase()]: { purpose: 'sign-up', provider: 'google' },
  [Paths.outlookSignupAuth.toLowerCase()]: { purpose: 'sign-up', provider: 'microsoft' },
};

/**
 * The provider's answer is posted once per page load: its state is single-use on the server, so a second
 * post (React's StrictMode runs effects twice) must reuse the first one's outcome. The page that acts on the
 * outcome forgets it, so coming back to the same address later (the back button after signing out) asks the
 * API again, which refuses the spent state, instead of reusing an old session.
 */
type Answer = Flow & { code: string; state: string };
const sent = new Map<string, Promise<TSessionResponse>>();
const keyOf = (args: Answer) => `${args.purpose}\n${args.provider}\n${args.state}\n${args.code}`;
function completeOnce(args: Answer): Promise<TSessionResponse> {
  let answer = sent.get(keyOf(args));
  if (!answer) {
    answer = completeProviderFlow(args);
    sent.set(keyOf(args), answer);
  }
  return answer;
}

const texts = {
  'sign-in': { doing: 'Signing you in with', failed: 'Could not sign you in with', back: 'Back to sign in', backTo: Paths.login },
  'sign-up': { doing: 'Signing you up with', failed: 'Could not sign you up with', back: 'Back to sign-up', backTo: Paths.signup },
} as const;

/** What the provider itself answered instead of a code: the user said no, or something else went wrong there. */
function providerProblem(error: string | null, label: string, purpose: ProviderPurpose): string | null {
  if (!error) return null;
  if (error === 'access_denied') return `You did not let ${label} ${purpose === 'sign-in' ? 'sign you in' : 'share your account'}. Nothing was changed.`;
  return IntegrationMessages.providerRefused(label);
}

/**
 * /googleSignin, /outlooksigninauth, /googleSignup, /outlooksignupauth: Google or Microsoft sends the browser
 * back here with ?code&state. The page hands them to the API (sign-in: POST /api/authComplete; sign-up: POST
 * /api/thirdparty/signup/verify), stores the session as password sign-in does and goes where SPEC section 4
 * says (a new company's admin has no web address yet: /onboarding). A refusal is shown with the way back.
 */
export default function SignInCallbackPage() {
  const { pathname, search } = useLocation();
  const flow = flows[pathname.toLowerCase()] ?? flows[Paths.googleSignin.toLowerCase()];
  const label = ProviderLabels[flow.provider];
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const upfrontProblem = providerProblem(params.get('error'), label, flow.purpose) ?? (!code || !state ? IntegrationMessages.stateInvalid : null);

  const [failure, setFailure] = useState<string | null>(null);
  const complete = useSignInComplete();
  const completeRef = useRef(complete);
  useEffect(() => {
    completeRef.current = complete;
  }, [complete]);

  useEffect(() => {
    if (upfrontProblem || !code || !state) return;
    let live = true;
    const answer = { ...flow, code, state };
    completeOnce(answer).then(
      (session) => {
        if (!live) return;
        sent.delete(keyOf(answer));
        completeRef.current(session);
      },
      (error: unknown) => {
        if (!live) return;
        sent.delete(keyOf(answer));
        setFailure(errorMessage(error));
      },
    );
    return () => {
      live = false;
    };
  }, [flow, code, state, upfrontProblem]);

  const problem = upfrontProblem ?? failure;
  const text = texts[flow.purpose];
  return (
    <AuthLayout title={`${problem ? text.failed : text.doing} ${label}`}>
      {problem ? (
        <Stack gap="md">
          <FormAlert message={problem} />
          <Text size="sm">
            <Anchor component={Link} to={text.backTo}>
              {text.back}
            </Anchor>
            {flow.purpose === 'sign-up' ? (
              <>
                {' or '}
                <Anchor component={Link} to={Paths.login}>
                  sign in to an existing account
                </Anchor>
              </>
            ) : null}
          </Text>
        </Stack>
      ) : (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">Checking your {label} account…</Text>
        </Group>
      )}
    </AuthLayout>
  );
}
