import { Stack, Text, Title } from '@mantine/core';

/** company-settings/external-api-settings/{page?} (stub: being built in issue 20). */
export default function ExternalApiSettingsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>API and webhooks</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
