import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { RequireAgencyLogin } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

/**
 * The agency side, outside the company app shell: the sign-in page of an agency's link and its portal
 * (which needs the agency sign-in data, else /notFound: SPEC section 5).
 */
export const agencyPortalRoutes: RouteObject[] = [
  { path: Paths.agenciesLogin, ...lazyPage(() => import('../agencies-login/agencies-login-page')) },
  { element: <RequireAgencyLogin />, children: [{ path: Paths.appliedByAgencies, ...lazyPage(() => import('./applied-by-agencies-page')) }] },
];
