import { useEffect } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { GoOnward } from '@/app/guards/go-onward';
import { usePresentStatus } from '@/features/auth/api/get-present-status';
import { errorMessage } from '@/lib/api-client';
import { updateStoredUser, useSession } from '@/lib/session';

export const AuthorisationPollMs = 5000;

/** /pendingverification: the company waits for the platform's approval; moves on once authorised. */
export default function PendingVerificationPage() {
  const { token, user } = useSession();
  const status = usePresentStatus({ refetchInterval: AuthorisationPollMs });
  const answer = status.data;

  useEffect(() => {
    if (!answer || !user?.customerState || !answer.isAuthorized || user.customerState.isAuthorized) return;
    updateStoredUser({ ...user, customerState: { slug: answer.slug, isAuthorized: answer.isAuthorized, userOptionsPage: answer.userOptionsPage } });
  }, [answer, user]);

  if (!token || !user) return <Navigate to={Paths.login} replace />;
  if (!user.customerState || user.customerState.isAuthorized) return <GoOnward user={user} />;

  return (
    <AuthLayout title="Your account is being reviewed">
      <Text>
        {user.customer?.name ?? 'Your company'} is waiting for approval. We will email {user.email} once it is approved;
        this page moves on by itself.
      </Text>
      <FormAlert message={status.isError ? errorMessage(status.error) : null} />
      <Button variant="default" component={Link} to={Paths.logout}>
        Sign out
      </Button>
    </AuthLayout>
  );
}
