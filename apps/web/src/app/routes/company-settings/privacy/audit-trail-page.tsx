import { Stack, Text, Title } from '@mantine/core';

/** /company-settings/privacy/audit-trail: who viewed, exported, changed or erased personal data and who signed in; searchable and exportable. */
export default function AuditTrailPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Audit trail</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
