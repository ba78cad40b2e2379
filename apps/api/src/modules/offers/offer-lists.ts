import { Types } from 'mongoose';
import { OfferLimits, type TApplicationOffers, type TOfferList, type TOffersQuery } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { Approval, type ApprovalDoc } from '../approvals/approval.model';
import { Offer, type OfferDoc } from './offer.model';
import { canManageOffers, canSeeOffer } from './offers.access';
import { findOfferApplication } from './offer-application';
import { presentOfferSummaries, presentOffers } from './offer.presenter';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser' | 'timezone'>;
type Caller = { customerId: Types.ObjectId; actor: Actor };

/** The jobs the caller runs (owner or hiring manager), through the team index; every job for admins unless `mineOnly`. */
async function managedJobIds({ customerId, actor }: Caller, mineOnly: boolean): Promise<Types.ObjectId[] | 'all'> {
  if (!mineOnly && (actor.admin || actor.superUser)) return 'all';
  const jobs = await Job.find({ customerId, memberIds: actor._id }, { recruiterIds: 1, hiringManagerId: 1 }).lean();
  const me = { ...actor, admin: false, superUser: false };
  return jobs.filter((j) => canManageOffers(me, j)).map((j) => j._id);
}

async function pageOf(customerId: Types.ObjectId, filter: Record<string, unknown>, page: number): Promise<TOfferList> {
  const pageSize = OfferLimits.pageSize;
  const [rows, total] = await Promise.all([
    Offer.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<OfferDoc[]>(),
    Offer.countDocuments(filter),
  ]);
  return { items: await presentOfferSummaries(customerId, rows), total, page, pageSize };
}

/** GET /api/offers: the offers of the jobs the caller runs (admins: all), newest first, 25 a page. */
export async function listOffers(caller: Caller, query: TOffersQuery): Promise<TOfferList> {
  const jobs = await managedJobIds(caller, false);
  const jobFilter = query.jobId ? new Types.ObjectId(query.jobId) : null;
  let jobIds: unknown;
  if (jobs === 'all') jobIds = jobFilter ?? undefined;
  else jobIds = jobFilter ? (jobs.some((j) => j.equals(jobFilter)) ? jobFilter : { $in: [] }) : { $in: jobs };
  const filter = { customerId: caller.customerId, ...(jobIds === undefined ? {} : { jobId: jobIds }), ...(query.status ? { status: query.status } : {}) };
  return pageOf(caller.customerId, filter, query.page);
}

/** The dashboard's "sent and not yet answered": sent offers on jobs the caller runs (their own jobs, admins too). */
export async function listOffersAwaitingAnswer(caller: Caller, page: number): Promise<TOfferList> {
  const jobs = (await managedJobIds(caller, true)) as Types.ObjectId[];
  return pageOf(caller.customerId, { customerId: caller.customerId, jobId: { $in: jobs }, status: 'sent' }, page);
}

/**
 * An application's offers, newest first: all of them for those who run the job, the ones whose chain they are
 * in for approvers; 404 for anyone else who cannot see the application (an interviewer sees none: pay is confidential).
 */
export async function listApplicationOffers(caller: Caller, applicationId: string, now: Date): Promise<TApplicationOffers> {
  const { customerId, actor } = caller;
  const { application, job, visible } = await findOfferApplication(customerId, actor, applicationId);
  const offers = await Offer.find({ customerId, applicationId: application._id }).sort({ createdAt: -1, _id: -1 }).lean<OfferDoc[]>();
  const approvals = offers.length ? await Approval.find({ customerId, kind: 'offer', subjectId: { $in: offers.map((o) => o._id) } }).lean<ApprovalDoc[]>() : [];
  const approvalOf = (o: OfferDoc) => approvals.find((a) => a.subjectId.equals(o._id)) ?? null;
  const rows = offers.map((offer) => ({ offer, job: job as JobDoc, approval: approvalOf(offer) })).filter((r) => canSeeOffer(actor, r.job, r.approval));
  if (!visible && rows.length === 0) throw AppError.notFound('Application');
  return { items: await presentOffers(customerId, actor, rows, now) };
}
