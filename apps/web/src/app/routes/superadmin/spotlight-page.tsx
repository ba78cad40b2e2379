import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import type { TSpotlightAnnouncement } from '@hireflow/contracts/spotlight';
import { useSpotlightAnnouncements } from '@/features/spotlight/api/get-spotlight-announcements';
import { useDeleteSpotlight } from '@/features/spotlight/api/delete-spotlight';
import { SpotlightTable } from '@/features/spotlight/components/spotlight-table';
import { errorMessage } from '@/lib/api-client';
import { loadChunk } from '@/app/routes/lazy-page';

// The form (date pickers, company search, the editor) loads when it is opened.
const SpotlightFormDialog = lazy(() => loadChunk(() => import('@/features/spotlight/components/spotlight-form-dialog')));

function DeleteDialog({ announcement, onClose }: { announcement: TSpotlightAnnouncement; onClose: () => void }) {
  const remove = useDeleteSpotlight({
    onSuccess: (answer) => {
      notifications.show({ message: answer.message });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Delete “${announcement.title}”?`}>
      <Stack gap="sm">
        <Text>It disappears from every dashboard now. This cannot be undone.</Text>
        {remove.error ? (
          <Alert color="red" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(announcement.id)}>
            Delete announcement
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /superadmin/spotlight: the announcements shown on dashboards; write, change and delete them. */
export default function SpotlightPage() {
  const list = useSpotlightAnnouncements();
  const [editing, setEditing] = useState<TSpotlightAnnouncement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TSpotlightAnnouncement | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={1}>Spotlight</Title>
        <Anchor component={Link} to={Paths.superadmin}>
          Back to the overview
        </Anchor>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">Announcements on the dashboards of the companies and roles you choose, between two days. Each user can hide one for themselves.</Text>
        <Button onClick={() => setEditing('new')}>New announcement</Button>
      </Group>
      {list.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading announcements" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Announcements could not be loaded">
          {errorMessage(list.error)} Reload the page to try again.
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">No announcements yet. Use “New announcement” to tell users about something on their dashboard.</Text>
        </Paper>
      ) : (
        <SpotlightTable items={list.data.items} onEdit={setEditing} onDelete={setDeleting} />
      )}
      {editing ? (
        <Suspense fallback={<Loader role="progressbar" aria-label="Loading the form" />}>
          <SpotlightFormDialog
            announcement={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={(answer) => {
              notifications.show({ message: answer.message });
              setEditing(null);
            }}
          />
        </Suspense>
      ) : null}
      {deleting ? <DeleteDialog announcement={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}
