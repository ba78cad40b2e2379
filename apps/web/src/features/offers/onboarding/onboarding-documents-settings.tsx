import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { describeFileTypes, type TOnboardingDocument } from '@hireflow/contracts/offers-onboarding';
import { useOnboardingDocuments } from '../api/get-onboarding-documents';
import { useCreateOnboardingDocument } from '../api/create-onboarding-document';
import { useUpdateOnboardingDocument } from '../api/update-onboarding-document';
import { useReorderOnboardingDocuments } from '../api/reorder-onboarding-documents';
import { useDeleteOnboardingDocument } from '../api/delete-onboarding-document';
import { OnboardingDocumentForm, type OnboardingDocumentValues } from './onboarding-document-form';
import { EditedListStates } from '@/components/edited-list-states';

const uploads = (n: number) => (n === 0 ? 'No uploads' : `${n} ${n === 1 ? 'upload' : 'uploads'}`);

/**
 * company-settings/onboarding-documents: what a new hire provides after accepting an offer, in the order
 * their page lists it. A document new hires uploaded is archived, never deleted: their uploads keep it.
 */
export function OnboardingDocumentsSettings() {
  const list = useOnboardingDocuments();
  const [dialog, setDialog] = useState<{ editing: TOnboardingDocument | null } | null>(null);
  const [status, setStatus] = useState('');
  const create = useCreateOnboardingDocument({ onSuccess: (d) => (setDialog(null), setStatus(`${d.name} added.`)) });
  const update = useUpdateOnboardingDocument({ onSuccess: (d) => (setDialog(null), setStatus(`${d.name} saved.`)) });
  const change = useUpdateOnboardingDocument();
  const reorder = useReorderOnboardingDocuments();
  const remove = useDeleteOnboardingDocument();
  const items = list.data?.items ?? [];
  const failed = [change, reorder, remove].find((m) => m.isError);
  const busy = change.isPending || reorder.isPending || remove.isPending;

  const shift = (index: number, by: -1 | 1) => {
    const ids = items.map((d) => d.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onSuccess: () => setStatus(`${items[index]!.name} moved ${by < 0 ? 'up' : 'down'} to position ${index + by + 1}.`) });
  };
  const save = (values: OnboardingDocumentValues) => {
    const editing = dialog?.editing;
    if (editing) update.mutate({ id: editing.id, input: values });
    else create.mutate(values);
  };
  const closeDialog = () => {
    setDialog(null);
    create.reset();
    update.reset();
  };

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Onboarding documents</Title>
          <Text size="sm" c="dimmed">
            What a new hire provides after accepting an offer. Their offer page lists the active documents in this order, each with an upload area; recruiters accept each upload or ask for it again.
          </Text>
        </div>
        <Button onClick={() => setDialog({ editing: null })}>Add document</Button>
      </Group>
      <EditedListStates status={status} failed={failed} list={list} label="onboarding documents" empty={items.length === 0 ? <NoDocumentsYet /> : null}>
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table aria-label="Onboarding documents" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>File types</Table.Th>
                <Table.Th>Uploads</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d, i) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={500} c={d.active ? undefined : 'dimmed'}>
                        {d.name}
                      </Text>
                      <Badge variant={d.required ? "light" : "outline"} color={d.required ? undefined : "gray.7"} tt="none">
                        {d.required ? 'Required' : 'Optional'}
                      </Badge>
                      {d.active ? null : (
                        <Badge color="gray.7" variant="outline" tt="none">
                          Archived
                        </Badge>
                      )}
                    </Group>
                    {d.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {d.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{describeFileTypes(d.fileTypes)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{uploads(d.submissionCount)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" aria-label={`Move ${d.name} up`} disabled={i === 0 || busy} onClick={() => shift(i, -1)}>
                        ↑
                      </Button>
                      <Button size="compact-sm" variant="subtle" aria-label={`Move ${d.name} down`} disabled={i === items.length - 1 || busy} onClick={() => shift(i, 1)}>
                        ↓
                      </Button>
                      <Button size="compact-sm" variant="subtle" aria-label={`Edit ${d.name}`} onClick={() => setDialog({ editing: d })}>
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`${d.active ? 'Archive' : 'Restore'} ${d.name}`}
                        disabled={busy}
                        onClick={() => change.mutate({ id: d.id, input: { active: !d.active } }, { onSuccess: () => setStatus(`${d.name} ${d.active ? 'archived' : 'restored'}.`) })}
                      >
                        {d.active ? 'Archive' : 'Restore'}
                      </Button>
                      {d.submissionCount === 0 ? (
                        <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${d.name}`} disabled={busy} onClick={() => remove.mutate(d.id, { onSuccess: () => setStatus(`${d.name} deleted.`) })}>
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </EditedListStates>
      {dialog ? (
        <OnboardingDocumentForm
          opened
          editing={dialog.editing}
          busy={create.isPending || update.isPending}
          error={dialog.editing ? update.error : create.error}
          onClose={closeDialog}
          onSubmit={save}
        />
      ) : null}
    </Stack>
  );
}

function NoDocumentsYet() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Text>No onboarding documents yet.</Text>
      <Text size="sm" c="dimmed">
        Add the documents new hires must provide, such as a passport or a signed contract: they see them on their offer page once they accept.
      </Text>
    </Paper>
  );
}
