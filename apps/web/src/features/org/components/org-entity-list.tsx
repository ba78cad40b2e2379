import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Menu, SegmentedControl, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import type { TOrgItem, TOrgKind } from '@hireflow/contracts/org';
import { errorMessage } from '@/lib/api-client';
import { useOrgItems } from '../api/get-org-items';
import { useSetOrgItemStatus } from '../api/save-org-item';
import { OrgItemForm } from './org-item-form';
import { RemoveOrgItem } from './remove-org-item';
import { OrgKindSpecs, labelOfKind, type ColumnSpec } from './org-kinds';

type Props = {
  kind: TOrgKind;
  /** Extra list filter and create defaults (custom fields: the entity). */
  entity?: string;
  title?: string;
  columns?: ColumnSpec[];
  headingOrder?: 1 | 2;
  above?: ReactNode;
};

const toast = (message: string) => notifications.show({ message, color: 'pastel-green' });

/** The one list/edit page of every org kind: search, status filter, load more, add, edit, (de)activate, delete. */
export function OrgEntityList({ kind, entity, title, columns, headingOrder = 1, above }: Props) {
  const spec = OrgKindSpecs[kind];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<'all' | 'active' | 'inactive'>('all');
  const list = useOrgItems(kind, { search: debounced, status, ...(entity ? { entity: entity as 'job' } : {}) });
  const [editing, setEditing] = useState<TOrgItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<TOrgItem | null>(null);
  const setItemStatus = useSetOrgItemStatus();
  const labels = labelOfKind(kind);
  const shown = columns ?? spec.columns;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={headingOrder}>{title ?? spec.title}</Title>
          <Text c="dimmed" size="sm">
            {spec.intro}
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Add {labels.one.toLowerCase()}</Button>
      </Group>
      {above}
      <Group align="flex-end">
        <TextInput label={`Search ${labels.many.toLowerCase()}`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(v) => setStatus(v as typeof status)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </Group>
      {setItemStatus.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(setItemStatus.error)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label={`Loading ${labels.many.toLowerCase()}`} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert" title={`The ${labels.many.toLowerCase()} could not be loaded`}>
          <Group>
            <Text size="sm">{errorMessage(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : list.items.length === 0 ? (
        <Text role="status">{debounced || status !== 'all' ? `No ${labels.many.toLowerCase()} match.` : `No ${labels.many.toLowerCase()} yet. Add the first one.`}</Text>
      ) : (
        <>
          <Text size="sm" role="status">
            Showing {list.items.length} of {list.total}
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {shown.map((c) => (
                    <Table.Th key={c.header}>{c.header}</Table.Th>
                  ))}
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((item) => (
                  <Table.Tr key={item.id}>
                    {shown.map((c) => (
                      <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                    ))}
                    <Table.Td>
                      <Badge variant="light" color={item.status === 'active' ? 'pastel-green' : 'gray'}>
                        {item.status === 'active' ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`Actions for ${item.displayName}`}>
                            ⋯
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(item)}>Edit</Menu.Item>
                          <Menu.Item
                            onClick={() =>
                              setItemStatus.mutate(
                                { kind, id: item.id, status: item.status === 'active' ? 'inactive' : 'active' },
                                { onSuccess: () => toast(`${item.displayName} ${item.status === 'active' ? 'deactivated' : 'activated'}`) },
                              )
                            }
                          >
                            {item.status === 'active' ? 'Deactivate' : 'Activate'}
                          </Menu.Item>
                          <Menu.Item color="red" onClick={() => setRemoving(item)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.loadMore ? (
            <Center>
              <Button variant="light" onClick={list.loadMore} loading={list.isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          ) : null}
        </>
      )}
      {editing ? (
        <OrgItemForm
          kind={kind}
          item={editing === 'new' ? null : editing}
          defaults={entity ? { entity } : undefined}
          onClose={(saved) => {
            if (saved) toast(saved);
            setEditing(null);
          }}
        />
      ) : null}
      {removing ? (
        <RemoveOrgItem
          kind={kind}
          item={removing}
          onClose={(done) => {
            if (done) toast(done);
            setRemoving(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
