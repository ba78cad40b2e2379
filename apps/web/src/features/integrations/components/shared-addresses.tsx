import { Alert, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZEmail } from '@hireflow/contracts/common';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import { ProviderLabels, type TConnection } from '@hireflow/contracts/integrations';
import { errorMessage } from '@/lib/api-client';
import { useSharedAddresses } from '../api/get-shared-addresses';
import { useConnectIntegration } from '../api/connect-integration';
import { ConnectionsTableHead, ConnectionStatus, dayOf } from './connection-status';

type Props = { providers: TIdentityProvider[]; onDisconnect: (connection: TConnection) => void };

/** Admins: the company's shared sending addresses (e.g. careers@) that campaigns send from. */
export function SharedAddresses({ providers, onDisconnect }: Props) {
  const shared = useSharedAddresses();
  const connect = useConnectIntegration();
  const [email, setEmail] = useState('');
  const [provider, setProvider] = useState<TIdentityProvider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = provider ?? providers[0] ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) return setProblem('Enter the address, e.g. careers@yourcompany.com');
    if (!chosen) return;
    setProblem(null);
    connect.mutate({ service: 'shared-mailbox', provider: chosen, email: parsed.data });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="integrations-shared">
      <Stack gap="xs">
        <Title order={2} size="h4" id="integrations-shared">
          Company sending addresses
        </Title>
        <Text size="sm" c="dimmed">
          Shared addresses such as careers@ that campaigns can send from. Whoever connects one signs in as that address. Only administrators see this.
        </Text>
        {shared.isPending ? <Loader role="progressbar" aria-label="Loading sending addresses" /> : null}
        {shared.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(shared.error)}
          </Alert>
        ) : null}
        {shared.data && shared.data.length === 0 ? <Text c="dimmed">No sending addresses connected yet.</Text> : null}
        {shared.data && shared.data.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-labelledby="integrations-shared">
              <ConnectionsTableHead first="Address" second="Through" />
              <Table.Tbody>
                {shared.data.map((c) => {
                  const address = c.sharedEmail ?? c.account;
                  return (
                    <Table.Tr key={c.id}>
                      <Table.Th scope="row" fw={500}>
                        {address}
                      </Table.Th>
                      <Table.Td>{c.label}</Table.Td>
                      <Table.Td>{dayOf(c.connectedAt)}</Table.Td>
                      <Table.Td>
                        <ConnectionStatus status={c.status} lastError={c.lastError} lastErrorAt={c.lastErrorAt} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {c.status !== 'connected' && providers.includes(c.provider) ? (
                            <Button
                              size="xs"
                              onClick={() => connect.mutate({ service: 'shared-mailbox', provider: c.provider, email: address })}
                              aria-label={`Reconnect ${address}`}
                            >
                              Reconnect
                            </Button>
                          ) : null}
                          <Button size="xs" variant="default" onClick={() => onDisconnect(c)} aria-label={`Disconnect ${address}`}>
                            Disconnect
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {providers.length > 0 ? (
          <form onSubmit={submit} noValidate aria-label="Add a sending address">
            <Stack gap="xs">
              <Group align="flex-end">
                <TextInput
                  label="Sending address"
                  placeholder="careers@yourcompany.com"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={problem}
                  style={{ flex: 1, minWidth: 240 }}
                />
                {providers.length > 1 ? (
                  <Select
                    label="Provider"
                    data={providers.map((p) => ({ value: p, label: ProviderLabels[p] }))}
                    value={chosen}
                    onChange={(v) => v && setProvider(v as TIdentityProvider)}
                    allowDeselect={false}
                    w={160}
                  />
                ) : null}
                <Button type="submit" loading={connect.isPending}>
                  Connect address
                </Button>
              </Group>
              {connect.isError ? (
                <Alert color="red" role="alert">
                  {errorMessage(connect.error)}
                </Alert>
              ) : null}
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
