import { Types } from 'mongoose';
import {
  AgencyLimits,
  AgencyMessages,
  basisPointsToFeePercent,
  feePercentToBasisPoints,
  type TAgenciesQuery,
  type TAgency,
  type TAgencyInput,
  type TAgencyList,
  type TAgencyOptions,
  type TAgencySummary,
  type TUpdateAgencyRequest,
} from '@hireflow/contracts/agencies';
import type { TUserRef } from '@hireflow/contracts/common';
import { AppError } from '../../../lib/app-error';
import { escapeRegex } from '../../../lib/escape-regex';
import type { UserDoc } from '../../users/user.model';
import { Job } from '../../jobs/job.model';
import { BusinessUnit } from '../../org/business-unit.model';
import { assertOrgRefs, loadRefs, refOf } from '../../jobs/refs';
import { withTransaction } from '../../jobs/with-transaction';
import type { JobsMailContext } from '../../jobs/jobs.mail';
import { Application } from '../../candidates/applications/application.model';
import { Approval, type ApprovalDoc } from '../../approvals/approval.model';
import { approvalChainOrThrow, findApproval, isInChain, mailApprovalTurn, startApproval } from '../../approvals/approvals.service';
import { approvalUserIds, presentApprovalChain } from '../../approvals/approvals.presenter';
import { Agency, type AgencyDoc } from '../agency.model';
import { AgencyUser } from '../agency-user.model';
import { AgencySubmission } from '../agency-submission.model';
import { agencySignInUrl } from '../agency-invite';
import { agencyApprovalSubject, agencyDetail } from '../agency-approval';

export type ManageContext = { customerId: Types.ObjectId; actor: Pick<UserDoc, '_id' | 'admin'>; mail: JobsMailContext; canManage: boolean };

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const oid = (id: string | Types.ObjectId) => new Types.ObjectId(String(id));
const uniqIds = (ids: string[]) => [...new Set(ids)].map(oid);
const formerUser = (id: Types.ObjectId): TUserRef => ({ id: String(id), name: 'Former user', email: '' });

async function loadAgency(customerId: Types.ObjectId, id: string) {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Agency');
  const agency = await Agency.findOne({ customerId, _id: oid(id) }).lean<AgencyDoc>();
  if (!agency) throw AppError.notFound('Agency');
  return agency;
}

/** Job ids given to an agency must be open jobs of the company (those it already has may stay as they are). */
async function assertOpenJobs(customerId: Types.ObjectId, jobIds: Types.ObjectId[], alreadyGiven: Types.ObjectId[] = []) {
  const added = jobIds.filter((id) => !alreadyGiven.some((g) => g.equals(id)));
  if (!added.length) return;
  const open = await Job.countDocuments({ customerId, _id: { $in: added }, status: 'open' });
  if (open !== added.length) throw AppError.badRequest(AgencyMessages.jobNotOpen);
}

/** Submissions and hires per agency (hired: the application is in a hired stage, or a placement was recorded). */
async function countsOf(customerId: Types.ObjectId, agencyIds: Types.ObjectId[]) {
  if (!agencyIds.length) return new Map<string, { submissions: number; hires: number }>();
  const [submissions, placed, hired] = await Promise.all([
    AgencySubmission.aggregate<{ _id: Types.ObjectId; n: number }>([{ $match: { customerId, agencyId: { $in: agencyIds } } }, { $group: { _id: '$agencyId', n: { $sum: 1 } } }]),
    AgencySubmission.find({ customerId, agencyId: { $in: agencyIds }, placement: { $ne: null } }, { agencyId: 1, applicationId: 1 }).lean(),
    Application.find({ customerId, stageKind: 'hired', agencyId: { $in: agencyIds } }, { agencyId: 1 }).lean(),
  ]);
  const hires = new Map<string, Set<string>>();
  const add = (agencyId: unknown, applicationId: unknown) => {
    const key = String(agencyId);
    if (!hires.has(key)) hires.set(key, new Set());
    hires.get(key)!.add(String(applicationId));
  };
  for (const p of placed) add(p.agencyId, p.applicationId);
  for (const h of hired) add(h.agencyId, h._id);
  const counts = new Map<string, { submissions: number; hires: number }>();
  for (const id of agencyIds) counts.set(String(id), { submissions: 0, hires: hires.get(String(id))?.size ?? 0 });
  for (const s of submissions) counts.get(String(s._id))!.submissions = s.n;
  return counts;
}

