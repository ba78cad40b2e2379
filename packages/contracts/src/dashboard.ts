import { z } from 'zod';
import { CandidateActivityKinds } from './candidates';

// The dashboard's own calls (each area's cards use that area's API; what belongs to no area lives here).

export const DashboardApi = {
  /** The latest candidate activity by me or on the jobs I am on (GET). */
  activity: '/api/dashboard/activity',
} as const;

export const DashboardLimits = { activityRows: 8 } as const;

export const ZDashboardActivity = z.object({
  id: z.string(),
  kind: z.enum(CandidateActivityKinds),
  at: z.string(),
  /** "Moved to Interview", "Note added"... as the candidate's timeline says it. */
  summary: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Whether I did it. */
  mine: z.boolean(),
  candidate: z.object({ id: z.string(), name: z.string() }),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  applicationId: z.string().nullable(),
  /** Whether I may open the candidate (or the application): recruiters and admins, or the job's team. */
  canOpen: z.boolean(),
});
export type TDashboardActivity = z.infer<typeof ZDashboardActivity>;

export const ZDashboardActivityResponse = z.object({ items: z.array(ZDashboardActivity) });
export type TDashboardActivityResponse = z.infer<typeof ZDashboardActivityResponse>;
