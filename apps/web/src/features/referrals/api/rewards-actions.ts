import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReferralRewardApi, ZReward, type TForfeitRewardRequest } from '@hireflow/contracts/referral-rewards';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

export type RewardAction = 'approve' | 'pay' | 'forfeit';

/** payable -> approved; approved -> paid; pending or payable -> forfeited (with the reason). */
export function changeReward(id: string, action: RewardAction, body: TForfeitRewardRequest | Record<string, never> = {}) {
  return apiPost(buildPath(ReferralRewardApi[action], { id }), body, ZReward);
}

/** Not optimistic: the list (and its totals) is fetched again after each change. */
export function useChangeReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: RewardAction; reason?: string }) => changeReward(id, action, action === 'forfeit' ? { reason: reason ?? '' } : {}),
    onSettled: () => client.invalidateQueries({ queryKey: ['referral-rewards'] }),
  });
}