function summaryOf(a: AgencyDoc, counts: Map<string, { submissions: number; hires: number }>): TAgencySummary {
  const c = counts.get(String(a._id)) ?? { submissions: 0, hires: 0 };
  return {
    id: String(a._id),
    name: a.name,
    contactName: a.contactName,
    contactEmail: a.contactEmail,
    status: a.status,
    feePercent: basisPointsToFeePercent(a.feeBasisPoints),
    jobCount: a.jobIds.length,
    submissionCount: c.submissions,
    hireCount: c.hires,
    createdAt: a.createdAt.toISOString(),
  };
}

export async function listAgencies(ctx: ManageContext, query: TAgenciesQuery): Promise<TAgencyList> {
  const { customerId } = ctx;
  const pageSize = AgencyLimits.pageSize;
  const search = query.search.trim().toLowerCase();
  const filter = {
    customerId,
    ...(query.status ? { status: query.status } : {}),
    ...(search ? { $or: [{ searchName: { $regex: escapeRegex(search) } }, { contactEmail: { $regex: escapeRegex(search) } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    Agency.find(filter).sort({ createdAt: -1, _id: -1 }).skip((query.page - 1) * pageSize).limit(pageSize).lean<AgencyDoc[]>(),
    Agency.countDocuments(filter),
  ]);
  const counts = await countsOf(customerId, rows.map((r) => r._id));
  return { items: rows.map((r) => summaryOf(r, counts)), total, page: query.page, pageSize };
}

export async function agencyOptions({ customerId }: ManageContext): Promise<TAgencyOptions> {
  const [jobs, units] = await Promise.all([
    Job.find({ customerId, status: 'open' }, { title: 1 }).sort({ titleLower: 1, _id: 1 }).limit(AgencyLimits.maxJobs).lean(),
    BusinessUnit.find({ customerId }, { name: 1 }).sort({ name: 1 }).lean(),
  ]);
  return { jobs: jobs.map((j) => ({ id: String(j._id), name: j.title })), businessUnits: units.map((b) => ({ id: String(b._id), name: b.name })) };
}

/** The agency as its manage page and its approval page show it. */
export async function presentAgency(ctx: ManageContext, agency: AgencyDoc, loadedApproval?: ApprovalDoc | null): Promise<TAgency> {
  const { customerId } = ctx;
  const approval = loadedApproval === undefined ? await findApproval(customerId, 'agency', agency._id) : loadedApproval;
  const [counts, refs, jobs, users, signInUrl] = await Promise.all([
    countsOf(customerId, [agency._id]),
    loadRefs(customerId, { users: [agency.invitedBy, ...approvalUserIds(approval)], businessUnits: [agency.businessUnitId] }),
    Job.find({ customerId, _id: { $in: agency.jobIds } }, { title: 1 }).lean(),
    AgencyUser.find({ customerId, agencyId: agency._id }).sort({ isContact: -1, createdAt: 1 }).lean(),
    agency.status === 'active' || agency.status === 'paused' ? agencySignInUrl(ctx.mail.config, agency) : Promise.resolve(null),
  ]);
  const titles = new Map(jobs.map((j) => [String(j._id), j.title]));
  const open = agency.status !== 'rejected' && agency.status !== 'withdrawn';
  return {
    ...summaryOf(agency, counts),
    guaranteeDays: agency.guaranteeDays,
    jobs: agency.jobIds.filter((id) => titles.has(String(id))).map((id) => ({ id: String(id), name: titles.get(String(id))! })),
    maxCandidatesPerJob: agency.maxCandidatesPerJob,
    shareSalary: agency.shareSalary,
    businessUnit: refOf(refs.businessUnits, agency.businessUnitId),
    invitedBy: refOf(refs.users, agency.invitedBy) ?? formerUser(agency.invitedBy),
    approvedAt: iso(agency.approvedAt),
    signInUrl,
    users: users.map((u) => ({ id: String(u._id), name: u.name, email: u.email, status: u.status, lastLoginAt: iso(u.lastLoginAt) })),
    approval: presentApprovalChain(approval, ctx.actor, refs.users),
    can: { edit: ctx.canManage && open, pause: ctx.canManage && agency.status === 'active', resume: ctx.canManage && agency.status === 'paused' },
  };
}

/** Those with the manageAgencies right, and anyone in its approval chain (who must open it to decide). */
export async function getAgency(ctx: ManageContext, id: string): Promise<TAgency> {
  const agency = await loadAgency(ctx.customerId, id);
  const approval = await findApproval(ctx.customerId, 'agency', agency._id);
  if (!ctx.canManage && !isInChain(approval, ctx.actor._id)) throw AppError.forbidden('You need the "manageAgencies" access right');
  return presentAgency(ctx, agency, approval);
}

async function contactTaken(customerId: Types.ObjectId, email: string) {
  return Boolean(await Agency.exists({ customerId, contactEmail: email.toLowerCase() }));
}

/** Invites an agency: stored as pending and sent to the agency approval chain in one transaction. */
export async function inviteAgency(ctx: ManageContext, input: TAgencyInput): Promise<TAgency> {
  const { customerId, actor } = ctx;
  const jobIds = uniqIds(input.jobIds);
  const contactEmail = input.contactEmail.trim().toLowerCase();
  await assertOrgRefs(customerId, { businessUnitId: input.businessUnitId });
  await assertOpenJobs(customerId, jobIds);
  if (await contactTaken(customerId, contactEmail)) throw AppError.conflict(AgencyMessages.contactTaken);
  // Refuses a company without an agency chain before anything is written.
  await approvalChainOrThrow(customerId, 'agency', input.businessUnitId, actor._id);

  const { agency, approval } = await withTransaction(async (session) => {
    const [created] = await Agency.create(
      [
        {
          customerId,
          name: input.name,
          contactName: input.contactName,
          contactEmail,
          feeBasisPoints: feePercentToBasisPoints(input.feePercent),
          guaranteeDays: input.guaranteeDays,
          jobIds,
          maxCandidatesPerJob: input.maxCandidatesPerJob,
          shareSalary: input.shareSalary,
          businessUnitId: input.businessUnitId ? oid(input.businessUnitId) : null,
          status: 'pending',
          invitedBy: actor._id,
        },
      ],
      { session },
    ).catch((error: { code?: number }) => {
      throw error.code === 11000 ? AppError.conflict(AgencyMessages.contactTaken) : error;
    });
    const doc = created!.toObject() as AgencyDoc;
    const started = await startApproval({ customerId, subject: agencyApprovalSubject(doc, actor._id), by: actor._id, session });
    return { agency: doc, approval: started };
  });
  await mailApprovalTurn(ctx.mail, approval);
  return presentAgency(ctx, agency, approval);
}

export async function updateAgency(ctx: ManageContext, id: string, input: TUpdateAgencyRequest): Promise<TAgency> {
  const { customerId } = ctx;
  const agency = await loadAgency(customerId, id);
  if (agency.status === 'rejected' || agency.status === 'withdrawn') throw AppError.conflict(AgencyMessages.notEditable);
  const jobIds = uniqIds(input.jobIds);
  await assertOpenJobs(customerId, jobIds, agency.jobIds);
  const set = {
    name: input.name,
    searchName: input.name.toLowerCase(),
    contactName: input.contactName,
    feeBasisPoints: feePercentToBasisPoints(input.feePercent),
    guaranteeDays: input.guaranteeDays,
    jobIds,
    maxCandidatesPerJob: input.maxCandidatesPerJob,
    shareSalary: input.shareSalary,
  };
  const updated = await withTransaction(async (session) => {
    const changed = await Agency.findOneAndUpdate(
      { customerId, _id: agency._id, status: { $nin: ['rejected', 'withdrawn'] } },
      { $set: set },
      { session, returnDocument: 'after' },
    ).lean<AgencyDoc>();
    if (!changed) throw AppError.conflict(AgencyMessages.notEditable);
    // What the approvers are asked to weigh stays true while they decide.
    await Approval.updateOne({ customerId, kind: 'agency', subjectId: changed._id, status: 'pending' }, { $set: { title: changed.name, detail: agencyDetail(changed) } }, { session });
    return changed;
  });
  return presentAgency(ctx, updated);
}

/** active -> paused (its users may still sign in and look, not submit), paused -> active. */
export async function setAgencyPaused(ctx: ManageContext, id: string, paused: boolean): Promise<TAgency> {
  const { customerId, actor } = ctx;
  const agency = await loadAgency(customerId, id);
  const from = paused ? 'active' : 'paused';
  const changed = await Agency.findOneAndUpdate(
    { customerId, _id: agency._id, status: from },
    { $set: paused ? { status: 'paused', pausedAt: new Date(), pausedBy: actor._id } : { status: 'active', pausedAt: null, pausedBy: null } },
    { returnDocument: 'after' },
  ).lean<AgencyDoc>();
  if (!changed) {
    const label = agency.status === 'pending' ? 'waiting for approval' : agency.status;
    throw AppError.conflict(paused ? `This agency is ${label}; only an active agency can be paused` : `This agency is ${label}; only a paused agency can be resumed`);
  }
  return presentAgency(ctx, changed);
}

export { listAgencySubmissions } from './manage-submissions';
