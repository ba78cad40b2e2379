import { Types, type ClientSession } from 'mongoose';
import type { TJobStatus } from '@hireflow/contracts/jobs';
import { StatusEvent } from './status-event.model';
import { JobActivity } from './job-activity.model';
import { recordVacancyStatus } from '../reports/activity/vacancy-history';

type Ctx = { customerId: Types.ObjectId; by: Types.ObjectId | null; at?: Date; session?: ClientSession };

/** Appends a job status event (for reports, with the job's vacancy history) and the matching line of the job's activity history. */
export async function recordJobStatus(
  ctx: Ctx,
  job: { _id: Types.ObjectId; businessUnitId?: Types.ObjectId | null; departmentId?: Types.ObjectId | null },
  from: TJobStatus | null,
  to: TJobStatus,
  comment = '',
) {
  const at = ctx.at ?? new Date();
  await StatusEvent.create(
    [{ customerId: ctx.customerId, entity: 'job', entityId: job._id, jobId: job._id, from, to, at, by: ctx.by, comment, businessUnitId: job.businessUnitId ?? null, departmentId: job.departmentId ?? null }],
    { session: ctx.session },
  );
  await recordVacancyStatus(ctx.customerId, job._id, { to, at }, ctx.session);
  const summary = from ? `Status changed from ${label(from)} to ${label(to)}${comment ? `: ${comment}` : ''}` : `Job created as ${label(to)}`;
  await recordJobActivity(ctx, job._id, from ? 'status' : 'created', summary);
}

export async function recordRequisitionStatus(
  ctx: Ctx,
  requisition: { _id: Types.ObjectId; jobId?: Types.ObjectId | null; businessUnitId?: Types.ObjectId | null; departmentId?: Types.ObjectId | null },
  from: string | null,
  to: string,
  comment = '',
) {
  await StatusEvent.create(
    [
      {
        customerId: ctx.customerId,
        entity: 'requisition',
        entityId: requisition._id,
        jobId: requisition.jobId ?? null,
        from,
        to,
        at: ctx.at ?? new Date(),
        by: ctx.by,
        comment,
        businessUnitId: requisition.businessUnitId ?? null,
        departmentId: requisition.departmentId ?? null,
      },
    ],
    { session: ctx.session },
  );
}

export async function recordJobActivity(ctx: Ctx, jobId: Types.ObjectId, action: string, summary: string) {
  await JobActivity.create([{ customerId: ctx.customerId, jobId, at: ctx.at ?? new Date(), by: ctx.by, action, summary }], { session: ctx.session });
}

const label = (s: string) => s.replace('_', ' ');

/** Everyone on a job's hiring team (what /jobs/mine matches). */
export function memberIdsOf(team: {
  recruiterIds?: (Types.ObjectId | string)[];
  interviewerIds?: (Types.ObjectId | string)[];
  followerIds?: (Types.ObjectId | string)[];
  hiringManagerId?: Types.ObjectId | string | null;
  createdBy?: Types.ObjectId | string | null;
}): Types.ObjectId[] {
  const all = [...(team.recruiterIds ?? []), ...(team.interviewerIds ?? []), ...(team.followerIds ?? []), team.hiringManagerId, team.createdBy];
  return [...new Set(all.filter(Boolean).map(String))].map((id) => new Types.ObjectId(id));
}
