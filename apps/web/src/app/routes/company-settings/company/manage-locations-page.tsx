import { Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import type { TOrgItem } from '@hireflow/contracts/org';
import { OrgEntityList } from '@/features/org/components/org-entity-list';

const Subpages = ['office-locations', 'office-addresses'] as const;

const addressesColumn = {
  header: 'Office addresses',
  cell: (item: TOrgItem) => {
    const addresses = (item.addresses as { label: string; address: string }[] | undefined) ?? [];
    if (!addresses.length) return <Text c="dimmed">None yet: edit the location to add one</Text>;
    return (
      <Table withRowBorders={false}>
        <Table.Tbody>
          {addresses.map((a) => (
            <Table.Tr key={`${a.label}-${a.address}`}>
              <Table.Td fw={500}>{a.label}</Table.Td>
              <Table.Td>{a.address}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  },
};

/** /company-settings/manage-locations/{office-locations|office-addresses}; the meeting-rooms tab is its own page (meeting-rooms-page). */
export default function ManageLocationsPage() {
  const { subpage } = useParams();
  const navigate = useNavigate();
  const current = (Subpages as readonly string[]).includes(subpage ?? '') ? subpage! : 'office-locations';
  return (
    <Stack gap="md">
      <Title order={1}>Locations</Title>
      <Tabs value={current} onChange={(v) => v && navigate(`/company-settings/manage-locations/${v}`)} keepMounted={false}>
        <Tabs.List aria-label="Locations">
          <Tabs.Tab value="office-locations">Office locations</Tabs.Tab>
          <Tabs.Tab value="office-addresses">Office addresses</Tabs.Tab>
          <Tabs.Tab value="meeting-rooms">Meeting rooms</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="office-locations" pt="md">
          <OrgEntityList kind="locations" headingOrder={2} />
        </Tabs.Panel>
        <Tabs.Panel value="office-addresses" pt="md">
          <OrgEntityList
            kind="locations"
            headingOrder={2}
            title="Office addresses"
            columns={[{ header: 'Location', cell: (item) => item.displayName }, addressesColumn]}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
