import { Types } from 'mongoose';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { canManageJob } from '../jobs/jobs.access';
import { findApproval, isInChain } from '../approvals/approvals.service';
import type { ApprovalDoc } from '../approvals/approval.model';
import { Offer, type OfferDoc } from './offer.model';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;

/** The job's owners (JO recruiters), its hiring manager and admins make, change, send and revoke offers. */
export const canManageOffers = (actor: Actor, job: Pick<JobDoc, 'recruiterIds' | 'hiringManagerId'>) => canManageJob(actor, job);

/**
 * Pay is confidential: an offer is seen by those who run its job and by everyone in its approval chain
 * (requester, approvers, deciders), nobody else: not the interviewers or followers of the job.
 */
export function canSeeOffer(actor: Actor, job: Pick<JobDoc, 'recruiterIds' | 'hiringManagerId'>, approval: ApprovalDoc | null) {
  return canManageOffers(actor, job) || isInChain(approval, actor._id);
}

/** The offer, its job and its approval as the caller may see them; 404 when it does not exist for them. */
export async function findVisibleOffer(customerId: Types.ObjectId, actor: Actor, id: string) {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Offer');
  const offer = await Offer.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<OfferDoc>();
  if (!offer) throw AppError.notFound('Offer');
  const [job, approval] = await Promise.all([Job.findOne({ customerId, _id: offer.jobId }).lean<JobDoc>(), findApproval(customerId, 'offer', offer._id)]);
  if (!job || !canSeeOffer(actor, job, approval)) throw AppError.notFound('Offer');
  return { offer, job, approval };
}
