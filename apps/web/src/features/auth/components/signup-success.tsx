import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';

export function SignupSuccess({ message, email }: { message: string; email: string }) {
  return (
    <AuthLayout title="Check your email">
      <FormAlert tone="success" message={message} />
      <Text>We sent a verification link to {email}. Open it to verify your email, then sign in.</Text>
      <Button component={Link} to={Paths.login}>
        Go to sign in
      </Button>
    </AuthLayout>
  );
}
