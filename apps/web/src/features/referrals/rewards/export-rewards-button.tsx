import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { errorMessage } from '@/lib/api-client';
import { exportRewards } from '../api/rewards-export';

/** Downloads the list with the current filter as an Excel file; busy while the file is made. */
export function ExportRewardsButton({ status, onError }: { status: TRewardStatus | undefined; onError: (message: string | null) => void }) {
  const exporting = useMutation({ mutationFn: () => exportRewards(status) });
  return (
    <Button
      variant="default"
      loading={exporting.isPending}
      loaderProps={{ type: 'dots' }}
      onClick={() => {
        onError(null);
        exporting.mutate(undefined, { onError: (error) => onError(errorMessage(error)) });
      }}
    >
      Export to Excel
    </Button>
  );
}
