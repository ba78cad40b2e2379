import { Stack, Text, Title } from '@mantine/core';

/** /company-settings/privacy: the privacy notice, whether the apply form asks for consent, how long consent and the audit trail last, and consent renewal mails. */
export default function PrivacyPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Privacy and consent</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
