import { Alert, Badge, Loader, Table, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { useIntegrations } from '../api/integrations';

const statusText = { not_connected: 'Not connected', connected: 'Connected', expired: 'Expired — reconnect', error: 'Error' } as const;
const statusColor = { not_connected: 'gray', connected: 'pastel-green', expired: 'yellow', error: 'red' } as const;

/** My mailbox and calendar connections and their status (connecting comes with the integrations area). */
export function IntegrationsList() {
  const integrations = useIntegrations();
  if (integrations.isPending) return <Loader role="progressbar" aria-label="Loading integrations" />;
  if (integrations.isError) return <Alert color="red" role="alert">{errorMessage(integrations.error)}</Alert>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Service</Table.Th>
          <Table.Th>Used for</Table.Th>
          <Table.Th>Account</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {integrations.data.connections.map((c) => (
          <Table.Tr key={`${c.kind}-${c.provider}`}>
            <Table.Td>{c.label}</Table.Td>
            <Table.Td>{c.kind === 'mailbox' ? 'Sending mail to candidates' : 'Free slots and interview invites'}</Table.Td>
            <Table.Td>{c.account ?? <Text c="dimmed">—</Text>}</Table.Td>
            <Table.Td>
              <Badge color={statusColor[c.status]} variant="light">
                {statusText[c.status]}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
