import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { TRejectionReason } from '@hireflow/contracts/pipeline';
import { RejectionReasonLimits } from '@hireflow/contracts/pipeline-rejections';
import { EditedListStates } from '@/components/edited-list-states';
import { errorMessage } from '@/lib/api-client';
import {
  useAddRejectionReason,
  useDeleteRejectionReason,
  useRejectionReasonsWithUsage,
  useReorderRejectionReasons,
  useUpdateRejectionReason,
} from '../api/manage-rejection-reasons';

const uses = (n: number) => (n === 0 ? 'Not used' : `Used ${n} ${n === 1 ? 'time' : 'times'}`);

/**
 * The company's rejection reasons (company settings, Lists): the reject dialog offers the active ones in
 * this order. A used reason cannot be deleted, only retired: past rejections keep it.
 */
export function RejectionReasonsSettings() {
  const list = useRejectionReasonsWithUsage();
  const add = useAddRejectionReason();
  const update = useUpdateRejectionReason();
  const reorder = useReorderRejectionReasons();
  const remove = useDeleteRejectionReason();
  const [label, setLabel] = useState('');
  const [editing, setEditing] = useState<{ id: string; label: string } | null>(null);
  const [status, setStatus] = useState('');
  const items = list.data?.items ?? [];
  const failed = [update, reorder, remove].find((m) => m.isError);

  const shift = (index: number, by: -1 | 1) => {
    const ids = items.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onSuccess: () => setStatus(`${items[index]!.label} moved ${by < 0 ? 'up' : 'down'} to position ${index + by + 1}.`) });
  };
  const rename = (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing?.label.trim()) return;
    update.mutate({ id: editing.id, input: { label: editing.label.trim() } }, { onSuccess: (r) => (setEditing(null), setStatus(`Renamed to ${r.label}.`)) });
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to="/company-settings/manage-lists" size="sm">
        ← Lists
      </Anchor>
      <Title order={1}>Rejection reasons</Title>
      <Text size="sm" c="dimmed">
        A rejection needs one of these reasons; the reject dialog offers the active ones in this order. A reason that was used cannot be deleted: retire it and it stays on past rejections but is no longer offered.
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const value = label.trim();
          if (value) add.mutate({ label: value }, { onSuccess: (r) => (setLabel(''), setStatus(`${r.label} added.`)) });
        }}
      >
        <Group align="flex-end">
          <TextInput label="New reason" value={label} maxLength={RejectionReasonLimits.labelMax} onChange={(e) => setLabel(e.currentTarget.value)} error={add.isError ? errorMessage(add.error) : null} w={360} />
          <Button type="submit" loading={add.isPending} disabled={!label.trim()}>
            Add reason
          </Button>
        </Group>
      </form>
      <EditedListStates status={status} failed={failed} list={list} label="rejection reasons" empty={items.length === 0 ? <Text c="dimmed">No reasons yet: add the first one above.</Text> : null}>
        <Paper withBorder radius="md">
          <Table aria-label="Rejection reasons" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((r, i) => (
                <ReasonRow
                  key={r.id}
                  reason={r}
                  first={i === 0}
                  last={i === items.length - 1}
                  busy={reorder.isPending || update.isPending || remove.isPending}
                  editing={editing?.id === r.id ? editing.label : null}
                  onEdit={(value) => setEditing(value === null ? null : { id: r.id, label: value })}
                  onRename={rename}
                  onShift={(by) => shift(i, by)}
                  onActive={(active) => update.mutate({ id: r.id, input: { active } }, { onSuccess: () => setStatus(`${r.label} ${active ? 'restored' : 'retired'}.`) })}
                  onDelete={() => remove.mutate(r.id, { onSuccess: () => setStatus(`${r.label} deleted.`) })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </EditedListStates>
    </Stack>
  );
}

function ReasonRow({
  reason: r,
  first,
  last,
  busy,
  editing,
  onEdit,
  onRename,
  onShift,
  onActive,
  onDelete,
}: {
  reason: TRejectionReason;
  first: boolean;
  last: boolean;
  busy: boolean;
  editing: string | null;
  onEdit: (value: string | null) => void;
  onRename: (event: React.FormEvent) => void;
  onShift: (by: -1 | 1) => void;
  onActive: (active: boolean) => void;
  onDelete: () => void;
}) {
  if (editing !== null) {
    return (
      <Table.Tr>
        <Table.Td colSpan={3}>
          <form onSubmit={onRename} onKeyDown={(e) => e.key === 'Escape' && onEdit(null)}>
            <Group align="flex-end">
              <TextInput label={`New name for ${r.label}`} value={editing} maxLength={RejectionReasonLimits.labelMax} onChange={(e) => onEdit(e.currentTarget.value)} data-autofocus autoFocus w={360} />
              <Button type="submit" loading={busy} disabled={!editing.trim()}>
                Save
              </Button>
              <Button variant="default" onClick={() => onEdit(null)}>
                Cancel
              </Button>
            </Group>
          </form>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text c={r.active ? undefined : 'dimmed'}>{r.label}</Text>
          {r.active ? null : (
            <Badge color="gray" variant="light" tt="none">
              Retired
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{uses(r.usedCount)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" aria-label={`Move ${r.label} up`} disabled={first || busy} onClick={() => onShift(-1)}>
            ↑
          </Button>
          <Button size="compact-sm" variant="subtle" aria-label={`Move ${r.label} down`} disabled={last || busy} onClick={() => onShift(1)}>
            ↓
          </Button>
          <Button size="compact-sm" variant="subtle" aria-label={`Rename ${r.label}`} onClick={() => onEdit(r.label)}>
            Rename
          </Button>
          <Button size="compact-sm" variant="subtle" aria-label={`${r.active ? 'Retire' : 'Restore'} ${r.label}`} disabled={busy} onClick={() => onActive(!r.active)}>
            {r.active ? 'Retire' : 'Restore'}
          </Button>
          {r.usedCount === 0 ? (
            <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${r.label}`} disabled={busy} onClick={onDelete}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
