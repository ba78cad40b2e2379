import { Stack, Title } from '@mantine/core';
import { ReferralNav } from '@/features/referrals/components/referral-nav';
import { RewardsView } from '@/features/referrals/rewards/rewards-view';
import { useSession } from '@/lib/session';

/** /referral-rewards: admins see every reward (filter, approve, pay, forfeit, export); everyone else their own. */
export default function ReferralRewardsPage() {
  const { user } = useSession();
  return (
    <Stack gap="md">
      <ReferralNav />
      <Title order={1}>Referral rewards</Title>
      <RewardsView admin={Boolean(user?.admin)} />
    </Stack>
  );
}
