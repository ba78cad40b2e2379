import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ReferralNav } from '@/features/referrals/components/referral-nav';
import { MyReferralsTable } from '@/features/referrals/mine/my-referrals-table';
import { OpenPositionsList } from '@/features/referrals/open-positions/open-positions-list';
import { openPositionsAnchor } from '@/features/referrals/open-positions/open-positions-path';

/** /my-referrals: the people I referred with where they stand and the reward, and the open positions I can refer to. */
export default function MyReferralsPage() {
  const { hash } = useLocation();
  // The dashboard's "See all" lands on the open positions: the router does not scroll to a hash by itself.
  useEffect(() => {
    if (hash === `#${openPositionsAnchor}`) document.getElementById(openPositionsAnchor)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
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
