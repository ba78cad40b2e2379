import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TConnection } from '@hireflow/contracts/integrations';
import { ProviderLabels } from '@hireflow/contracts/integrations';
import { errorMessage } from '@/lib/api-client';
import { useDisconnectConnection } from '../api/disconnect-connection';

/** What happened at the provider: Microsoft has no revocation call, so its token is only deleted here. */
function notRevokedNote(provider: TConnection['provider'] | undefined, revoked: boolean) {
  if (revoked) return `${provider ? ProviderLabels[provider] : 'The provider'} revoked its access.`;
  if (provider === 'microsoft') return 'Microsoft cannot revoke the access it granted from here, so the token was deleted here. You can also remove the app in your Microsoft account.';
  return `${provider ? ProviderLabels[provider] : 'The provider'} did not confirm revoking the access, so the token was deleted here.`;
}

/** Asks before disconnecting (loaded when a Disconnect button is pressed); then the lists refresh and a notification says whether the provider revoked the token. */
export default function DisconnectDialog({ connection, onClose }: { connection: TConnection | null; onClose: () => void }) {
  const disconnect = useDisconnectConnection({
    onSuccess: ({ revoked }) => {
      notifications.show({
        color: revoked ? 'pastel-green' : 'yellow',
        autoClose: revoked ? undefined : false,
        message: `${connection?.label ?? 'The connection'} disconnected. ${notRevokedNote(connection?.provider, revoked)}`,
      });
      onClose();
    },
  });
  return (
    <Modal opened={connection !== null} onClose={onClose} title={connection ? `Disconnect ${connection.label}?` : ''}>
      {connection ? (
        <Stack>
          <Text>
            {connection.owner === 'user'
              ? `Mail and calendar events will no longer go through ${connection.account}.`
              : `${connection.account} will no longer be used.`}{' '}
            The access is revoked at {ProviderLabels[connection.provider]} where it allows it, and the token is deleted here.
          </Text>
          {disconnect.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(disconnect.error)}
            </Alert>
          ) : null}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" loading={disconnect.isPending} onClick={() => disconnect.mutate(connection.id)}>
              Disconnect
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
