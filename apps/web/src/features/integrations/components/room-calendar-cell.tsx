import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IdentityProviders } from '@hireflow/contracts/auth';
import { ProviderLabels, ServiceLabels } from '@hireflow/contracts/integrations';
import { errorMessage } from '@/lib/api-client';
import { useMyIntegrations } from '../api/get-my-integrations';
import { useRoomCalendarCheck } from '../api/check-room-calendar';
import { useConnectIntegration } from '../api/connect-integration';
import { ConnectionStatus } from './connection-status';

/** A meeting room's resource calendar: its state, and for admins Connect calendar (Google or Microsoft). */
export function RoomCalendarCell({ room, canConnect }: { room: { id: string; name: string }; canConnect: boolean }) {
  const check = useRoomCalendarCheck(room.id);
  const mine = useMyIntegrations({ enabled: canConnect });
  const connect = useConnectIntegration();
  if (check.isPending) return <Loader size="xs" role="progressbar" aria-label={`Loading the calendar of ${room.name}`} />;
  if (check.isError) return <Text size="sm" c="red">{errorMessage(check.error)}</Text>;
  const { provider, account, status } = check.data;
  const providers = IdentityProviders.filter((p) => mine.data?.providers[p]);
  const verb = status === null ? 'Connect calendar' : status === 'connected' ? 'Change calendar' : 'Reconnect calendar';
  return (
    <Stack gap={4} align="flex-start">
      {provider && account ? (
        <Text size="sm">
          {ServiceLabels.calendar[provider]}: {account}
        </Text>
      ) : null}
      <ConnectionStatus status={status} />
      {canConnect && providers.length > 0 ? (
        <Group gap={6} wrap="nowrap">
          {providers.length > 1 ? (
            <Text size="xs" c="dimmed" aria-hidden>
              {verb}:
            </Text>
          ) : null}
          {providers.map((p) => (
            <Button
              key={p}
              size="compact-xs"
              variant="light"
              loading={connect.isPending && connect.variables?.provider === p}
              onClick={() => connect.mutate({ service: 'room-calendar', provider: p, meetingRoomId: room.id })}
              aria-label={`${verb} of ${room.name} with ${ProviderLabels[p]}`}
            >
              {providers.length === 1 ? verb : ProviderLabels[p]}
            </Button>
          ))}
        </Group>
      ) : null}
      {connect.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(connect.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
