import { Suspense, lazy, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { TAccessRight, TAdditionalRole } from '@hireflow/contracts/roles';
import { Paths } from '@hireflow/contracts/routes';
import { getAgencyLogin, getSession, peekSavedUrl, saveUrl, useSession } from '@/lib/session';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { NotFoundContent } from '@/app/screens/not-found';
import { loadChunk } from '@/app/routes/lazy-page';
import { destinationAfterLogin } from './destination';
import {
  canSeeAllJobs,
  canSeeAppliedByAgencies,
  hasAdditionalRole,
  jobsIndexPath,
  protectedRouteDecision,
} from './route-rules';

// Guards are wrapper elements around route children: each renders <Outlet /> or redirects.

/** Every protected route: agency sign-ins, signed-out visitors and unfinished accounts go elsewhere. */
export function RequireAuth() {
  const { token, user } = useSession();
  const location = useLocation();
  const decision = protectedRouteDecision({ pathname: location.pathname, token, user, agencyLogin: getAgencyLogin() });
  if (decision.kind === 'redirect') {
    if (decision.saveCurrentUrl) saveUrl(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={decision.to} replace />;
  }
  return <Outlet />;
}

/** /login and /signup: someone already signed in when they open it goes onward. */
export function RedirectSignedIn() {
  // Decided once on arrival: signing in on this page navigates by itself.
  const [onward] = useState(() => {
    const { token, user } = getSession();
    return token && user ? destinationAfterLogin({ user, savedUrl: peekSavedUrl() }).path : null;
  });
  return onward ? <Navigate to={onward} replace /> : <Outlet />;
}

/** /: the dashboard for a stored user, otherwise the sign-in page. */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? Paths.dashboard : Paths.login} replace />;
}

/** Needs an additional role (e.g. HM for /create-requisition); otherwise /404. */
export function RequireAdditionalRole({ role }: { role: TAdditionalRole }) {
  const { user } = useSession();
  return user && hasAdditionalRole(user, role) ? <Outlet /> : <Navigate to={Paths.notFound404} replace />;
}

export function RequireSuperAdmin() {
  const { user } = useSession();
  return user?.superAdmin ? <Outlet /> : <Navigate to={Paths.notFound404} replace />;
}

/** /jobs/all shows the 404 page in place for an employee who is not a super user. */
export function RequireAllJobsAccess() {
  const { user } = useSession();
  return user && canSeeAllJobs(user) ? <Outlet /> : <NotFoundContent />;
}

/** /jobs itself: employees go to their own jobs, everyone else to all jobs. */
export function JobsIndexRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? jobsIndexPath(user) : Paths.login} replace />;
}

/** /applied-by-agencies needs the agency sign-in data; otherwise /notFound. */
export function RequireAgencyLogin() {
  return canSeeAppliedByAgencies(getAgencyLogin()) ? <Outlet /> : <Navigate to={Paths.notFound} replace />;
}

/** Pages gated by an access right (reports, company settings): the rights come from /api/user-accessmatrix. */
export function RequireRight({ right }: { right: TAccessRight }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RequireRightGate right={right} />
    </Suspense>
  );
}

// Loaded on the first gated page (see require-right.tsx); a failed load reloads like a page chunk.
const RequireRightGate = lazy(() => loadChunk(() => import('./require-right')));
