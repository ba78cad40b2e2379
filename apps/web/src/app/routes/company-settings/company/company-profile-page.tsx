import { Stack, Text, Title } from '@mantine/core';

/** company-settings/company-profile (stub: being built in issue 20). */
export default function CompanyProfilePage() {
  return (
    <Stack gap="md">
      <Title order={1}>Company profile</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
