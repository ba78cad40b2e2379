import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Switch, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { TInterviewAttributeRow } from '@hireflow/contracts/interviews-plans';
import { EditedListStates } from '@/components/edited-list-states';
import { errorMessage } from '@/lib/api-client';
import { useDeleteInterviewAttribute, useInterviewAttributes, useSaveInterviewAttribute } from '../api/interview-attributes';

const uses = (n: number) => (n === 0 ? 'Not used' : `In ${n} ${n === 1 ? 'plan' : 'plans'}`);

/**
 * The company's library of focus attributes (company settings, Lists): interview rounds pick from the active
 * ones and their scorecards rate them. One in use by a plan is deactivated instead of deleted.
 */
export function InterviewAttributesSettings() {
  const list = useInterviewAttributes();
  const add = useSaveInterviewAttribute();
  const update = useSaveInterviewAttribute();
  const remove = useDeleteInterviewAttribute();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; description: string } | null>(null);
  const [status, setStatus] = useState('');
  const items = list.data?.items ?? [];
  const failed = [update, remove].find((m) => m.isError);

  const input = (a: TInterviewAttributeRow) => ({ name: a.name, description: a.description, active: a.active });
  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to="/company-settings/manage-lists" size="sm">
        ← Lists
      </Anchor>
      <Title order={1}>Interview attributes</Title>
      <Text size="sm" c="dimmed">
        The qualities interviewers rate on scorecards, such as “System design” or “Communication”. Each round of an interview plan picks the ones it focuses on. An attribute a plan uses cannot be deleted: it is deactivated and no longer offered for new rounds.
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          add.mutate({ id: null, input: { name: name.trim(), description: description.trim() } }, { onSuccess: (a) => (setName(''), setDescription(''), setStatus(`${a.name} added.`)) });
        }}
      >
        <Group align="flex-end">
          <TextInput label="New attribute" value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} error={add.isError ? errorMessage(add.error) : null} w={260} />
          <TextInput label="What it means (optional)" value={description} maxLength={500} onChange={(e) => setDescription(e.currentTarget.value)} w={360} />
          <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
            Add attribute
          </Button>
        </Group>
      </form>
      {remove.data && !remove.data.deleted ? (
        <Alert color="yellow" role="status">
          {remove.data.message}
        </Alert>
      ) : null}
      <EditedListStates status={status} failed={failed} list={list} label="interview attributes" empty={items.length === 0 ? <Text c="dimmed">No attributes yet: add the first one above.</Text> : null}>
        <Paper withBorder radius="md">
          <Table aria-label="Interview attributes" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Attribute</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    {editing?.id === a.id ? (
                      <form
                        onSubmit={(e) => {
                          e.preventDefault();
                          if (!editing.name.trim()) return;
                          update.mutate({ id: a.id, input: { ...input(a), name: editing.name.trim(), description: editing.description.trim() } }, { onSuccess: (r) => (setEditing(null), setStatus(`Saved ${r.name}.`)) });
                        }}
                      >
                        <Group gap="xs" align="flex-end">
                          <TextInput label={`Name of ${a.name}`} value={editing.name} maxLength={80} autoFocus onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} onKeyDown={(e) => e.key === 'Escape' && setEditing(null)} />
                          <TextInput label="What it means" value={editing.description} maxLength={500} onChange={(e) => setEditing({ ...editing, description: e.currentTarget.value })} />
                          <Button type="submit" size="xs" loading={update.isPending}>
                            Save
                          </Button>
                          <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                            Cancel
                          </Button>
                        </Group>
                      </form>
                    ) : (
                      <>
                        <Text fw={500}>{a.name}</Text>
                        {a.description ? (
                          <Text size="sm" c="dimmed">
                            {a.description}
                          </Text>
                        ) : null}
                      </>
                    )}
                  </Table.Td>
                  <Table.Td>{uses(a.usedInPlans)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Switch
                        aria-label={`${a.name} active`}
                        checked={a.active}
                        onChange={(e) => {
                          const active = e.currentTarget.checked;
                          update.mutate({ id: a.id, input: { ...input(a), active } }, { onSuccess: () => setStatus(`${a.name} ${active ? 'activated' : 'deactivated'}.`) });
                        }}
                      />
                      {a.active ? null : (
                        <Badge color="gray" variant="light">
                          Inactive
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" aria-label={`Edit ${a.name}`} onClick={() => setEditing({ id: a.id, name: a.name, description: a.description })}>
                        Edit
                      </Button>
                      <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${a.name}`} loading={remove.isPending && remove.variables === a.id} onClick={() => remove.mutate(a.id, { onSuccess: (r) => setStatus(r.deleted ? `${a.name} deleted.` : '') })}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </EditedListStates>
    </Stack>
  );
}
