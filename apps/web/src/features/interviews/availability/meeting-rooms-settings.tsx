import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TMeetingRoom } from '@hireflow/contracts/interviews';
import { errorMessage } from '@/lib/api-client';
import { useMeetingRooms } from '../api/meeting-room-fetch';
import { useOfficeAddresses } from '../api/office-addresses';
import { MeetingRoomDialog, addressLabelOf } from './meeting-room-dialog';

type Editing = { room: TMeetingRoom | null; addressId?: string } | null;

/** A column the page adds to each room's row (the room's calendar connection, from the integrations area). */
export type RoomColumn = { header: string; render: (room: TMeetingRoom) => ReactNode };

/** The company's meeting rooms grouped by office address, with add and edit (company settings, locations). */
export function MeetingRoomsSettings({ extraColumn }: { extraColumn?: RoomColumn } = {}) {
  const addresses = useOfficeAddresses();
  const rooms = useMeetingRooms({ includeInactive: true });
  const [editing, setEditing] = useState<Editing>(null);

  if (addresses.isPending || rooms.isPending) return <Loader role="progressbar" aria-label="Loading meeting rooms" />;
  if (addresses.isError || rooms.isError) return <Alert color="red" role="alert">{errorMessage(addresses.error ?? rooms.error)}</Alert>;

  if (!addresses.data.items.length) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">No office addresses yet</Title>
          <Text>Meeting rooms are at an office address. Add office addresses to your locations first, then add their rooms here.</Text>
          <Anchor component={Link} to="/company-settings/manage-locations/office-locations">
            Go to office locations
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Meeting rooms</Title>
        <Button onClick={() => setEditing({ room: null })}>Add meeting room</Button>
      </Group>
      {addresses.data.items.map((address) => {
        const here = rooms.data.items.filter((r) => r.addressId === address.id);
        const headingId = `address-${address.id}`;
        return (
          <Paper key={address.id} withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
            <Stack gap="xs">
              <Group justify="space-between">
                <div>
                  <Title order={3} size="h4" id={headingId}>
                    {addressLabelOf(address)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {address.address}
                    {address.active ? '' : ' (inactive location)'}
                  </Text>
                </div>
                <Button variant="light" size="xs" onClick={() => setEditing({ room: null, addressId: address.id })} aria-label={`Add a room at ${addressLabelOf(address)}`}>
                  Add room here
                </Button>
              </Group>
              {here.length === 0 ? (
                <Text c="dimmed">No rooms at this address yet.</Text>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Room</Table.Th>
                        <Table.Th>Seats</Table.Th>
                        <Table.Th>Equipment</Table.Th>
                        <Table.Th>Status</Table.Th>
                        {extraColumn ? <Table.Th>{extraColumn.header}</Table.Th> : null}
                        <Table.Th>
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {here.map((room) => (
                        <Table.Tr key={room.id}>
                          <Table.Td fw={500}>{room.name}</Table.Td>
                          <Table.Td>{room.capacity}</Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              {room.equipment.length ? room.equipment.map((e) => <Badge key={e} variant="light" color="gray">{e}</Badge>) : <Text c="dimmed" size="sm">None</Text>}
                            </Group>
                          </Table.Td>
                          <Table.Td>{room.active ? <Badge color="pastel-green" variant="light">Active</Badge> : <Badge color="gray" variant="outline">Inactive</Badge>}</Table.Td>
                          {extraColumn ? <Table.Td>{extraColumn.render(room)}</Table.Td> : null}
                          <Table.Td>
                            <Button variant="subtle" size="xs" onClick={() => setEditing({ room })} aria-label={`Edit ${room.name}`}>
                              Edit
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Paper>
        );
      })}
      {editing && (
        <MeetingRoomDialog
          room={editing.room}
          addresses={addresses.data.items}
          defaultAddressId={editing.addressId}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            notifications.show({ message: `Meeting room ${name} saved`, color: 'pastel-green' });
          }}
        />
      )}
    </Stack>
  );
}
