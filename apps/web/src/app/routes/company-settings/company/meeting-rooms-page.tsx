import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { MeetingRoomsSettings } from '@/features/interviews/availability/meeting-rooms-settings';
import { RoomCalendarCell } from '@/features/integrations/components/room-calendar-cell';
import { useSession } from '@/lib/session';

/** /company-settings/manage-locations/meeting-rooms: the rooms at the office addresses (a tab of Locations). */
export default function MeetingRoomsPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const canConnect = Boolean(user?.admin);
  return (
    <Stack gap="md">
      <Title order={1}>Locations</Title>
      <Tabs value="meeting-rooms" onChange={(v) => v && navigate(`/company-settings/manage-locations/${v}`)}>
        <Tabs.List aria-label="Locations">
          <Tabs.Tab value="office-locations">Office locations</Tabs.Tab>
          <Tabs.Tab value="office-addresses">Office addresses</Tabs.Tab>
          <Tabs.Tab value="meeting-rooms">Meeting rooms</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <MeetingRoomsSettings extraColumn={{ header: 'Calendar', render: (room) => <RoomCalendarCell room={room} canConnect={canConnect} /> }} />
    </Stack>
  );
}
