import { Badge } from '@mantine/core';
import { RewardStatusLabels, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { RewardStatusColors } from './reward-format';

export function RewardStatusBadge({ status }: { status: TRewardStatus }) {
  return (
    <Badge variant="outline" color={RewardStatusColors[status]} tt="none">
      {RewardStatusLabels[status]}
    </Badge>
  );
}
