import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { ZSelfSignupRequest, type TSelfSignupRequest } from '@hireflow/contracts/auth';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { CareerSiteAddressInput } from '@/components/career-site-address-input';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { useSelfSignup } from '@/features/auth/api/self-signup';
import { ProviderChoice } from '@/features/auth/components/provider-choice';
import { SignupSuccess } from '@/features/auth/components/signup-success';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { slugify } from '@/lib/slugify';

const fieldOrder = ['companyName', 'slug', 'firstName', 'lastName', 'email', 'mobile', 'password'] as const;

/** /signup: a new company and its first admin. */
export default function SignupPage() {
  const signup = useSelfSignup();
  const form = useForm<TSelfSignupRequest & { slugEdited: boolean }>({
    initialValues: { companyName: '', slug: '', firstName: '', lastName: '', email: '', mobile: '', password: '', slugEdited: false },
    validate: zodValidate(ZSelfSignupRequest),
  });

  if (signup.isSuccess) {
    return <SignupSuccess message={signup.data.message} afterVerifying="Once your email is verified, we review your company and mail you when it is approved." />;
  }

  const submit = form.onSubmit(({ slugEdited: _, ...values }) => signup.mutate(values), focusFirstError(form, fieldOrder));

  return (
    <AuthLayout title="Create your company account" size={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={signup.isError ? errorMessage(signup.error) : null} />
          <TextInput
            label="Company name"
            required
            autoComplete="organization"
            {...form.getInputProps('companyName')}
            onChange={(event) => {
              const name = event.currentTarget.value;
              form.setFieldValue('companyName', name);
              if (!form.getValues().slugEdited) form.setFieldValue('slug', slugify(name));
            }}
          />
          <CareerSiteAddressInput
            required
            {...form.getInputProps('slug')}
            onChange={(event) => {
              form.setFieldValue('slug', event.currentTarget.value);
              form.setFieldValue('slugEdited', true);
            }}
          />
          <Group grow align="flex-start">
            <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
          </Group>
          <TextInput label="Work email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label="Mobile" type="tel" required autoComplete="tel" {...form.getInputProps('mobile')} />
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
          <ProviderChoice purpose="sign-up" />
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
