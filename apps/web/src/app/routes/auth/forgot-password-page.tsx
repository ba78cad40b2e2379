import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout title="Reset your password">
      <Text size="sm">Enter your email and we will send you a link to choose a new password.</Text>
      <ForgotPasswordForm />
      <Anchor component={Link} to={Paths.login} size="sm">
        Back to sign in
      </Anchor>
    </AuthLayout>
  );
}
