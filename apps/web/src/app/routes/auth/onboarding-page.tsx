import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate } from 'react-router-dom';
import { ZOnboardingRequest, type TOnboardingRequest } from '@hireflow/contracts/auth';
import { Paths } from '@hireflow/contracts/routes';
import type { TStoredUser } from '@hireflow/contracts/users';
import { AuthLayout } from '@/components/auth-layout';
import { CareerSiteAddressInput } from '@/components/career-site-address-input';
import { FormAlert } from '@/components/form-alert';
import { GoOnward } from '@/app/guards/go-onward';
import { useCompleteOnboarding } from '@/features/auth/api/complete-onboarding';
import { errorMessage } from '@/lib/api-client';
import { slugify } from '@/lib/slugify';
import { updateStoredUser, useSession } from '@/lib/session';
import { focusFirstError, zodValidate } from '@/lib/zod-form';

/** /onboarding: an admin whose company has no address (slug) yet gives the company's details. */
export default function OnboardingPage() {
  const { token, user } = useSession();
  if (!token || !user) return <Navigate to={Paths.login} replace />;
  if (!user.admin || user.customerState?.slug) return <GoOnward user={user} />;
  return <OnboardingForm user={user} />;
}

function OnboardingForm({ user }: { user: TStoredUser }) {
  const onboarding = useCompleteOnboarding();
  const companyName = user.customer?.name ?? '';
  const form = useForm<TOnboardingRequest>({
    initialValues: { companyName, slug: slugify(companyName), website: '', careerIntro: '' },
    validate: zodValidate(ZOnboardingRequest),
  });

  const submit = form.onSubmit(
    (values) =>
      onboarding.mutate(values, {
        // With the slug stored, the page moves on by the sign-in rules.
        onSuccess: (company) =>
          updateStoredUser({
            ...user,
            customer: { id: company.id, name: company.name },
            customerState: { slug: company.slug, isAuthorized: company.isAuthorized, userOptionsPage: company.userOptionsPage },
          }),
      }),
    focusFirstError(form, ['companyName', 'slug', 'website', 'careerIntro']),
  );

  return (
    <AuthLayout title="Tell us about your company" size={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={onboarding.isError ? errorMessage(onboarding.error) : null} />
          <TextInput label="Company name" required autoComplete="organization" {...form.getInputProps('companyName')} />
          <CareerSiteAddressInput required {...form.getInputProps('slug')} />
          <TextInput label="Website (optional)" type="url" placeholder="https://" {...form.getInputProps('website')} />
          <Textarea label="Careers page introduction (optional)" autosize minRows={3} {...form.getInputProps('careerIntro')} />
          <Button type="submit" loading={onboarding.isPending} fullWidth>
            Save and continue
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
