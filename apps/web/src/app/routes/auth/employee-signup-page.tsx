import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { ZEmployeeSignupRequest, type TEmployeeSignupRequest } from '@hireflow/contracts/auth';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { useEmployeeSignup } from '@/features/auth/api/employee-signup';
import { SignupSuccess } from '@/features/auth/components/signup-success';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';

const fieldOrder = ['firstName', 'lastName', 'email', 'mobile', 'password'] as const;

/** /employee-signup: an employee joins the company that owns their work email's domain. */
export default function EmployeeSignupPage() {
  const signup = useEmployeeSignup();
  const form = useForm<TEmployeeSignupRequest>({
    initialValues: { firstName: '', lastName: '', email: '', mobile: '', password: '' },
    validate: zodValidate(ZEmployeeSignupRequest),
  });

  if (signup.isSuccess) return <SignupSuccess message={signup.data.message} />;

  const submit = form.onSubmit((values) => signup.mutate(values), focusFirstError(form, fieldOrder));

  return (
    <AuthLayout title="Join your company" size={520}>
      <Text size="sm">Use your work email: we find your company by its domain.</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={signup.isError ? errorMessage(signup.error) : null} />
          <Group grow align="flex-start">
            <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
          </Group>
          <TextInput label="Work email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label="Mobile (optional)" type="tel" autoComplete="tel" {...form.getInputProps('mobile')} />
          <PasswordField
            label="Password"
            description="At least 8 characters with a letter and a digit"
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={signup.isPending} fullWidth>
            Create account
          </Button>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={Paths.login}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
