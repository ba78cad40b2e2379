import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TMyReferral } from '@hireflow/contracts/referrals';
import { errorMessage } from '@/lib/api-client';
import { useMyReferrals } from '../api/get-my-referrals';
import { CoarseStatusBadge } from '@/components/coarse-status-badge';
import { openPositionsAnchor } from '../open-positions/open-positions-path';
import { referralDay, rewardText } from '../referral-format';

/** Below this width the referrals are cards: a phone (390 px) reads them without scrolling sideways. */
export const PhoneQuery = '(max-width: 36em)';

/** My referrals, newest first: who, to which job, when, where it stands (coarse status only) and the reward. */
export function MyReferralsTable() {
  const [page, setPage] = useState(1);
  const list = useMyReferrals(page);
  const phone = useMediaQuery(PhoneQuery);
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
      {phone ? <ReferralCards items={list.data.items} /> : <ReferralTable items={list.data.items} />}
      {pages > 1 ? (
        <nav aria-label="Pages of referrals">
          <Pagination total={pages} value={page} onChange={setPage} />
        </nav>
      ) : null}
    </>
  );
}

/** Phones: one card per referral instead of a table wider than the screen. */
function ReferralCards({ items }: { items: TMyReferral[] }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="My referrals">
      {items.map((r) => (
        <Paper component="li" key={r.id} withBorder p="sm" radius="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text fw={500}>{r.candidateName}</Text>
              <Text fz="sm">{r.job.name}</Text>
              <Text fz="sm" c="dimmed">
                Referred on {referralDay(r.referredAt)}
              </Text>
            </div>
            <CoarseStatusBadge status={r.status} />
          </Group>
          <Text fz="sm" mt={4}>
            Reward: {rewardText(r)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function ReferralTable({ items }: { items: TMyReferral[] }) {
  return (
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
          {items.map((r) => (
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
  );
}
