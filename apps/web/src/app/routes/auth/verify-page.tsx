import { useEffect, useRef } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { useContinueAfterVerify } from '@/features/auth/api/continue-after-verify';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { useSignInComplete } from '@/features/auth/components/use-sign-in-complete';
import { errorMessage } from '@/lib/api-client';

/** /verify?key=... (the mail's link; `verify_key` is accepted too): proves the address, then continues signed in. */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const verifyKey = (params.get('key') ?? params.get('verify_key') ?? '').trim();
  const verify = useVerifyEmail();
  const carryOn = useContinueAfterVerify();
  const complete = useSignInComplete();
  const started = useRef(false);

  useEffect(() => {
    if (!verifyKey || started.current) return;
    started.current = true;
    verify.mutate({ verify_key: verifyKey });
  }, [verify, verifyKey]);

  if (!verifyKey) {
    return (
      <AuthLayout title="Verify your email">
        <Text>This verification link is incomplete. Open the link from your latest verification email.</Text>
        <Button component={Link} to={Paths.login}>
          Go to sign in
        </Button>
      </AuthLayout>
    );
  }
  if (verify.isError) {
    return (
      <AuthLayout title="Verify your email">
        <FormAlert message={errorMessage(verify.error)} />
        <Button component={Link} to={Paths.login}>
          Go to sign in
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
  const { email, tokenId, message } = verify.data;
  return (
    <AuthLayout title="Email verified">
      <FormAlert tone="success" message={message} />
      <FormAlert message={carryOn.isError ? errorMessage(carryOn.error) : null} />
      {carryOn.isError ? (
        <Button component={Link} to={Paths.login}>
          Go to sign in
        </Button>
      ) : (
        <Button loading={carryOn.isPending} onClick={() => carryOn.mutate({ email, tokenId }, { onSuccess: complete })}>
          Continue
        </Button>
      )}
    </AuthLayout>
  );
}
