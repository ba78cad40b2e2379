import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RewardStatuses, RewardStatusLabels, type TRewardList, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { RewardStatusColors, parseDisplayedAmount } from './reward-format';

type Row = { status: TRewardStatus; display: string; currency: string; value: number };

/**
 * The sums per status over the whole filtered list, each with a bar sized against the largest sum of the same
 * currency (amounts in different currencies are never compared). The text carries everything; the bars only help
 * the eye, so they are hidden from screen readers.
 */
export function RewardsTotals({ totals }: { totals: TRewardList['totals'] }) {
  const rows: Row[] = [];
  for (const status of RewardStatuses) {
    for (const display of totals[status] ?? []) {
      const parsed = parseDisplayedAmount(display);
      rows.push({ status, display, currency: parsed?.currency ?? '', value: parsed?.value ?? 0 });
    }
  }
  if (rows.length === 0) return null;
  const largest = new Map<string, number>();
  for (const r of rows) largest.set(r.currency, Math.max(largest.get(r.currency) ?? 0, r.value));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reward-totals-title">
      <Title order={2} fz="h4" mb="sm" id="reward-totals-title">
        Totals by status
      </Title>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((r) => {
          const max = largest.get(r.currency) ?? 0;
          const width = max > 0 ? Math.max(2, Math.round((r.value / max) * 100)) : 0;
          return (
            <Group key={`${r.status}-${r.display}`} component="li" gap="sm" wrap="nowrap">
              <Text size="sm" w={170} style={{ flexShrink: 0 }}>
                {RewardStatusLabels[r.status]}
              </Text>
              <Box style={{ flex: 1, minWidth: 40 }} aria-hidden="true" visibleFrom="xs">
                <Box h={10} w={`${width}%`} bg={RewardStatusColors[r.status]} style={{ borderRadius: 4 }} />
              </Box>
              <Text size="sm" fw={600} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.display}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
