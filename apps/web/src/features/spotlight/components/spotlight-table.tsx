import { Badge, Button, Group, Table, VisuallyHidden } from '@mantine/core';
import { SpotlightRoleLabels, SpotlightStateLabels, type TSpotlightAnnouncement, type TSpotlightState } from '@hireflow/contracts/spotlight';

// Outline badges in dark shades, so the text keeps 4.5:1 on the page.
const stateColors: Record<TSpotlightState, string> = { scheduled: 'blue.9', live: 'teal.9', ended: 'gray.7' };
const day = (iso: string) => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
// The last day shown is the day before validTo's first instant.
const lastDay = (iso: string) => day(new Date(new Date(iso).getTime() - 1).toISOString());

function audienceOf(a: TSpotlightAnnouncement) {
  const companies = a.audience.allCompanies ? 'All companies' : a.audience.companies.map((c) => c.name).join(', ');
  return `${companies} · ${a.audience.roles.map((r) => SpotlightRoleLabels[r]).join(', ')}`;
}

type Props = { items: TSpotlightAnnouncement[]; onEdit: (a: TSpotlightAnnouncement) => void; onDelete: (a: TSpotlightAnnouncement) => void };

/** Every announcement with its state now, audience, days and how many users hid it. */
export function SpotlightTable({ items, onEdit, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Shown to</Table.Th>
            <Table.Th>Days</Table.Th>
            <Table.Th>Hidden by</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td fw={500}>{a.title}</Table.Td>
              <Table.Td>
                <Badge color={stateColors[a.state]} variant="outline">
                  {SpotlightStateLabels[a.state]}
                </Badge>
              </Table.Td>
              <Table.Td>{audienceOf(a)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {day(a.validFrom)} – {lastDay(a.validTo)}
              </Table.Td>
              <Table.Td>{a.dismissals === 1 ? '1 user' : `${a.dismissals} users`}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => onEdit(a)} aria-label={`Edit ${a.title}`}>
                    Edit
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => onDelete(a)} aria-label={`Delete ${a.title}`}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
