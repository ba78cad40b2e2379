import type { FileOwnerCheck } from '../files/file-owners';
import { Offer } from './offer.model';
import { Job } from '../jobs/job.model';
import { findApproval } from '../approvals/approvals.service';
import { canSeeOffer } from './offers.access';

/** An offer's letters (preview, sent, signed) are read by whoever may see the offer: pay is confidential. */
export const mayReadOfferFiles: FileOwnerCheck = async ({ customerId, actor, ownerId }) => {
  const offer = await Offer.findOne({ customerId, _id: ownerId }, { jobId: 1 }).lean();
  if (!offer) return false;
  const [job, approval] = await Promise.all([Job.findOne({ customerId, _id: offer.jobId }, { recruiterIds: 1, hiringManagerId: 1 }).lean(), findApproval(customerId, 'offer', offer._id)]);
  return Boolean(job && canSeeOffer(actor, job, approval));
};
