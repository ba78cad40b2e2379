import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ReferralSettingsLimits, type TReward } from '@hireflow/contracts/referral-rewards';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useChangeReward, type RewardAction } from '../api/rewards-actions';

const Titles: Record<RewardAction, string> = { approve: 'Approve reward', pay: 'Mark reward paid', forfeit: 'Forfeit reward' };
const Buttons: Record<RewardAction, string> = { approve: 'Approve', pay: 'Mark paid', forfeit: 'Forfeit' };

/**
 * Confirms one admin action on a reward. A forfeit needs the reason (kept on the reward). The list is fetched
 * again afterwards, whatever the answer; a refusal (e.g. a reward someone else just paid) stays in the dialog.
 */
export function RewardActionDialog({ reward, action, onClose }: { reward: TReward; action: RewardAction; onClose: (done?: string) => void }) {
  const change = useChangeReward();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const what = `${reward.display} for referring ${reward.candidateName} (${reward.job.name}) to ${reward.referrer.name}`;

  const confirm = () => {
    if (action === 'forfeit') {
      const trimmed = reason.trim();
      if (!trimmed) return setReasonError('Say why the reward is forfeited');
      if (trimmed.length > ReferralSettingsLimits.maxReasonLength) return setReasonError(`Keep the reason under ${ReferralSettingsLimits.maxReasonLength} characters`);
    }
    setReasonError(null);
    change.mutate(
      { id: reward.id, action, reason: reason.trim() },
      { onSuccess: () => onClose(action === 'approve' ? 'Reward approved' : action === 'pay' ? 'Reward marked paid' : 'Reward forfeited') },
    );
  };

  return (
    <Modal opened onClose={() => onClose()} title={Titles[action]}>
      <Stack>
        {action === 'approve' ? <Text>Approve the reward of {what}?</Text> : null}
        {action === 'pay' ? <Text>Record that the reward of {what} has been paid? This cannot be undone.</Text> : null}
        {action === 'forfeit' ? (
          <>
            <Text>Forfeit the reward of {what}? Do this when the hire left before the waiting period ended. This cannot be undone.</Text>
            <Textarea
              label="Reason"
              description="The referrer sees this reason with their reward."
              required
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
              maxLength={ReferralSettingsLimits.maxReasonLength}
              data-autofocus
            />
          </>
        ) : null}
        <FormAlert message={change.isError ? errorMessage(change.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            Cancel
          </Button>
          <Button color={action === 'forfeit' ? 'red' : undefined} loading={change.isPending} onClick={confirm}>
            {Buttons[action]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
