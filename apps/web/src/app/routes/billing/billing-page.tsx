import { Stack, Text, Title } from '@mantine/core';

/** /billing (stub: being built in issue 20). */
export default function BillingPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Billing</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
