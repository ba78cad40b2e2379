import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** Referrals: refer a friend, my referrals, campaigns (recruiters and admins) and rewards. */
export const referralRoutes: RouteObject[] = [
  { path: Paths.employeeReferral, ...lazyPage(() => import('./employee-referral-page')) },
  { path: Paths.myReferrals, ...lazyPage(() => import('../my-referrals/my-referrals-page')) },
  { path: Paths.referralCampaign, ...lazyPage(() => import('../referral-campaign/referral-campaign-page')) },
  { path: Paths.referralRewards, ...lazyPage(() => import('../referral-rewards/referral-rewards-page')) },
];
