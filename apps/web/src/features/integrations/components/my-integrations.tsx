import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { IdentityProviders, type TIdentityProvider } from '@hireflow/contracts/auth';
import { ServiceLabels, type TConnection, type TIntegrationService, type TMyIntegrations } from '@hireflow/contracts/integrations';
import { errorMessage } from '@/lib/api-client';
import { ApiErrorText } from '@/components/api-error-text';
import { useSession } from '@/lib/session';
import { useMyIntegrations } from '../api/get-my-integrations';
import { useConnectIntegration } from '../api/connect-integration';
import { ConnectionsTableHead, ConnectionStatus, dayOf } from './connection-status';
import { NotConfiguredNote } from './not-configured-note';
import { SharedAddresses } from './shared-addresses';

// The confirmation (a modal with its focus trap) loads when someone presses Disconnect.
const DisconnectDialog = lazy(() => import('./disconnect-dialog'));

const sections: { service: TIntegrationService; title: string; purpose: string }[] = [
  { service: 'mailbox', title: 'Mailbox', purpose: 'Mails you send from Hireflow go out from your own address and appear in your sent folder.' },
  { service: 'calendar', title: 'Calendar', purpose: 'Free-slot search sees your busy times, and interviews you schedule appear in your calendar.' },
];

/** My mailbox and calendar connections: state, Connect / Reconnect / Disconnect; for admins also the company's sending addresses. */
export function MyIntegrations() {
  const mine = useMyIntegrations();
  const { user } = useSession();
  const connect = useConnectIntegration();
  const [disconnecting, setDisconnecting] = useState<TConnection | null>(null);

  if (mine.isPending) return <Loader role="progressbar" aria-label="Loading integrations" />;
  if (mine.isError) return <Alert color="red" role="alert"><ApiErrorText message={errorMessage(mine.error)} /></Alert>;

  const configured = IdentityProviders.filter((p) => mine.data.providers[p]);
  const missing = IdentityProviders.filter((p) => !mine.data.providers[p]);
  const onConnect = (service: TIntegrationService, provider: TIdentityProvider) => connect.mutate({ service, provider });

  return (
    <Stack gap="lg">
      <Warnings warnings={mine.data.warnings} />
      <NotConfiguredNote missing={missing} none={configured.length === 0} />
      {connect.isError ? (
        <Alert color="red" role="alert">
          <ApiErrorText message={errorMessage(connect.error)} />
        </Alert>
      ) : null}
      {sections.map(({ service, title, purpose }) => (
        <ServiceSection
          key={service}
          service={service}
          title={title}
          purpose={purpose}
          providers={configured}
          connection={mine.data.connections.find((c) => c.service === service && c.owner === 'user') ?? null}
          connecting={connect.isPending ? connect.variables : null}
          onConnect={onConnect}
          onDisconnect={setDisconnecting}
        />
      ))}
      {user?.admin ? <SharedAddresses providers={configured} onDisconnect={setDisconnecting} /> : null}
      {disconnecting ? (
        <Suspense fallback={null}>
          <DisconnectDialog connection={disconnecting} onClose={() => setDisconnecting(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function Warnings({ warnings }: { warnings: TMyIntegrations['warnings'] }) {
  if (!warnings.length) return null;
  return (
    <Stack gap="xs">
      {warnings.map((w) => (
        <Alert key={w.connectionId} color="yellow" title={`${w.label}: mail went out from the company's address`} role="alert">
          {w.message} ({dayOf(w.at)})
        </Alert>
      ))}
    </Stack>
  );
}

type SectionProps = {
  service: TIntegrationService;
  title: string;
  purpose: string;
  providers: TIdentityProvider[];
  connection: TConnection | null;
  connecting: { service: string; provider: TIdentityProvider } | null | undefined;
  onConnect: (service: TIntegrationService, provider: TIdentityProvider) => void;
  onDisconnect: (connection: TConnection) => void;
};

/** One service (mailbox or calendar): a row per provider, the connected one with its account and state. */
function ServiceSection({ service, title, purpose, providers, connection, connecting, onConnect, onDisconnect }: SectionProps) {
  const headingId = `integrations-${service}`;
  // A connection whose provider is no longer configured still shows, so it can be disconnected.
  const rows = connection && !providers.includes(connection.provider) ? [...providers, connection.provider] : providers;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {purpose} You can connect one {title.toLowerCase()}: connecting another replaces it.
        </Text>
        {rows.length === 0 ? (
          <Text c="dimmed">Nothing to connect until an administrator sets up Google or Microsoft.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-labelledby={headingId}>
              <ConnectionsTableHead first="Service" second="Account" />
              <Table.Tbody>
                {rows.map((provider) => {
                  const label = ServiceLabels[service][provider];
                  const here = connection?.provider === provider ? connection : null;
                  const busy = connecting?.service === service && connecting.provider === provider;
                  const canConnect = providers.includes(provider);
                  return (
                    <Table.Tr key={provider}>
                      <Table.Th scope="row" fw={500}>
                        {label}
                      </Table.Th>
                      <Table.Td>{here ? here.account : <Text c="dimmed" size="sm">—</Text>}</Table.Td>
                      <Table.Td>{here ? dayOf(here.connectedAt) : <Text c="dimmed" size="sm">—</Text>}</Table.Td>
                      <Table.Td>
                        <ConnectionStatus status={here?.status ?? null} lastError={here?.lastError} lastErrorAt={here?.lastErrorAt} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {canConnect && (!here || here.status !== 'connected') ? (
                            <Button size="xs" loading={busy} onClick={() => onConnect(service, provider)} aria-label={`${here ? 'Reconnect' : 'Connect'} ${label}`}>
                              {here ? 'Reconnect' : 'Connect'}
                            </Button>
                          ) : null}
                          {here ? (
                            <Button size="xs" variant="default" onClick={() => onDisconnect(here)} aria-label={`Disconnect ${label}`}>
                              Disconnect
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
