import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** Pages a signed-in visitor skips (RedirectSignedIn sends them onward). */
export const signedOutRoutes: RouteObject[] = [
  { path: Paths.login, ...lazyPage(() => import('./login-page')) },
  { path: Paths.signup, ...lazyPage(() => import('./signup-page')) },
];

/** The rest of the front door: open to everyone; pages that need a session check it themselves. */
export const publicRoutes: RouteObject[] = [
  { path: Paths.employeeSignup, ...lazyPage(() => import('./employee-signup-page')) },
  { path: Paths.forgotPassword, ...lazyPage(() => import('./forgot-password-page')) },
  { path: Paths.resetPassword, ...lazyPage(() => import('./reset-password-page')) },
  { path: Paths.verify, ...lazyPage(() => import('./verify-page')) },
  { path: Paths.verifyDomain, ...lazyPage(() => import('./verify-domain-page')) },
  { path: Paths.stop, ...lazyPage(() => import('./stop-page')) },
  { path: Paths.pendingVerification, ...lazyPage(() => import('./pending-verification-page')) },
  { path: Paths.onboarding, ...lazyPage(() => import('./onboarding-page')) },
  { path: Paths.userOptions, ...lazyPage(() => import('./user-options-page')) },
  { path: Paths.logout, ...lazyPage(() => import('./logout-page')) },
];
