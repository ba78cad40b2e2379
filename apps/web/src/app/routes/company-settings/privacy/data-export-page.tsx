import { Stack, Text, Title } from '@mantine/core';

/** /company-settings/privacy/data-export: the whole company's data as one ZIP (JSON and files), made in the background. */
export default function DataExportPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Company data export</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
