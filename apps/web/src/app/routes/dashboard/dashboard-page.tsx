import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/lib/session';
import { describeRole } from '@/lib/describe-role';

/** /dashboard: who is signed in; later areas add their widgets here. */
export default function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md">
      <Title order={1}>Dashboard</Title>
      <Paper withBorder p="md" radius="md">
        <Text fw={500} fz="lg">
          Welcome, {user.fullName}
        </Text>
        <Text>{describeRole(user)}</Text>
        {user.customer ? <Text>{user.customer.name}</Text> : null}
      </Paper>
    </Stack>
  );
}
