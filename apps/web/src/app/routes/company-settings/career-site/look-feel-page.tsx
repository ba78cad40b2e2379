import { Stack, Text, Title } from '@mantine/core';

/** company-settings/look-feel (stub: being built in issue 20). */
export default function LookFeelPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Look and feel</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
