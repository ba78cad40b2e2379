import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/lib/session';

/** /superadmin: the platform super admin's landing page. */
export default function SuperadminPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md">
      <Title order={1}>Super admin</Title>
      <Text>Signed in as {user.fullName}, platform super admin.</Text>
    </Stack>
  );
}
