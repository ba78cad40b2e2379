import { Alert, Group, Loader, Pagination, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RewardStatuses, RewardStatusLabels, type TReward, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import type { RewardAction } from '../api/rewards-actions';
import { useRewards } from '../api/rewards-list';
import { ExportRewardsButton } from './export-rewards-button';
import { RewardActionDialog } from './reward-action-dialog';
import { RewardsTable } from './rewards-table';
import { RewardsTotals } from './rewards-totals';

const isStatus = (value: string | null): value is TRewardStatus => RewardStatuses.includes(value as TRewardStatus);

/**
 * The rewards list: an admin sees every reward of the company, filters by status (kept in the URL), acts on
 * each one and exports the list; everyone else sees the rewards their own referrals earned.
 */
export function RewardsView({ admin }: { admin: boolean }) {
  const [url, setUrl] = useSearchParams();
  const status = admin && isStatus(url.get('status')) ? (url.get('status') as TRewardStatus) : undefined;
  const page = Math.max(1, Math.floor(Number(url.get('page')) || 1));
  const list = useRewards({ status, page });
  const [acting, setActing] = useState<{ reward: TReward; action: RewardAction } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const update = (patch: Record<string, string | null>) =>
    setUrl(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      {admin ? (
        <Group justify="space-between" align="end" wrap="wrap">
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={RewardStatuses.map((s) => ({ value: s, label: RewardStatusLabels[s] }))}
            value={status ?? null}
            onChange={(v) => update({ status: v, page: null })}
            w={240}
          />
          <ExportRewardsButton status={status} onError={setExportError} />
        </Group>
      ) : (
        <Text>
          The rewards your referrals earned. A reward becomes payable once your friend has stayed through the waiting period after their start date; an admin then approves
          it and marks it paid.
        </Text>
      )}
      <FormAlert message={exportError} />
      <FormAlert message={done} tone="success" />
      {list.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading rewards" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="The rewards could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{emptyText(admin, status)}</Text>
      ) : (
        <>
          <RewardsTotals totals={list.data.totals} />
          <RewardsTable
            items={list.data.items}
            admin={admin}
            onAction={(reward, action) => {
              setDone(null);
              setActing({ reward, action });
            }}
          />
          {list.data.total > list.data.pageSize ? (
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{list.data.total.toLocaleString('en-GB')} rewards</Text>
              <Pagination total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={(p) => update({ page: p > 1 ? String(p) : null })} aria-label="Pages" />
            </Group>
          ) : null}
        </>
      )}
      {acting ? (
        <RewardActionDialog
          reward={acting.reward}
          action={acting.action}
          onClose={(message) => {
            setActing(null);
            if (message) setDone(message);
          }}
        />
      ) : null}
    </Stack>
  );
}

function emptyText(admin: boolean, status: TRewardStatus | undefined): string {
  if (status) return `No rewards are ${RewardStatusLabels[status].toLowerCase()}. Choose another status to see the others.`;
  if (admin) return 'No referral rewards yet. When a referred candidate is hired and the referral settings give a reward, it appears here.';
  return 'When someone you referred is hired, the reward appears here. Refer a friend to an open job from your dashboard.';
}
