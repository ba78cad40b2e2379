import { useEffect, useRef } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { useProveDomain } from '@/features/org/api/prove-domain';
import { errorMessage } from '@/lib/api-client';

/** /verify-domain?key=...: the link mailed to an address at a claimed domain; opening it proves the claim. No sign-in needed. */
export default function VerifyDomainPage() {
  const [params] = useSearchParams();
  const key = (params.get('key') ?? '').trim();
  const prove = useProveDomain();
  const started = useRef(false);

  useEffect(() => {
    if (!key || started.current) return;
    started.current = true;
    prove.mutate({ key });
  }, [prove, key]);

  const home = (
    <Button component={Link} to={Paths.login} variant="default">
      Go to sign in
    </Button>
  );
  if (!key) {
    return (
      <AuthLayout title="Confirm an email domain">
        <Text>This link is incomplete. Open the link from the latest confirmation email.</Text>
        {home}
      </AuthLayout>
    );
  }
  if (prove.isError) {
    return (
      <AuthLayout title="Confirm an email domain">
        <FormAlert message={errorMessage(prove.error)} />
        {home}
      </AuthLayout>
    );
  }
  if (!prove.isSuccess) {
    return (
      <AuthLayout title="Confirm an email domain">
        <LoadingScreen />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Email domain confirmed">
      <FormAlert tone="success" message={prove.data.message} />
      {home}
    </AuthLayout>
  );
}
