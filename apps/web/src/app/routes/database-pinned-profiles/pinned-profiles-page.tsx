import { Alert, Anchor, Button, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePinCandidate } from '@/features/candidates/api/pin-candidate';
import { usePinnedCandidates } from '@/features/candidates/profile/api/get-pinned-candidates';
import { errorMessage } from '@/lib/api-client';

/** /database-pinned-profiles: the candidates I pinned, latest pin first, with when they last had activity. */
export default function PinnedProfilesPage() {
  const pinned = usePinnedCandidates();
  const unpin = usePinCandidate();
  return (
    <Stack gap="md">
      <Title order={1}>Pinned profiles</Title>
      {unpin.isError ? <Alert color="red">{errorMessage(unpin.error)}</Alert> : null}
      {pinned.isPending ? (
        <Loader role="progressbar" aria-label="Loading pinned profiles" />
      ) : pinned.isError ? (
        <Alert color="red">{errorMessage(pinned.error)}</Alert>
      ) : pinned.data.items.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text fw={500}>You have not pinned anyone yet.</Text>
          <Text c="dimmed">Open a candidate's profile (from a job's applicants or the database) and choose "Pin": they stay here for you until you unpin them.</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Current role</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Latest activity</Table.Th>
                <Table.Th>Pinned</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pinned.data.items.map((c) => {
                const name = `${c.firstName} ${c.lastName}`.trim();
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/candidate/${c.id}`} fw={500}>
                        {name}
                      </Anchor>
                      {c.email ? (
                        <Text fz="xs" c="dimmed">
                          {c.email}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{[c.currentTitle, c.currentCompany].filter(Boolean).join(' @ ') || '—'}</Table.Td>
                    <Table.Td>{c.location || '—'}</Table.Td>
                    <Table.Td>{new Date(c.lastActivityAt).toLocaleDateString()}</Table.Td>
                    <Table.Td>{new Date(c.pinnedAt).toLocaleDateString()}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" aria-label={`Unpin ${name}`} onClick={() => unpin.mutate({ id: c.id, pinned: false })}>
                        Unpin
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
