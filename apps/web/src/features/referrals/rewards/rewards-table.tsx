import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TReward } from '@hireflow/contracts/referral-rewards';
import type { RewardAction } from '../api/rewards-actions';
import { formatDate, formatDay } from './reward-format';
import { RewardStatusBadge } from './reward-status-badge';

type Props = { items: TReward[]; admin: boolean; onAction: (reward: TReward, action: RewardAction) => void };

/** What happened to the reward last, or when it becomes payable. */
function progressOf(r: TReward): string {
  if (r.status === 'paid' && r.paidAt) return `Paid ${formatDate(r.paidAt)}${r.paidBy ? ` by ${r.paidBy.name}` : ''}`;
  if (r.status === 'approved' && r.approvedAt) return `Approved ${formatDate(r.approvedAt)}${r.approvedBy ? ` by ${r.approvedBy.name}` : ''}`;
  if (r.status === 'forfeited') return `Forfeited${r.forfeitedAt ? ` ${formatDate(r.forfeitedAt)}` : ''}${r.forfeitReason ? `: ${r.forfeitReason}` : ''}`;
  if (r.status === 'payable') return `Payable since ${formatDay(r.payableOn)}`;
  return `Payable from ${formatDay(r.payableOn)}`;
}

function Actions({ reward, onAction }: { reward: TReward; onAction: Props['onAction'] }) {
  const label = `${reward.candidateName} (${reward.referrer.name})`;
  return (
    <Group gap={6} wrap="wrap">
      {reward.can.approve ? (
        <Button size="compact-sm" onClick={() => onAction(reward, 'approve')} aria-label={`Approve reward for ${label}`}>
          Approve
        </Button>
      ) : null}
      {reward.can.pay ? (
        <Button size="compact-sm" onClick={() => onAction(reward, 'pay')} aria-label={`Mark paid: reward for ${label}`}>
          Mark paid
        </Button>
      ) : null}
      {reward.can.forfeit ? (
        <Button size="compact-sm" variant="default" c="red.9" onClick={() => onAction(reward, 'forfeit')} aria-label={`Forfeit reward for ${label}`}>
          Forfeit
        </Button>
      ) : null}
    </Group>
  );
}

/** A table on wide screens; on a phone each reward is a small card so nothing has to scroll sideways. */
export function RewardsTable({ items, admin, onAction }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Rewards">
        {items.map((r) => (
          <Paper key={r.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" align="start" wrap="nowrap">
              <div>
                <Text fw={600}>{r.candidateName}</Text>
                <Text size="sm">{r.job.name}</Text>
                {admin ? <Text size="sm">Referred by {r.referrer.name}</Text> : null}
              </div>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {r.display}
              </Text>
            </Group>
            <Group gap="xs" mt={6}>
              <RewardStatusBadge status={r.status} />
              <Text size="sm">{progressOf(r)}</Text>
            </Group>
            {admin ? (
              <div style={{ marginTop: 8 }}>
                <Actions reward={r} onAction={onAction} />
              </div>
            ) : null}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={admin ? 860 : 640}>
      <Table striped highlightOnHover aria-label="Rewards">
        <Table.Thead>
          <Table.Tr>
            {admin ? <Table.Th>Referrer</Table.Th> : null}
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Job</Table.Th>
            <Table.Th>Hired</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            {admin ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id}>
              {admin ? <Table.Td>{r.referrer.name}</Table.Td> : null}
              <Table.Td>{r.candidateName}</Table.Td>
              <Table.Td>{r.job.name}</Table.Td>
              <Table.Td>
                {formatDate(r.hiredAt)}
                <Text size="xs" c="dimmed">
                  Starts {formatDay(r.startDate)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.display}
              </Table.Td>
              <Table.Td>
                <RewardStatusBadge status={r.status} />
                <Text size="xs" c="dimmed" mt={2}>
                  {progressOf(r)}
                </Text>
              </Table.Td>
              {admin ? (
                <Table.Td>
                  <Actions reward={r} onAction={onAction} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
