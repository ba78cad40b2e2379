import { Stack, Text, Title } from '@mantine/core';

/** /superadmin/promos (stub: being built in issue 20). */
export default function PromosPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Promo codes</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
