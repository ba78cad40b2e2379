import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** /agency-approval/:agencyId: the agency, its approval chain and history. */
export const agencyApprovalRoutes: RouteObject[] = [{ path: Paths.agencyApproval, ...lazyPage(() => import('./agency-approval-page')) }];
