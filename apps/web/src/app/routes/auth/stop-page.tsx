import { Button, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { GoOnward } from '@/app/guards/go-onward';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** How often /stop asks whether the email got verified (in another tab, or on another device). */
export const VerificationPollMs = 3000;

/** /stop: the email is not verified yet. Resend the link; once verified, move on. */
export default function StopPage() {
  const { token, user } = useSession();
  const matrix = useAccessMatrix({ refetchInterval: VerificationPollMs });
  const resend = useResendVerification();

  if (!token || !user) return <Navigate to={Paths.login} replace />;
  if (user.email_verification.status) return <GoOnward user={user} />;

  return (
    <AuthLayout title="Verify your email">
      <Text>
        We sent a verification link to <strong>{user.email}</strong>. Open it to continue; this page moves on by itself
        once your email is verified.
      </Text>
      <FormAlert message={resend.isError ? errorMessage(resend.error) : matrix.isError ? errorMessage(matrix.error) : null} />
      <FormAlert tone="success" message={resend.isSuccess ? resend.data.message : null} />
      <Button loading={resend.isPending} onClick={() => resend.mutate({ email: user.email })}>
        Resend verification email
      </Button>
      <Button variant="default" component={Link} to={Paths.logout}>
        Sign out
      </Button>
    </AuthLayout>
  );
}
