import { Stack, Text, Title } from '@mantine/core';

/** company-settings/Subscription (stub: being built in issue 20). */
export default function SubscriptionPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Subscription</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
