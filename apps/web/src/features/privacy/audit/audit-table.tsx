import { Badge, Table, Text } from '@mantine/core';
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
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover>
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
                <Badge variant="light" color="gray.7" tt="none">
                  {AuditActionLabels[e.action]}
                </Badge>
              </Table.Td>
              <Table.Td>{e.person?.name ?? <Text span c="dimmed" fz="sm">—</Text>}</Table.Td>
              <Table.Td>{e.detail}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
