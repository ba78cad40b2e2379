import { Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TConnectionStatus } from '@hireflow/contracts/integrations';

export const dayOf = (iso: string) => new Date(iso).toLocaleDateString();

const statusWords: Record<TConnectionStatus, { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'pastel-green' },
  expired: { label: 'Expired — reconnect', color: 'orange' },
  error: { label: 'Not working — reconnect', color: 'red' },
};

/** A connection's state in words: connected, or broken with why and since when. */
export function ConnectionStatus({ status, lastError, lastErrorAt }: { status: TConnectionStatus | null; lastError?: string | null; lastErrorAt?: string | null }) {
  if (!status) return <Text c="dimmed" size="sm">Not connected</Text>;
  const words = statusWords[status];
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={words.color} variant="light">
        {words.label}
      </Badge>
      {status !== 'connected' && lastError ? (
        <Text size="sm" c="dimmed">
          {lastError}
          {lastErrorAt ? ` (${dayOf(lastErrorAt)})` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The head of a connections table: what it is, the account, since when, the state, and the actions. */
export function ConnectionsTableHead({ first, second }: { first: string; second: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{first}</Table.Th>
        <Table.Th>{second}</Table.Th>
        <Table.Th>Connected since</Table.Th>
        <Table.Th>State</Table.Th>
        <Table.Th>
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}
