import { Badge, Box, Table, Text } from '@mantine/core';
import { AuditActionLabels, type TAuditEntry } from '@hireflow/contracts/privacy';
import { formatDate } from '@/lib/date-format';

const pad = (n: number) => String(n).padStart(2, '0');
const when = (at: string) => {
  const d = new Date(at);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** One page of the trail: when, who, action, person, detail. */
export function AuditTable({ items }: { items: TAuditEntry[] }) {
  return (
    // A focusable region: keyboard users scroll the wide table sideways on a narrow screen.
    <Box className="mantine-focus-auto" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Audit trail entries">
      <Table striped highlightOnHover miw={880}>
        <Table.Caption>Newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <time dateTime={e.at}>{when(e.at)}</time>
              </Table.Td>
              <Table.Td>{e.actor.name}</Table.Td>
              <Table.Td>
                <Badge variant="outline" color="gray.7" tt="none">
                  {AuditActionLabels[e.action]}
                </Badge>
              </Table.Td>
              <Table.Td>{e.person?.name ?? <Text span c="dimmed" fz="sm">—</Text>}</Table.Td>
              <Table.Td>{e.detail}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
