import type { TStoredUser } from '@hireflow/contracts/users';

/** Mirrors the API's canCreateJobDirectly: recruiters and admins open jobs; hiring managers raise a requisition. */
export function canCreateJobDirectly(user: Pick<TStoredUser, 'role' | 'admin'> | null): boolean {
  return Boolean(user && (user.role === 'recruiter' || user.admin));
}
