import { Types } from 'mongoose';
import type { z } from 'zod';
import { InterviewPlanMessages } from '@hireflow/contracts/interviews-plans';
import type { TInterviewPlan, ZInterviewPlanInput } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import { User } from '../../users/user.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { canManageJob, canViewJob } from '../../jobs/jobs.access';
import type { UserDoc } from '../../users/user.model';
import { InterviewAttribute, type InterviewAttributeDoc } from './interview-attribute.model';
import { InterviewPlan, type InterviewPlanDoc } from './interview-plan.model';

type PlanInput = z.output<typeof ZInterviewPlanInput>;
type Actor = Pick<UserDoc, 'role' | 'admin' | 'superUser'> & { _id: Types.ObjectId };
/** A stored round; its _id is the round id interviews refer to. */
export type Round = { _id: Types.ObjectId; name: string; durationMinutes: number; interviewerIds: Types.ObjectId[]; attributeIds: Types.ObjectId[] };

const unique = (ids: Types.ObjectId[]) => [...new Map(ids.map((id) => [String(id), id])).values()];

/** A plan with the names of its interviewers and attributes (someone gone or an attribute deleted drops out). */
async function presentPlan(customerId: Types.ObjectId, jobId: Types.ObjectId | null, rounds: Round[], inherited: boolean): Promise<TInterviewPlan> {
  const userIds = unique(rounds.flatMap((r) => r.interviewerIds ?? []));
  const attributeIds = unique(rounds.flatMap((r) => r.attributeIds ?? []));
  const [users, attributes] = await Promise.all([
    userIds.length ? User.find({ customerId, _id: { $in: userIds } }, { firstName: 1, lastName: 1 }).lean() : [],
    attributeIds.length ? InterviewAttribute.find({ customerId, _id: { $in: attributeIds } }, { name: 1 }).lean<InterviewAttributeDoc[]>() : [],
  ]);
  const userName = new Map(users.map((u) => [String(u._id), `${u.firstName} ${u.lastName}`.trim()]));
  const attributeName = new Map(attributes.map((a) => [String(a._id), a.name]));
  return {
    jobId: jobId ? String(jobId) : null,
    inherited,
    rounds: rounds.map((r) => ({
      id: String(r._id),
      name: r.name,
      durationMinutes: r.durationMinutes,
      interviewers: (r.interviewerIds ?? []).filter((id) => userName.has(String(id))).map((id) => ({ id: String(id), name: userName.get(String(id))! })),
      attributes: (r.attributeIds ?? []).filter((id) => attributeName.has(String(id))).map((id) => ({ id: String(id), name: attributeName.get(String(id))! })),
    })),
  };
}

const findPlan = (customerId: Types.ObjectId, jobId: Types.ObjectId | null) => InterviewPlan.findOne({ customerId, jobId }).lean<InterviewPlanDoc>();

/** The job if the actor sees it (404 otherwise, also for another company's); `manage`: 403 unless they run it. */
async function jobFor(customerId: Types.ObjectId, actor: Actor, id: string, manage: boolean): Promise<JobDoc> {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Job');
  const job = await Job.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<JobDoc>();
  if (!job || !canViewJob(actor, job)) throw AppError.notFound('Job');
  if (manage && !canManageJob(actor, job)) throw AppError.forbidden("Only the job's owners, its hiring manager and admins change its interview plan");
  return job;
}

/** The rounds a job follows: its own plan, or (inherited) the company default. Scheduling reads this. */
export async function effectivePlan(customerId: Types.ObjectId, jobId: Types.ObjectId): Promise<{ rounds: Round[]; inherited: boolean }> {
  const own = await findPlan(customerId, jobId);
  if (own) return { rounds: own.rounds as Round[], inherited: false };
  const fallback = await findPlan(customerId, null);
  return { rounds: (fallback?.rounds ?? []) as Round[], inherited: true };
}

export async function getJobPlan(customerId: Types.ObjectId, actor: Actor, jobId: string) {
  const job = await jobFor(customerId, actor, jobId, false);
  const { rounds, inherited } = await effectivePlan(customerId, job._id);
  return presentPlan(customerId, job._id, rounds, inherited);
}

