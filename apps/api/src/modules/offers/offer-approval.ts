import type { ClientSession, Types } from 'mongoose';
import { PayPeriodLabels, formatMoney, fromMinorUnits } from '@hireflow/contracts/offers';
import { registerApprovalKind, type ApprovalHookContext, type ApprovalSubject } from '../approvals/approvals.service';
import { Job, type JobDoc } from '../jobs/job.model';
import { Offer, type OfferDoc } from './offer.model';
import { recordOfferChanges } from './offer-history';
import { offerChange, transitionOffer } from './offer-change';
import { readableDate } from './offer-dates';

// Offers go through the one approvals mechanism (kind "offer"): this file says what the chain's end does to
// the offer, and what the approvers' lists and mails say about it.

/** "EUR 85,000.00 a year, starts 4 Jan 2027": what an approver weighs, in lists and mails. */
export function offerDetail(offer: Pick<OfferDoc, 'compensation' | 'startDate'>) {
  const c = offer.compensation;
  return `${formatMoney(fromMinorUnits(c.baseMinor, c.currency), c.currency)} ${PayPeriodLabels[c.period]}, starts ${readableDate(offer.startDate)}`;
}

export function offerApprovalSubject(offer: OfferDoc, candidateName: string, requesterId: Types.ObjectId): ApprovalSubject {
  return {
    kind: 'offer',
    subjectId: offer._id,
    businessUnitId: offer.businessUnitId ?? null,
    requesterId,
    title: `Offer: ${candidateName || 'Candidate'}, ${offer.jobTitle}`,
    detail: offerDetail(offer),
  };
}

async function offerInChain(ctx: ApprovalHookContext, session: ClientSession) {
  const offer = await Offer.findOne({ customerId: ctx.customerId, _id: ctx.approval.subjectId }).session(session).lean<OfferDoc>();
  if (!offer) return null;
  const job = await Job.findOne({ customerId: ctx.customerId, _id: offer.jobId }, { memberIds: 1 }).session(session).lean<JobDoc>();
  return { offer, job: job ?? { memberIds: [] } };
}

/** The chain ended: the offer leaves pending_approval (only from there: a revoked offer stays revoked). */
async function endRound(ctx: ApprovalHookContext, outcome: 'approved' | 'approval_rejected' | 'approval_withdrawn') {
  const found = await offerInChain(ctx, ctx.session);
  if (!found || found.offer.status !== 'pending_approval') return;
  const { offer, job } = found;
  const set = outcome === 'approved' ? { status: 'approved', approvedCompensation: offer.compensation } : { status: 'draft' };
  const updated = await transitionOffer({ offer, from: ['pending_approval'], set, session: ctx.session, what: 'decided' });
  await recordOfferChanges([offerChange(updated, job, outcome, ctx.by, { note: ctx.comment, at: ctx.at })], ctx.session);
}

registerApprovalKind({
  kind: 'offer',
  noun: 'offer',
  onApproved: (ctx) => endRound(ctx, 'approved'),
  onRejected: (ctx) => endRound(ctx, 'approval_rejected'),
  onWithdrawn: (ctx) => endRound(ctx, 'approval_withdrawn'),
  mails: {
    request: (a, requesterName) => ({
      subject: `Offer to approve: ${a.title.replace(/^Offer: /, '')}`,
      lines: [`${requesterName} asks you to approve an offer.`, `${a.title}: ${a.detail}.`, 'Open it to read the letter and approve or reject it:'],
    }),
    approved: (a) => ({
      subject: `Offer approved: ${a.title.replace(/^Offer: /, '')}`,
      lines: [`Everyone in the approval chain approved the offer (${a.detail}).`, 'It can be sent to the candidate now:'],
    }),
    rejected: (a, approverName, reason) => ({
      subject: `Offer rejected: ${a.title.replace(/^Offer: /, '')}`,
      lines: [`${approverName} rejected the offer (${a.detail}).`, `Their reason: ${reason}`, 'The offer is a draft again: change it and submit it once more:'],
    }),
  },
});
