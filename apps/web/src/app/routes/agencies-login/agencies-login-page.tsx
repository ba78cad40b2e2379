import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AgencyPortalMessages } from '@hireflow/contracts/agency-portal';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { useAgencySignInPage, type SignInLink } from '@/features/agencies/portal/api/portal-api';
import {
  AgencyForgotPassword,
  AgencyOtpSignIn,
  AgencyPasswordSignIn,
  ChooseAgencyPassword,
} from '@/features/agencies/portal/components/sign-in-forms';
import { errorMessage } from '@/lib/api-client';
import { getAgencyLoginData, getToken } from '@/lib/session';

type Mode = 'password' | 'otp' | 'forgot';

const titles: Record<Mode, string> = {
  password: 'Agency sign-in',
  otp: 'Sign in with a one-time code',
  forgot: 'Reset your password',
};

/** Why the portal sent the user back here (router state), said once on arrival. */
export type AgencySignInArrival = { signedOut?: boolean; sessionEnded?: boolean };

/** A 400 or 404 on the page's own call: the link itself is wrong (not a server failure). */
function isWrongLink(error: unknown): boolean {
  const status = (error as { status?: number | null }).status;
  return status === 400 || status === 404;
}

/**
 * /agencies-login/:customerslug/:agencyid: an agency user's own sign-in (SPEC section 5). Password with
 * captcha, one-time code and forgot password, as staff; `?key=` from an invitation or reset mail chooses a password.
 */
export default function AgenciesLoginPage() {
  const params = useParams();
  const link: SignInLink = { customerSlug: (params.customerslug ?? '').toLowerCase(), agencyId: params.agencyid ?? '' };
  const page = useAgencySignInPage(link);
  const [searchParams, setSearchParams] = useSearchParams();
  const passwordKey = searchParams.get('key')?.trim() ?? '';
  const arrival = (useLocation().state ?? {}) as AgencySignInArrival;
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'info' } | null>(() => {
    if (arrival.sessionEnded) return { text: 'Your session has ended. Please sign in again.', tone: 'info' };
    return arrival.signedOut ? { text: 'You have signed out.', tone: 'info' } : null;
  });

  // Already signed in through this link: straight to the portal (a mail's ?key= still opens its form).
  const signedIn = getAgencyLoginData();
  if (!passwordKey && getToken() && signedIn?.agencyId === link.agencyId && signedIn.customerSlug === link.customerSlug) {
    return <Navigate to={Paths.appliedByAgencies} replace />;
  }
  if (page.isPending) {
    return (
      <AuthLayout title="Agency sign-in">
        <LoadingScreen />
      </AuthLayout>
    );
  }
  if (page.isError && isWrongLink(page.error)) {
    return (
      <AuthLayout title="This sign-in link is not valid">
        <Text>
          Check that you opened the whole link from your invitation mail. If it still does not work, ask your contact at the company for a new
          one.
        </Text>
      </AuthLayout>
    );
  }
  if (page.isError) {
    return (
      <AuthLayout title="Agency sign-in">
        <FormAlert message={errorMessage(page.error)} />
        <Button variant="default" onClick={() => void page.refetch()} loading={page.isFetching}>
          Try again
        </Button>
      </AuthLayout>
    );
  }

  const { agencyName, companyName, canSignIn } = page.data;
  const names = (
    <Text size="sm" c="dimmed">
      <strong>{agencyName}</strong>, recruiting for <strong>{companyName}</strong>
    </Text>
  );

  if (!canSignIn) {
    return (
      <AuthLayout title="Sign-in is not available">
        {names}
        <FormAlert tone="info" message={AgencyPortalMessages.cannotSignIn} />
        <Text size="sm">If you think this is a mistake, contact the person who invited your agency at {companyName}.</Text>
      </AuthLayout>
    );
  }

  if (passwordKey) {
    return (
      <AuthLayout title="Choose your password">
        {names}
        <ChooseAgencyPassword
          passwordKey={passwordKey}
          onDone={(message) => {
            setNotice({ text: `${message} You can sign in now.`, tone: 'success' });
            setMode('password');
            setSearchParams({}, { replace: true });
          }}
          onCancel={() => setSearchParams({}, { replace: true })}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={titles[mode]}>
      {names}
      <FormAlert tone={notice?.tone} message={notice?.text} />
      {mode === 'password' ? <AgencyPasswordSignIn key="password" link={link} email={email} onEmailChange={setEmail} /> : null}
      {mode === 'otp' ? <AgencyOtpSignIn key="otp" link={link} email={email} onEmailChange={setEmail} /> : null}
      {mode === 'forgot' ? <AgencyForgotPassword key="forgot" link={link} email={email} onEmailChange={setEmail} /> : null}
      <Group justify="space-between" gap="xs">
        {mode !== 'password' ? (
          <Button variant="default" size="compact-sm" onClick={() => setMode('password')}>
            Sign in with password
          </Button>
        ) : null}
        {mode !== 'otp' ? (
          <Button variant="default" size="compact-sm" onClick={() => setMode('otp')}>
            Sign in with a one-time code
          </Button>
        ) : null}
        {mode !== 'forgot' ? (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => {
              setNotice(null);
              setMode('forgot');
            }}
          >
            Forgot password?
          </Button>
        ) : null}
      </Group>
    </AuthLayout>
  );
}
