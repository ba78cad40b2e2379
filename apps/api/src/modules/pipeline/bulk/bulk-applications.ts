import { Types } from 'mongoose';
import type { z } from 'zod';
import { BulkMessages, PipelineMessages, type TBulkApplicationsResult, type TBulkRefusal, type ZBulkApplicationsRequest } from '@hireflow/contracts/pipeline';
import { AppError } from '../../../lib/app-error';
import { publishLiveEvents } from '../../../lib/live-events/publish';
import { User, type UserDoc } from '../../users/user.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { canManageJob, canViewJob } from '../../jobs/jobs.access';
import { withTransaction } from '../../jobs/with-transaction';
import { Application, type ApplicationDoc } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { planTagChanges, writeTagChanges } from '../../candidates/bulk/bulk.service';
import { CardFields, presentCards } from '../cards';
import { moveApplication } from '../move/move-application';
import { assertActiveReason, loadRejectionReasons } from '../rejections/rejection-reasons';
import type { RejectionReasonDoc } from '../rejections/rejection-reason.model';
import { assertMailTemplate } from '../stage-entry';
import { queuePipelineMails } from '../mail/pipeline-mail.job';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;
type Request = z.output<typeof ZBulkApplicationsRequest>;
type Action = Request['action'];
type Target = ApplicationDoc & { job: JobDoc };
type Outcome = { done: number; refused: TBulkRefusal[] };

const refusal = (a: Pick<ApplicationDoc, '_id' | 'candidateName'>, reason: string): TBulkRefusal => ({ applicationId: String(a._id), name: a.candidateName, reason });

/**
 * POST /api/applications/bulk: one action on up to Pipeline.maxBulk applications. What is wrong with the
 * request itself (an unknown reason, template or owner) is a 400 before anything is written; after that
 * each application is done or refused on its own (off the hiring team, already there, moved meanwhile, not
 * found — another company's ids look exactly like ids that do not exist), and the answer lists why.
 */
export async function bulkApplications({ customerId, actor, input }: { customerId: Types.ObjectId; actor: Actor; input: Request }): Promise<TBulkApplicationsResult> {
  const { action } = input;
  const reasons = await checkAction(customerId, action);
  const { targets, refused } = await loadTargets(customerId, actor, input.applicationIds);
  let outcome: Outcome;
  if (action.type === 'move' || action.type === 'reject') outcome = await moveAll(customerId, actor, targets, action, reasons);
  else if (action.type === 'tag') outcome = await tagAll(customerId, actor, targets, action);
  else if (action.type === 'owner') outcome = await assignOwner(customerId, actor, targets, action.ownerId);
  else outcome = await emailAll(customerId, actor, targets, action.templateId);
  const order = new Map(input.applicationIds.map((id, i) => [id, i]));
  const all = [...refused, ...outcome.refused].sort((a, b) => (order.get(a.applicationId) ?? 0) - (order.get(b.applicationId) ?? 0));
  return { done: outcome.done, refused: all };
}

/** The request's own inputs, checked once: nothing is written when one of them is wrong. */
async function checkAction(customerId: Types.ObjectId, action: Action): Promise<RejectionReasonDoc[] | undefined> {
  if (action.type === 'reject') {
    const reasons = await loadRejectionReasons(customerId);
    if (!action.withdrawn) assertActiveReason(reasons, action.reason);
    if (action.rejectionMail) await assertMailTemplate(customerId, action.rejectionMail.templateId);
    return reasons;
  }
  if (action.type === 'email') await assertMailTemplate(customerId, action.templateId);
  if (action.type === 'owner' && action.ownerId && !(await User.exists({ customerId, _id: new Types.ObjectId(action.ownerId), status: 'active' }))) {
    throw AppError.badRequest(BulkMessages.unknownOwner);
  }
  return undefined;
}

