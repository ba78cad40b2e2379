import type { ClientSession, Types } from 'mongoose';
import { OfferStatusLabels, type TOfferEventKind, type TOfferStatus } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import type { JobDoc } from '../jobs/job.model';
import { Offer, type OfferDoc } from './offer.model';
import type { OfferChange } from './offer-history';

const summaries: Record<TOfferEventKind, string> = {
  created: 'drafted',
  changed: 'changed',
  submitted: 'submitted for approval',
  approved: 'approved',
  approval_rejected: 'rejected by an approver',
  approval_withdrawn: 'taken back from approval',
  reapproval_required: 'needs approval again: the compensation changed',
  sent: 'sent',
  viewed: 'viewed by the candidate',
  accepted: 'accepted',
  declined: 'declined',
  revoked: 'revoked',
  expired: 'expired without an answer',
  joined: 'ended: the candidate joined',
  no_show: 'ended: the candidate did not show up',
};

/** One change for recordOfferChanges, with the candidate-timeline wording ("Offer for Backend Engineer approved"). */
export function offerChange(offer: OfferDoc, job: Pick<JobDoc, 'memberIds'>, kind: TOfferEventKind, by: Types.ObjectId | null, extra: Pick<OfferChange, 'note' | 'data' | 'at'> = {}): OfferChange {
  return { offer, kind, by, summary: `Offer for ${offer.jobTitle} ${summaries[kind]}`, teamIds: job.memberIds ?? [], ...extra };
}

export const statusText = (status: TOfferStatus) => OfferStatusLabels[status].toLowerCase();

/**
 * Moves an offer from one of `from` to its next state in one conditional write: 409 when it is no longer in
 * one of them (someone else changed it meanwhile), so two clicks never both win.
 */
export async function transitionOffer({ offer, from, set, session, what }: { offer: OfferDoc; from: readonly TOfferStatus[]; set: Record<string, unknown>; session: ClientSession; what: string }): Promise<OfferDoc> {
  const updated = await Offer.findOneAndUpdate({ customerId: offer.customerId, _id: offer._id, status: { $in: from } }, { $set: set }, { session, returnDocument: 'after' }).lean<OfferDoc>();
  if (!updated) throw AppError.conflict(`This offer changed meanwhile, so it could not be ${what}; reload it and try again`);
  return updated;
}

/** A revoke ends these (a pending round is cancelled with it). */
export const RevocableOfferStatuses = ['pending_approval', 'approved', 'sent'] as const satisfies readonly TOfferStatus[];
