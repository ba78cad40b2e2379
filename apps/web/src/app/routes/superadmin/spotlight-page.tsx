import { Stack, Text, Title } from '@mantine/core';

/** /superadmin/spotlight (stub: being built in issue 20). */
export default function SpotlightPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Spotlight</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
