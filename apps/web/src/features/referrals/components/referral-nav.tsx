import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { useSession } from '@/lib/session';

/** Recruiters, admins and super users run campaigns (the API holds the same rule). */
export function canRunReferralCampaigns(user: { role: string; admin: boolean; superUser: boolean } | null): boolean {
  return !!user && (user.role === 'recruiter' || user.admin || user.superUser);
}

/**
 * The referral area's own navigation under the main "Referrals" entry: My referrals, Rewards, and Campaigns
 * for those who run them. Each is its own page (and URL); this is only the way between them.
 */
export function ReferralNav() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = [
    { to: Paths.myReferrals, label: 'My referrals' },
    { to: Paths.referralRewards, label: 'Rewards' },
    ...(canRunReferralCampaigns(user) ? [{ to: Paths.referralCampaign, label: 'Campaigns' }] : []),
  ];
  return (
    <Tabs value={pathname} onChange={(to) => to && navigate(to)} aria-label="Referrals">
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.to} value={t.to}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
