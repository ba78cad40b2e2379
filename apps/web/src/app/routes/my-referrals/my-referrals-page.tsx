import { Stack, Text, Title } from '@mantine/core';
import { ReferralNav } from '@/features/referrals/components/referral-nav';
import { MyReferralsTable } from '@/features/referrals/mine/my-referrals-table';
import { OpenPositionsList } from '@/features/referrals/open-positions/open-positions-list';
import { openPositionsAnchor } from '@/features/referrals/open-positions/open-positions-path';

/** /my-referrals: the people I referred with where they stand and the reward, and the open positions I can refer to. */
export default function MyReferralsPage() {
  return (
    <Stack gap="md">
      <ReferralNav />
      <div>
        <Title order={1}>My referrals</Title>
        <Text c="dimmed">Where the people you referred stand, and the reward a hire earns you.</Text>
      </div>
      <MyReferralsTable />
      <Stack gap="sm" component="section" aria-labelledby={openPositionsAnchor} mt="lg">
        <Title order={2} id={openPositionsAnchor} fz="h3">
          Open positions to refer
        </Title>
        <OpenPositionsList />
      </Stack>
    </Stack>
  );
}
