import { Types } from 'mongoose';
import type { TCreateRequisitionRequest, TDecideApprovalRequest, TRequisitionOptions, TVacancyApprovalList } from '@hireflow/contracts/jobs';
import { AppError } from '../../lib/app-error';
import { User, type UserDoc } from '../users/user.model';
import { Department } from '../org/department.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Location } from '../org/location.model';
import { JobCode } from '../org/job-code.model';
import { activeCustomFields, assertCustomFieldValues } from '../org/custom-field-values';
import { Requisition, type RequisitionDoc } from './requisition.model';
import { Job } from './job.model';
import { approversFor } from './job-settings.service';
import { assertCompanyUsers, assertOrgRefs } from './refs';
import { createJobRecord, positionFromInput } from './job-factory';
import { memberIdsOf, recordJobStatus, recordRequisitionStatus } from './job-records';
import { withTransaction } from './with-transaction';
import { checkJobCodeRoom } from './job-code-headcount';
import { mailApproverTurn, mailRequesterApproved, mailRequesterRejected, type JobsMailContext } from './jobs.mail';
import { presentRequisition, presentVacancyApprovalSummary } from './requisitions.presenter';

type Actor = UserDoc;
type Base = { customerId: Types.ObjectId; actor: Actor };
const PageSize = 25;
export const fullName = (u: Pick<UserDoc, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

export async function getRequisitionOptions({ customerId }: { customerId: Types.ObjectId }): Promise<TRequisitionOptions> {
  const active = { customerId, status: 'active' as const };
  const [jobCodes, departments, businessUnits, locations, customFields] = await Promise.all([
    JobCode.find(active).sort({ code: 1 }).lean(),
    Department.find(active).sort({ name: 1 }).lean(),
    BusinessUnit.find(active).sort({ name: 1 }).lean(),
    Location.find(active).sort({ name: 1 }).lean(),
    activeCustomFields(customerId, 'job'),
  ]);
  const named = (rows: { _id: Types.ObjectId; name: string }[]) => rows.map((r) => ({ id: String(r._id), name: r.name }));
  return {
    jobCodes: jobCodes.map((j) => ({ id: String(j._id), code: j.code, title: j.title, approvedHeadcount: j.approvedHeadcount, usedHeadcount: j.usedHeadcount ?? 0 })),
    departments: named(departments),
    businessUnits: named(businessUnits),
    locations: named(locations),
    customFields,
  };
}

/** Form checks that need the database: org references, team members, job-code headcount. */
async function checkRequisitionInput(customerId: Types.ObjectId, input: TCreateRequisitionRequest) {
  await assertOrgRefs(customerId, input);
  const { team } = input;
  await assertCompanyUsers(customerId, 'team.hiringManagerId', team.hiringManagerId ? [team.hiringManagerId] : []);
  await assertCompanyUsers(customerId, 'team.recruiterIds', team.recruiterIds);
  await assertCompanyUsers(customerId, 'team.interviewerIds', team.interviewerIds);
  await assertCompanyUsers(customerId, 'team.followerIds', team.followerIds);
  await assertCustomFieldValues(customerId, 'job', input.customFields);
  if (input.jobCodeId) await checkJobCodeRoom(customerId, input.jobCodeId, input.headcount, input.headcountJustification, `this requisition needs ${input.headcount}`);
}

function requisitionFields(input: TCreateRequisitionRequest, actor: Actor) {
  return {
    ...positionFromInput(input, { hiringManagerId: actor._id }),
    justification: input.justification,
    headcountJustification: input.headcountJustification,
  };
}

export async function loadRequisition(customerId: Types.ObjectId, id: string) {
  const req = await Requisition.findOne({ customerId, _id: id }).lean<RequisitionDoc>();
  if (!req) throw AppError.notFound('Requisition');
  return req;
}

/** Requester, approvers and admins; once it has a job, that job's hiring team too (read only: the job page links here). */
async function canViewRequisition(customerId: Types.ObjectId, actor: Actor, req: RequisitionDoc) {
  const me = actor._id;
  if (actor.admin || actor.superUser || req.requesterId.equals(me) || req.approverIds.some((a) => a.equals(me)) || req.deciderIds.some((a) => a.equals(me))) return true;
  if (!req.jobId) return false;
  return Boolean(await Job.exists({ customerId, _id: req.jobId, memberIds: me }));
}

/**
 * The vacancy chain a submission goes to; without one, nothing may be submitted. Nobody approves
 * their own request: the requester's step is skipped (and recorded as such), so a chain of only
 * the requester is refused.
 */
async function vacancyChainOrThrow(customerId: Types.ObjectId, businessUnitId: Types.ObjectId | string | null, requesterId: Types.ObjectId) {
  const chain = await approversFor(customerId, 'vacancy', businessUnitId ? new Types.ObjectId(String(businessUnitId)) : null);
  if (chain.length === 0) {
    throw AppError.badRequest('No vacancy approvers are set up yet. Ask an admin to add them under Company settings > Approvers.');
  }
  const approvers = chain.filter((a) => !a.equals(requesterId));
  if (approvers.length === 0) {
    throw AppError.badRequest('You are the only vacancy approver for this requisition, and nobody approves their own request. Ask an admin to add another approver under Company settings > Approvers.');
  }
  const skippedStep = chain.findIndex((a) => a.equals(requesterId));
  return { approvers, skippedStep };
}

export async function createRequisition({ customerId, actor, input, mail }: Base & { input: TCreateRequisitionRequest; mail: JobsMailContext }) {
  await checkRequisitionInput(customerId, input);
  // "Submit" is all or nothing: a refused submission must not leave a draft behind (each retry would add one).
  if (input.submit) await vacancyChainOrThrow(customerId, input.businessUnitId, actor._id);
  const created = await withTransaction(async (session) => {
    const [req] = await Requisition.create([{ customerId, ...requisitionFields(input, actor), requesterId: actor._id, status: 'draft' }], { session });
    await recordRequisitionStatus({ customerId, by: actor._id, session }, req, null, 'draft');
    return req;
  });
  if (input.submit) return submitRequisition({ customerId, actor, id: String(created._id), mail });
  return getRequisition({ customerId, actor, id: String(created._id) });
}

export async function updateRequisition({ customerId, actor, id, input, mail }: Base & { id: string; input: TCreateRequisitionRequest; mail: JobsMailContext }) {
  const req = await loadRequisition(customerId, id);
  if (!req.requesterId.equals(actor._id)) throw AppError.forbidden('Only the person who asked for this requisition can change it');
  if (req.status !== 'draft' && req.status !== 'rejected') throw AppError.conflict(`This requisition is ${req.status.replace('_', ' ')} and can no longer be changed`);
  await checkRequisitionInput(customerId, input);
  if (input.submit) await vacancyChainOrThrow(customerId, input.businessUnitId, actor._id);
  const result = await Requisition.updateOne({ customerId, _id: req._id, status: req.status }, { $set: requisitionFields(input, actor) });
  if (result.matchedCount === 0) throw AppError.conflict('This requisition changed meanwhile; reload it and try again');
  if (input.submit) return submitRequisition({ customerId, actor, id, mail });
  return getRequisition({ customerId, actor, id });
}

/** Sends a draft (or a rejected one, changed) to the first approver of the vacancy chain. */
export async function submitRequisition({ customerId, actor, id, mail }: Base & { id: string; mail: JobsMailContext }) {
  const req = await loadRequisition(customerId, id);
  if (!req.requesterId.equals(actor._id)) throw AppError.forbidden('Only the person who asked for this requisition can submit it');
  if (req.status !== 'draft' && req.status !== 'rejected') throw AppError.conflict(`This requisition is ${req.status.replace('_', ' ')}; only a draft or a rejected requisition can be submitted`);
  const { approvers, skippedStep } = await vacancyChainOrThrow(customerId, req.businessUnitId ?? null, req.requesterId);
  const now = new Date();
  const skipped =
    skippedStep < 0
      ? []
      : [{ round: req.round + 1, step: skippedStep, action: 'skipped', by: req.requesterId, fromApproverId: req.requesterId, comment: `Step ${skippedStep + 1} skipped: the requester does not approve their own request`, at: now }];
  await withTransaction(async (session) => {
    const ctx = { customerId, by: actor._id, session, at: now };
    let jobId = req.jobId ?? null;
    if (!jobId) {
      const job = await createJobRecord({ customerId, actorId: actor._id, position: positionOf(req), status: 'pending_approval', requisitionId: req._id, session });
      jobId = job._id;
    } else {
      const job = await Job.findOneAndUpdate(
        { customerId, _id: jobId, status: 'draft' },
        { $set: { ...positionOf(req), titleLower: req.title.toLowerCase(), memberIds: memberIdsOf({ ...positionOf(req), createdBy: req.requesterId }), status: 'pending_approval' } },
        { session, returnDocument: 'after' },
      ).lean();
      if (!job) throw AppError.conflict('The job of this requisition is no longer a draft');
      await recordJobStatus(ctx, job, 'draft', 'pending_approval');
    }
    const updated = await Requisition.updateOne(
      { customerId, _id: req._id, status: req.status },
      {
        $set: { status: 'pending_approval', jobId, approverIds: approvers, currentStep: 0, currentApproverId: approvers[0], submittedAt: now },
        $inc: { round: 1 },
        $push: { chainEvents: { $each: skipped } },
      },
      { session },
    );
    if (updated.matchedCount === 0) throw AppError.conflict('This requisition changed meanwhile; reload it and try again');
    await recordRequisitionStatus(ctx, { ...req, jobId }, req.status, 'pending_approval');
  });
  await mailApproverTurn(mail, req, approvers[0], fullName(actor));
  return getRequisition({ customerId, actor, id });
}

function positionOf(req: RequisitionDoc) {
  return {
    title: req.title,
    jobCodeId: req.jobCodeId ?? null,
    departmentId: req.departmentId ?? null,
    businessUnitId: req.businessUnitId ?? null,
    locationId: req.locationId ?? null,
    headcount: req.headcount,
    employmentType: req.employmentType,
    salaryBand: req.salaryBand ? { min: req.salaryBand.min!, max: req.salaryBand.max!, currency: req.salaryBand.currency! } : null,
    targetStartDate: req.targetStartDate ?? null,
    hiringManagerId: req.hiringManagerId ?? null,
    recruiterIds: req.recruiterIds,
    interviewerIds: req.interviewerIds,
    followerIds: req.followerIds,
    customFields: (req.customFields ?? {}) as Record<string, string | number | boolean | null>,
  };
}

export async function getRequisition({ customerId, actor, id }: Base & { id: string }) {
  const req = await loadRequisition(customerId, id);
  if (!(await canViewRequisition(customerId, actor, req))) throw AppError.forbidden("Only the requester, the approvers, the job's hiring team and admins can see this requisition");
  return presentRequisition(customerId, actor, req);
}

export async function listVacancyApprovals({ customerId, actor, view, page }: Base & { view: 'pending' | 'decided' | 'requested'; page: number }): Promise<TVacancyApprovalList> {
  const me = actor._id;
  const [filter, sort] =
    view === 'pending'
      ? [{ customerId, currentApproverId: me }, { submittedAt: -1 as const }]
      : view === 'decided'
        ? [{ customerId, deciderIds: me }, { updatedAt: -1 as const }]
        : [{ customerId, requesterId: me }, { updatedAt: -1 as const }];
  const [rows, total] = await Promise.all([
    Requisition.find(filter).sort(sort).skip((page - 1) * PageSize).limit(PageSize).lean<RequisitionDoc[]>(),
    Requisition.countDocuments(filter),
  ]);
  return { items: await presentVacancyApprovalSummary(customerId, actor, rows), total, page, pageSize: PageSize };
}

/** The current approver approves (the next one is asked; the last one opens the job) or rejects (back to the requester). */
export async function decideVacancyApproval({ customerId, actor, id, input, mail }: Base & { id: string; input: TDecideApprovalRequest; mail: JobsMailContext }) {
  const req = await loadRequisition(customerId, id);
  const me = actor._id;
  if (req.decisions.some((d) => d.round === req.round && d.approverId.equals(me))) throw AppError.conflict('You have already decided on this requisition');
  if (req.status !== 'pending_approval') throw AppError.conflict(`This requisition is not waiting for approval (it is ${req.status.replace('_', ' ')})`);
  if (!req.currentApproverId?.equals(me)) throw AppError.forbidden('Only the current approver can decide on this requisition');
  if (req.requesterId.equals(me)) throw AppError.forbidden('Nobody approves their own requisition; ask an admin to reassign this step');

  const now = new Date();
  const isLast = req.currentStep >= req.approverIds.length - 1;
  const decision = { round: req.round, step: req.currentStep, approverId: me, decision: input.decision === 'approve' ? 'approved' : 'rejected', comment: input.comment, at: now };
  const nextApprover = input.decision === 'approve' && !isLast ? req.approverIds[req.currentStep + 1] : null;
  const finalStatus = input.decision === 'reject' ? 'rejected' : isLast ? 'approved' : null;

  await withTransaction(async (session) => {
    const ctx = { customerId, by: me, session, at: now };
    const set: Record<string, unknown> = nextApprover
      ? { currentStep: req.currentStep + 1, currentApproverId: nextApprover }
      : { status: finalStatus, currentApproverId: null };
    const updated = await Requisition.updateOne(
      { customerId, _id: req._id, status: 'pending_approval', round: req.round, currentStep: req.currentStep, currentApproverId: me },
      { $set: set, $push: { decisions: decision }, $addToSet: { deciderIds: me } },
      { session },
    );
    if (updated.matchedCount === 0) throw AppError.conflict('This requisition was decided meanwhile; reload it');
    if (!finalStatus) return;
    await recordRequisitionStatus(ctx, req, 'pending_approval', finalStatus, input.comment);
    const jobTo = finalStatus === 'approved' ? 'open' : 'draft';
    const job = await Job.findOneAndUpdate(
      { customerId, _id: req.jobId, status: 'pending_approval' },
      { $set: { status: jobTo, ...(jobTo === 'open' ? { openedAt: now } : {}) } },
      { session, returnDocument: 'after' },
    ).lean();
    if (!job) throw AppError.conflict('The job of this requisition is not pending approval');
    await recordJobStatus(ctx, job, 'pending_approval', jobTo, input.comment);
    if (jobTo === 'open' && req.jobCodeId) {
      await JobCode.updateOne({ customerId, _id: req.jobCodeId }, { $inc: { usedHeadcount: req.headcount } }, { session });
    }
  });

  if (nextApprover) await mailApproverTurn(mail, req, nextApprover, await requesterName(customerId, req));
  else if (finalStatus === 'rejected') await mailRequesterRejected(mail, req, req.requesterId, fullName(actor), input.comment);
  else await mailRequesterApproved(mail, req, req.requesterId, req.jobId!);
  return getRequisition({ customerId, actor, id });
}

export async function requesterName(customerId: Types.ObjectId, req: RequisitionDoc) {
  const u = await User.findOne({ customerId, _id: req.requesterId }, { firstName: 1, lastName: 1 }).lean();
  return u ? fullName(u) : 'A hiring manager';
}
