import { Alert, Anchor, Badge, Button, Group, List, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DuplicateReasonLabels, type TDuplicateCandidate } from '@hireflow/contracts/candidates-intake';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { candidatePath } from './intake-paths';
import { useCandidateDuplicates } from './api/get-candidate-duplicates';
import { useMergeCandidates } from './api/merge-candidates';
import { managesCandidates } from '../manages-candidates';

const fullName = (d: Pick<TDuplicateCandidate, 'firstName' | 'lastName'>) => `${d.firstName} ${d.lastName}`.trim();

/**
 * The profile's "Likely duplicates": the candidates that share this one's email, phone, or name at the
 * same company, side by side, each with a Merge action (recruiters and admins) behind a confirmation
 * that says what happens. Nothing shows when there are none.
 */
export function DuplicatesPanel({ candidateId }: { candidateId: string }) {
  const { user } = useSession();
  const canMerge = managesCandidates(user);
  const duplicates = useCandidateDuplicates(candidateId);
  const merge = useMergeCandidates(candidateId);
  const [confirming, setConfirming] = useState<TDuplicateCandidate | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!canMerge) return null;
  if (duplicates.isPending) return <Loader size="sm" role="progressbar" aria-label="Looking for duplicates" />;
  if (duplicates.isError) return <FormAlert message={errorMessage(duplicates.error)} />;
  const items = duplicates.data.items;
  if (items.length === 0 && !done) return null;

  const confirm = () => {
    if (!confirming) return;
    const other = confirming;
    merge.mutate(other.id, {
      onSuccess: (result) => {
        setConfirming(null);
        const dropped = result.droppedApplications ? ` Both were on ${result.droppedApplications === 1 ? 'one job' : `${result.droppedApplications} jobs`}: the application further along was kept.` : '';
        setDone(`${fullName(other)} was merged into this profile.${dropped}`);
      },
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="likely-duplicates">
      <Stack gap="sm">
        <Title order={2} size="h4" id="likely-duplicates">
          Likely duplicates
        </Title>
        <FormAlert message={done} tone="success" />
        {items.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Applications</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor component={Link} to={candidatePath(d.id)}>
                        {fullName(d)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{d.email || '—'}</Table.Td>
                    <Table.Td>{d.phone || '—'}</Table.Td>
                    <Table.Td>{d.currentCompany || '—'}</Table.Td>
                    <Table.Td>{d.applications}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {d.reasons.map((r) => (
                          <Badge key={r} variant="light" size="sm">
                            {DuplicateReasonLabels[r]}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setConfirming(d)} aria-label={`Merge ${fullName(d)} into this profile`}>
                        Merge
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
      <Modal opened={Boolean(confirming)} onClose={() => setConfirming(null)} title={confirming ? `Merge ${fullName(confirming)} into this profile?` : ''}>
        {confirming ? (
          <Stack>
            <FormAlert message={merge.isError ? errorMessage(merge.error) : null} />
            <Text size="sm">One person becomes one candidate. This profile stays, and {fullName(confirming)}:</Text>
            <List size="sm" spacing={4}>
              <List.Item>moves over with every application, stage move, timeline entry, note, file and pin;</List.Item>
              <List.Item>fills the fields this profile has blank; skills and tags are combined;</List.Item>
              <List.Item>where both are on the same job, the application further along is kept and the merge is recorded;</List.Item>
              <List.Item>leaves every list and search; old links lead here.</List.Item>
            </List>
            <Alert color="yellow" variant="light">
              A merge cannot be undone.
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
                Cancel
              </Button>
              <Button color="red" onClick={confirm} loading={merge.isPending}>
                Merge
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
