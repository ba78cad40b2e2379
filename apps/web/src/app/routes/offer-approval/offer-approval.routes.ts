import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** Offer approvals: /offer-approval/:offerId (the offer, its letter, its chain) and /offer-approval-all (the same list as /vacancy-approval-all). */
export const offerApprovalRoutes: RouteObject[] = [
  { path: Paths.offerApproval, ...lazyPage(() => import('./offer-approval-page')) },
  { path: Paths.offerApprovalAll, ...lazyPage(() => import('./offer-approval-all-page')) },
];
