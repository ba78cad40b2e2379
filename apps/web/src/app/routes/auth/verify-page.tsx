import { useEffect, useRef } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** /verify?verify_key=...: the link from the verification mail. */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const verifyKey = (params.get('verify_key') ?? '').trim();
  const verify = useVerifyEmail();
  const { token } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (!verifyKey || started.current) return;
    started.current = true;
    verify.mutate({ verify_key: verifyKey });
  }, [verify, verifyKey]);

  // Signed in here: /stop refreshes the account and moves on by the sign-in rules.
  const next = token ? Paths.stop : Paths.login;

  if (!verifyKey) {
    return (
      <AuthLayout title="Verify your email">
        <Text>This verification link is invalid. Open the link from your latest verification email.</Text>
        <Button component={Link} to={next}>
          Continue
        </Button>
      </AuthLayout>
    );
  }
  if (verify.isError) {
    return (
      <AuthLayout title="Verify your email">
        <FormAlert message={errorMessage(verify.error)} />
        <Button component={Link} to={next}>
          Continue
        </Button>
      </AuthLayout>
    );
  }
  if (!verify.isSuccess) {
    return (
      <AuthLayout title="Verify your email">
        <LoadingScreen />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Email verified">
      <FormAlert tone="success" message="Your email is verified. Thank you!" />
      <Button component={Link} to={next}>
        {token ? 'Continue' : 'Sign in'}
      </Button>
    </AuthLayout>
  );
}
