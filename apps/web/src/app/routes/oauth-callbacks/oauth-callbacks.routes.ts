import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/**
 * Where Google and Microsoft send the browser back (SPEC section 2). Sign-in and sign-up callbacks are
 * public; the mailbox and calendar ones need the session (their page checks it).
 */
export const signInCallbackRoutes: RouteObject[] = [Paths.googleSignin, Paths.outlookSigninAuth, Paths.googleSignup, Paths.outlookSignupAuth].map((path) => ({
  path,
  ...lazyPage(() => import('./sign-in-callback-page')),
}));

export const connectCallbackRoutes: RouteObject[] = [Paths.gmailAuth, Paths.outlookAuth, Paths.calenderAuth, Paths.googleCalender, Paths.outlookCalender].map((path) => ({
  path,
  ...lazyPage(() => import('./connect-callback-page')),
}));