/** The applications of the caller's company with their jobs; those of jobs the caller does not run are refused. */
async function loadTargets(customerId: Types.ObjectId, actor: Actor, ids: string[]) {
  const applications = (await Application.find({ customerId, _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, CardFields).lean()) as ApplicationDoc[];
  const jobIds = [...new Set(applications.map((a) => String(a.jobId)))].map((id) => new Types.ObjectId(id));
  const jobs = (await Job.find({ customerId, _id: { $in: jobIds } }).lean()) as JobDoc[];
  const jobById = new Map(jobs.map((j) => [String(j._id), j]));
  const found = new Set(applications.map((a) => String(a._id)));
  const refused: TBulkRefusal[] = ids.filter((id) => !found.has(id)).map((id) => ({ applicationId: id, name: '', reason: BulkMessages.notFound }));
  const targets: Target[] = [];
  for (const a of applications) {
    const job = jobById.get(String(a.jobId));
    // A job the caller may not see tells nothing, not even the applicant's name.
    if (!job || !canViewJob(actor, job)) refused.push({ applicationId: String(a._id), name: '', reason: BulkMessages.notFound });
    else if (!canManageJob(actor, job)) refused.push(refusal(a, PipelineMessages.notOnTeam));
    else targets.push({ ...a, job });
  }
  return { targets, refused };
}

/**
 * Moves and rejections: one moveApplication (one transaction) per application, one after another: they
 * share the job's counts, and running them side by side measured slower (write conflicts and retries).
 */
async function moveAll(customerId: Types.ObjectId, actor: Actor, targets: Target[], action: Extract<Action, { type: 'move' | 'reject' }>, reasons: RejectionReasonDoc[] | undefined): Promise<Outcome> {
  const kind = action.type === 'reject' ? 'rejected' : action.stageKind;
  const name = action.stageName?.toLowerCase();
  const outcome: Outcome = { done: 0, refused: [] };
  const moveOne = async (t: Target) => {
    const stage = t.job.stages.find((s) => s.kind === kind && (!name || s.name.toLowerCase() === name));
    if (!stage) return outcome.refused.push(refusal(t, PipelineMessages.stageNotInJob));
    // "To interview" for someone already in an interview stage is no move (a named stage is).
    if (!name && t.stageKind === kind) return outcome.refused.push(refusal(t, PipelineMessages.alreadyInStage));
    const input = action.type === 'reject' ? { stageId: String(stage._id), reason: action.reason, withdrawn: action.withdrawn, rejectionMail: action.rejectionMail } : { stageId: String(stage._id) };
    try {
      await moveApplication({ customerId, actor, applicationId: t._id, input, context: { job: t.job, reasons } });
      outcome.done++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome.refused.push(refusal(t, error.message));
    }
  };
  for (const t of targets) await moveOne(t);
  return outcome;
}

/** Candidate tags, in one transaction with an application.updated event per application so open boards show them. */
async function tagAll(customerId: Types.ObjectId, actor: Actor, targets: Target[], action: Extract<Action, { type: 'tag' }>): Promise<Outcome> {
  const candidateIds = [...new Set(targets.map((t) => String(t.candidateId)))].map((id) => new Types.ObjectId(id));
  const candidates = await Candidate.find({ customerId, _id: { $in: candidateIds } }, { tags: 1 }).lean<{ _id: Types.ObjectId; tags: string[] }[]>();
  const { changed, tooManyTags } = planTagChanges(candidates, action);
  const full = new Set(tooManyTags.map(String));
  const refused = targets.filter((t) => full.has(String(t.candidateId))).map((t) => refusal(t, BulkMessages.tooManyTags));
  const changedTags = new Map(changed.map((c) => [String(c._id), c.tags]));
  const touched = targets.filter((t) => changedTags.has(String(t.candidateId)));
  const cards = await presentCards(customerId, touched);
  await withTransaction(async (session) => {
    await writeTagChanges({ customerId, by: actor._id, changed }, session);
    await publishLiveEvents(
      touched.map((t, i) => ({ ...updatedEvent(customerId, actor, t), data: { card: { ...cards[i]!, tags: changedTags.get(String(t.candidateId)) ?? [] } } })),
      session,
    );
  });
  return { done: targets.length - refused.length, refused };
}

/** The application owner (AO) of each application; those that already have this owner count as done. */
async function assignOwner(customerId: Types.ObjectId, actor: Actor, targets: Target[], ownerId: string | null): Promise<Outcome> {
  const owner = ownerId ? new Types.ObjectId(ownerId) : null;
  const touched = targets.filter((t) => String(t.ownerId ?? '') !== String(owner ?? '')).map((t) => ({ ...t, ownerId: owner }));
  if (touched.length) {
    const cards = await presentCards(customerId, touched);
    await withTransaction(async (session) => {
      await Application.updateMany({ customerId, _id: { $in: touched.map((t) => t._id) } }, { $set: { ownerId: owner } }, { session });
      await publishLiveEvents(touched.map((t, i) => ({ ...updatedEvent(customerId, actor, t), data: { card: cards[i]! } })), session);
    });
  }
  return { done: targets.length, refused: [] };
}

/** A template mail to each candidate, through the background queue (rendered and logged on the timeline when sent). */
async function emailAll(customerId: Types.ObjectId, actor: Actor, targets: Target[], templateId: string): Promise<Outcome> {
  await queuePipelineMails(targets.map((t) => ({ customerId: String(customerId), applicationId: String(t._id), templateId, by: String(actor._id), purpose: 'bulk' as const })));
  return { done: targets.length, refused: [] };
}

function updatedEvent(customerId: Types.ObjectId, actor: Actor, t: Target) {
  return { customerId, kind: 'application.updated' as const, jobId: t.jobId, applicationId: t._id, candidateId: t.candidateId, byUserId: actor._id, teamIds: t.job.memberIds ?? [] };
}
