import { useQuery } from '@tanstack/react-query';
import type { TStoredUser } from '@hireflow/contracts/users';
import { getJobQueryOptions } from '@/features/jobs/api/get-job';
import { useSession } from '@/lib/session';

type Actor = Pick<TStoredUser, 'id' | 'role' | 'admin' | 'superUser'>;
type JobTeam = { recruiters: { id: string }[]; hiringManager: { id: string } | null };

/** Recruiters, admins and super users see the whole database, and schedule on any job (API: seesWholeDatabase). */
export const schedulesOnAnyJob = (user: Actor | null) => Boolean(user && (user.role === 'recruiter' || user.admin || user.superUser));

/** Mirrors the API's canScheduleInterviews: the whole-database roles, or the job's owners and hiring manager. */
export function canScheduleInterviews(user: Actor | null, job: JobTeam | null): boolean {
  if (!user) return false;
  if (schedulesOnAnyJob(user)) return true;
  return Boolean(job && (job.recruiters.some((r) => r.id === user.id) || job.hiringManager?.id === user.id));
}

/** Whether I may schedule on this job; the job's team is fetched only when my role does not settle it. */
export function useCanScheduleInterviews(jobId: string): boolean {
  const { user } = useSession();
  const any = schedulesOnAnyJob(user);
  const job = useQuery({ ...getJobQueryOptions(jobId), enabled: Boolean(user) && !any });
  return any || canScheduleInterviews(user, job.data ?? null);
}
