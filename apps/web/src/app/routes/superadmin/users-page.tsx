import { Stack, Text, Title } from '@mantine/core';

/** /superadmin/users (stub: being built in issue 20). */
export default function SuperadminUsersPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Users</Title>
      <Text>This page is being built.</Text>
    </Stack>
  );
}
