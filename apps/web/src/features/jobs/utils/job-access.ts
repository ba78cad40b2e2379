import type { TStoredUser } from '@hireflow/contracts/users';

/** Mirrors the API's canCreateJobDirectly: recruiters and admins open jobs; hiring managers raise a requisition. */
export function canCreateJobDirectly(user: Pick<TStoredUser, 'role' | 'admin'> | null): boolean {
  return Boolean(user && (user.role === 'recruiter' || user.admin));
}

/**
 * Mirrors the API's canManageJob, which guards moves: the job's recruiters (owners), its hiring manager,
 * admins and super users move its applicants.
 */
export function canMoveApplicants(
  user: Pick<TStoredUser, 'id' | 'admin' | 'superUser'> | null,
  job: { recruiters: { id: string }[]; hiringManager: { id: string } | null },
): boolean {
  if (!user) return false;
  return user.admin || user.superUser || job.recruiters.some((r) => r.id === user.id) || job.hiringManager?.id === user.id;
}
