import { Stack, Text, Title } from '@mantine/core';

/** /company-settings/privacy/erasure-requests: candidates' requests to be erased, with the legal deadline; approve or refuse with a reason. */
export default function ErasureRequestsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Erasure requests</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
