import { Types } from 'mongoose';
import { ApprovalLimits } from '@hireflow/contracts/approvals';
import type { TCreateRequisitionRequest, TRequisitionOptions, TVacancyApprovalList } from '@hireflow/contracts/jobs';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { Department } from '../org/department.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Location } from '../org/location.model';
import { JobCode } from '../org/job-code.model';
import { activeCustomFields, assertCustomFieldValues } from '../org/custom-field-values';
import { Requisition, type RequisitionDoc } from './requisition.model';
import { Job } from './job.model';
import { Approval, type ApprovalDoc } from '../approvals/approval.model';
import { approvalChainOrThrow, findApproval, isInChain, mailApprovalTurn, startApproval } from '../approvals/approvals.service';
import { approvalsViewQuery } from '../approvals/approvals.presenter';
import { vacancySubject } from './vacancy-approval';
import { assertCompanyUsers, assertOrgRefs } from './refs';
import { createJobRecord, positionFromInput } from './job-factory';
import { memberIdsOf, recordJobStatus, recordRequisitionStatus } from './job-records';
import { withTransaction } from './with-transaction';
import { checkJobCodeRoom } from './job-code-headcount';
import type { JobsMailContext } from './jobs.mail';
import { presentRequisition, presentVacancyApprovalSummary } from './requisitions.presenter';

type Actor = UserDoc;
type Base = { customerId: Types.ObjectId; actor: Actor };
const PageSize = ApprovalLimits.pageSize;

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
async function canViewRequisition(customerId: Types.ObjectId, actor: Actor, req: RequisitionDoc, approval: ApprovalDoc | null) {
  if (actor.admin || actor.superUser || req.requesterId.equals(actor._id) || isInChain(approval, actor._id)) return true;
  if (!req.jobId) return false;
  return Boolean(await Job.exists({ customerId, _id: req.jobId, memberIds: actor._id }));
}

export async function createRequisition({ customerId, actor, input, mail }: Base & { input: TCreateRequisitionRequest; mail: JobsMailContext }) {
  await checkRequisitionInput(customerId, input);
  // "Submit" is all or nothing: a refused submission must not leave a draft behind (each retry would add one).
  if (input.submit) await approvalChainOrThrow(customerId, 'vacancy', input.businessUnitId, actor._id);
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
  if (input.submit) await approvalChainOrThrow(customerId, 'vacancy', input.businessUnitId, actor._id);
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
  await approvalChainOrThrow(customerId, 'vacancy', req.businessUnitId ?? null, req.requesterId);
  const subject = await vacancySubject(customerId, req);
  const now = new Date();
  const approval = await withTransaction(async (session) => {
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
    const started = await startApproval({ customerId, subject, by: actor._id, session, at: now });
    const updated = await Requisition.updateOne(
      { customerId, _id: req._id, status: req.status },
      { $set: { status: 'pending_approval', jobId, currentApproverId: started.currentApproverId } },
      { session },
    );
    if (updated.matchedCount === 0) throw AppError.conflict('This requisition changed meanwhile; reload it and try again');
    await recordRequisitionStatus(ctx, { ...req, jobId }, req.status, 'pending_approval');
    return started;
  });
  await mailApprovalTurn(mail, approval);
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
  const approval = await findApproval(customerId, 'vacancy', req._id);
  if (!(await canViewRequisition(customerId, actor, req, approval))) throw AppError.forbidden("Only the requester, the approvers, the job's hiring team and admins can see this requisition");
  return presentRequisition(customerId, actor, req, approval);
}

/**
 * /vacancy-approval-all: what waits for me and what I decided come from the approvals; what I asked for
 * from my requisitions (drafts too). One more query fetches the other side of the page.
 */
export async function listVacancyApprovals({ customerId, actor, view, page }: Base & { view: 'pending' | 'decided' | 'requested'; page: number }): Promise<TVacancyApprovalList> {
  const skip = (page - 1) * PageSize;
  let pairs: { req: RequisitionDoc; approval: ApprovalDoc | null }[];
  let total: number;
  if (view === 'requested') {
    const filter = { customerId, requesterId: actor._id };
    const [rows, count] = await Promise.all([Requisition.find(filter).sort({ updatedAt: -1 }).skip(skip).limit(PageSize).lean<RequisitionDoc[]>(), Requisition.countDocuments(filter)]);
    const approvals = await Approval.find({ customerId, kind: 'vacancy', subjectId: { $in: rows.map((r) => r._id) } }).lean<ApprovalDoc[]>();
    pairs = rows.map((req) => ({ req, approval: approvals.find((a) => a.subjectId.equals(req._id)) ?? null }));
    total = count;
  } else {
    const [filter, sort] = approvalsViewQuery(customerId, actor._id, view, 'vacancy');
    const [approvals, count] = await Promise.all([Approval.find(filter).sort(sort).skip(skip).limit(PageSize).lean<ApprovalDoc[]>(), Approval.countDocuments(filter)]);
    const rows = await Requisition.find({ customerId, _id: { $in: approvals.map((a) => a.subjectId) } }).lean<RequisitionDoc[]>();
    pairs = approvals.flatMap((approval) => rows.filter((r) => r._id.equals(approval.subjectId)).map((req) => ({ req, approval })));
    total = count;
  }
  return { items: await presentVacancyApprovalSummary(customerId, actor, pairs), total, page, pageSize: PageSize };
}
