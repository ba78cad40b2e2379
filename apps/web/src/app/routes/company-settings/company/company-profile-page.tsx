import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useCompanyProfile } from '@/features/company/api/company-profile';
import { CompanyLogoCard } from '@/features/company/components/company-logo-card';
import { CompanyProfileForm } from '@/features/company/components/company-profile-form';
import { errorMessage } from '@/lib/api-client';

/** company-settings/company-profile: what the career site, mails and offer letters say about the company. */
export default function CompanyProfilePage() {
  const profile = useCompanyProfile();
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Company profile</Title>
      <Text c="dimmed">The career site, candidate mails and offer letters show these details.</Text>
      {profile.isPending ? (
        <Loader role="progressbar" aria-label="Loading the company profile" />
      ) : profile.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(profile.error)}
        </Alert>
      ) : (
        <>
          <CompanyLogoCard logoUrl={profile.data.logoUrl} />
          <CompanyProfileForm profile={profile.data} />
        </>
      )}
    </Stack>
  );
}
