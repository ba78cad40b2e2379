import type { TAdditionalRole, TAccessRight } from '@hireflow/contracts/roles';
import type { TStoredUser } from '@hireflow/contracts/users';
import { Paths } from '@hireflow/contracts/routes';
import { accountStateRedirect } from './destination';

// The route guards of SPEC section 5 as pure functions; the guard components only render their answers.

export type ProtectedRouteInput = {
  pathname: string;
  token: string | null;
  user: TStoredUser | null;
  agencyLogin: unknown;
};

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; saveCurrentUrl?: boolean };

export function protectedRouteDecision({ pathname, token, user, agencyLogin }: ProtectedRouteInput): GuardDecision {
  if (agencyLogin && pathname !== Paths.appliedByAgencies) return { kind: 'redirect', to: Paths.appliedByAgencies };
  if (!token || !user) return { kind: 'redirect', to: Paths.login, saveCurrentUrl: true };
  const stateRedirect = accountStateRedirect(user);
  if (stateRedirect) return { kind: 'redirect', to: stateRedirect };
  return { kind: 'allow' };
}

export function hasAdditionalRole(user: TStoredUser, role: TAdditionalRole): boolean {
  return user.addlRoles.includes(role);
}

/** /create-requisition: HM only. */
export function canCreateRequisition(user: TStoredUser): boolean {
  return hasAdditionalRole(user, 'HM');
}

/** /jobs/all: everyone but a plain employee (an employee who is a super user may). */
export function canSeeAllJobs(user: TStoredUser): boolean {
  return user.role !== 'employee' || user.superUser;
}

/** /jobs: employees land on their own jobs. */
export function jobsIndexPath(user: TStoredUser): string {
  return user.role === 'employee' ? Paths.jobsMine : Paths.jobsAll;
}

/** /applied-by-agencies: only with agency sign-in data. */
export function canSeeAppliedByAgencies(agencyLogin: unknown): boolean {
  return agencyLogin !== null && typeof agencyLogin === 'object';
}

export function hasRight(rights: readonly TAccessRight[], right: TAccessRight): boolean {
  return rights.includes(right);
}
