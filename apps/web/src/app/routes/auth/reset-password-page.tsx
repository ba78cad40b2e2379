import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router-dom';
import { ZResetPasswordRequest } from '@hireflow/contracts/auth';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { useHashKeyValidity } from '@/features/auth/api/check-hash-key';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';

/** /reset-password?hashKey=...: the link is checked first; a dead link says so and offers a new one. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const hashKey = (params.get('hashKey') ?? '').trim();
  const validity = useHashKeyValidity(hashKey);

  if (hashKey && validity.isPending) {
    return (
      <AuthLayout title="Choose a new password">
        <LoadingScreen />
      </AuthLayout>
    );
  }
  if (!hashKey || validity.data?.valid === false || (validity.isError && validity.error && isLinkProblem(validity.error))) {
    return (
      <AuthLayout title="This link has expired">
        <Text>This password reset link is invalid or has expired.</Text>
        <Button component={Link} to={Paths.forgotPassword}>
          Send me a new link
        </Button>
      </AuthLayout>
    );
  }
  if (validity.isError) {
    return (
      <AuthLayout title="Choose a new password">
        <FormAlert message={errorMessage(validity.error)} />
      </AuthLayout>
    );
  }
  return <ResetForm hashKey={hashKey} />;
}

/** A 400/404/410 on the check means the key itself is bad, not that the server failed. */
function isLinkProblem(error: unknown): boolean {
  const status = (error as { status?: number | null }).status;
  return status === 400 || status === 404 || status === 410;
}

function ResetForm({ hashKey }: { hashKey: string }) {
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { hashKey, password: '', confirmpassword: '' },
    validate: zodValidate(ZResetPasswordRequest),
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Password changed">
        <FormAlert tone="success" message={reset.data.message} />
        <Button component={Link} to={Paths.login}>
          Sign in
        </Button>
      </AuthLayout>
    );
  }

  const submit = form.onSubmit((values) => reset.mutate(values), focusFirstError(form, ['password', 'confirmpassword']));

  return (
    <AuthLayout title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={reset.isError ? errorMessage(reset.error) : null} />
          <PasswordField label="New password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmpassword')} />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Change password
          </Button>
          <Anchor component={Link} to={Paths.login} size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
