import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';

/** After a sign-up: the API's confirmation (it names the address the link went to) once, then what to do next. */
export function SignupSuccess({ message, afterVerifying }: { message: string; afterVerifying?: string }) {
  return (
    <AuthLayout title="Check your email">
      <FormAlert tone="success" message={message} />
      <Text>Open the link in that mail to verify your email, then sign in.</Text>
      {afterVerifying ? <Text>{afterVerifying}</Text> : null}
      <Button component={Link} to={Paths.login}>
        Go to sign in
      </Button>
    </AuthLayout>
  );
}