export async function getDefaultPlan(customerId: Types.ObjectId) {
  const plan = await findPlan(customerId, null);
  return presentPlan(customerId, null, (plan?.rounds ?? []) as Round[], false);
}

/**
 * The rounds to store: interviewers must be active users of the company; focus attributes the company's
 * active ones (an attribute deactivated since may stay on a round that had it). A round sent with an id keeps
 * it (interviews refer to it), which must be one of the plan being edited (for a job still on the default:
 * the default's rounds it shows); a round without an id is new.
 */
async function checkedRounds(customerId: Types.ObjectId, input: PlanInput, current: Round[]) {
  const currentById = new Map(current.map((r) => [String(r._id), r]));
  const seen = new Set<string>();
  for (const r of input.rounds) {
    if (!r.id) continue;
    const id = r.id.toLowerCase();
    if (!currentById.has(id)) throw AppError.badRequest(InterviewPlanMessages.unknownRound);
    if (seen.has(id)) throw AppError.badRequest(InterviewPlanMessages.duplicateRound);
    seen.add(id);
  }
  const userIds = [...new Set(input.rounds.flatMap((r) => r.interviewerIds.map((id) => id.toLowerCase())))];
  const attributeIds = [...new Set(input.rounds.flatMap((r) => r.attributeIds.map((id) => id.toLowerCase())))];
  const [users, attributes] = await Promise.all([
    userIds.length ? User.find({ customerId, status: 'active', _id: { $in: userIds.map((id) => new Types.ObjectId(id)) } }, { _id: 1 }).lean() : [],
    attributeIds.length ? InterviewAttribute.find({ customerId, _id: { $in: attributeIds.map((id) => new Types.ObjectId(id)) } }, { active: 1 }).lean<InterviewAttributeDoc[]>() : [],
  ]);
  if (users.length !== userIds.length) throw AppError.badRequest(InterviewPlanMessages.unknownInterviewers);
  const attributeActive = new Map(attributes.map((a) => [String(a._id), a.active !== false]));
  for (const r of input.rounds) {
    const had = new Set((r.id ? currentById.get(r.id.toLowerCase())?.attributeIds ?? [] : []).map(String));
    for (const id of r.attributeIds.map((x) => x.toLowerCase())) {
      if (!attributeActive.has(id) || (!attributeActive.get(id) && !had.has(id))) throw AppError.badRequest(InterviewPlanMessages.unknownAttributes);
    }
  }
  return input.rounds.map((r) => ({
    _id: r.id ? new Types.ObjectId(r.id) : new Types.ObjectId(),
    name: r.name,
    durationMinutes: r.durationMinutes,
    interviewerIds: [...new Set(r.interviewerIds.map((id) => id.toLowerCase()))].map((id) => new Types.ObjectId(id)),
    attributeIds: [...new Set(r.attributeIds.map((id) => id.toLowerCase()))].map((id) => new Types.ObjectId(id)),
  }));
}

async function storePlan(customerId: Types.ObjectId, jobId: Types.ObjectId | null, actorId: Types.ObjectId, rounds: Round[]) {
  const saved = await InterviewPlan.findOneAndUpdate(
    { customerId, jobId },
    { $set: { rounds, updatedBy: actorId } },
    { upsert: true, returnDocument: 'after' },
  ).lean<InterviewPlanDoc>();
  return saved!.rounds as Round[];
}

/** The job's own plan from now on (it no longer follows the default). */
export async function saveJobPlan(customerId: Types.ObjectId, actor: Actor, jobId: string, input: PlanInput) {
  const job = await jobFor(customerId, actor, jobId, true);
  const { rounds: current } = await effectivePlan(customerId, job._id);
  const rounds = await storePlan(customerId, job._id, actor._id, await checkedRounds(customerId, input, current));
  return presentPlan(customerId, job._id, rounds, false);
}

/** The company default: what every job without its own plan follows, and where new jobs start. */
export async function saveDefaultPlan(customerId: Types.ObjectId, actorId: Types.ObjectId, input: PlanInput) {
  const current = ((await findPlan(customerId, null))?.rounds ?? []) as Round[];
  const rounds = await storePlan(customerId, null, actorId, await checkedRounds(customerId, input, current));
  return presentPlan(customerId, null, rounds, false);
}
