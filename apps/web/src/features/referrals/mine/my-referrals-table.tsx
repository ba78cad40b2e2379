import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useMyReferrals } from '../api/get-my-referrals';
import { CoarseStatusBadge } from '../components/coarse-status-badge';
import { openPositionsAnchor } from '../open-positions/open-positions-path';
import { referralDay, rewardText } from '../referral-format';

/** My referrals, newest first: who, to which job, when, where it stands (coarse status only) and the reward. */
export function MyReferralsTable() {
  const [page, setPage] = useState(1);
  const list = useMyReferrals(page);
  if (list.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader role="progressbar" aria-label="Loading your referrals" />
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title="Your referrals could not be loaded">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack gap="xs" align="center">
          <Text ta="center">You have not referred anyone yet. Know someone who would fit one of our jobs?</Text>
          <Anchor href={`#${openPositionsAnchor}`}>Refer someone from Open positions</Anchor>
        </Stack>
      </Paper>
    );
  }
  const pages = Math.ceil(list.data.total / list.data.pageSize);
  return (
    <>
      <Table.ScrollContainer minWidth={680}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Candidate</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Referred on</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Reward</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td fw={500}>{r.candidateName}</Table.Td>
                <Table.Td>{r.job.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{referralDay(r.referredAt)}</Table.Td>
                <Table.Td>
                  <CoarseStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>{rewardText(r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <nav aria-label="Pages of referrals">
          <Pagination total={pages} value={page} onChange={setPage} />
        </nav>
      ) : null}
    </>
  );
}
