import type { Types } from 'mongoose';
import { brandMailOf } from '../company/brand';
import { type TOffer, type TOfferOutcomeRequest, type TRevokeOfferRequest } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import { sendMail } from '../../lib/mailer';
import type { UserDoc } from '../users/user.model';
import { Customer } from '../org/customer.model';
import { Candidate } from '../candidates/candidate.model';
import { withTransaction } from '../jobs/with-transaction';
import { escapeHtml } from '../jobs/html-escape';
import type { LinkingMailContext } from '../mail/notify-user';
import { cancelApproval } from '../approvals/approvals.service';
import type { OfferDoc } from './offer.model';
import { recordOfferChanges } from './offer-history';
import { RevocableOfferStatuses, offerChange, statusText, transitionOffer } from './offer-change';
import { readableDate, todayIn } from './offer-dates';
import { findManagedOffer, getOffer } from './offers.service';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser' | 'timezone' | 'firstName' | 'lastName'>;
type Ctx = { customerId: Types.ObjectId; actor: Actor; mail: LinkingMailContext; now: Date };

/**
 * Ends an offer that is waiting for approval (the chain's round is cancelled), approved, or sent. The reason
 * is kept; a candidate who had it is told by mail, and their page says it was withdrawn.
 */
export async function revokeOffer({ customerId, actor, mail, now }: Ctx, id: string, input: TRevokeOfferRequest): Promise<TOffer> {
  const { offer, job } = await findManagedOffer(customerId, actor, id);
  if (!(RevocableOfferStatuses as readonly string[]).includes(offer.status)) {
    throw AppError.conflict(`This offer is ${statusText(offer.status)}; only an offer waiting for approval, approved or sent can be revoked`);
  }
  const revoked = await withTransaction(async (session) => {
    const updated = await transitionOffer({ offer, from: RevocableOfferStatuses, set: { status: 'revoked', revokeReason: input.reason, revokedBy: actor._id }, session, what: 'revoked' });
    await cancelApproval({ customerId, kind: 'offer', subjectId: offer._id, by: actor._id, comment: `Offer revoked: ${input.reason}`, session });
    await recordOfferChanges([offerChange(updated, job, 'revoked', actor._id, { note: input.reason, data: { from: offer.status } })], session);
    return { updated, wasSent: offer.status === 'sent' };
  });
  if (revoked.wasSent) await mailCandidateRevoked(mail, revoked.updated, input.reason, actor._id);
  return getOffer({ customerId, actor, now }, id);
}

/** The candidate had the offer: a plain, kind mail with the company's reason, from the revoking person's mailbox when connected. */
async function mailCandidateRevoked(mail: LinkingMailContext, offer: OfferDoc, reason: string, by: Types.ObjectId) {
  const [candidate, company] = await Promise.all([
    Candidate.findOne({ customerId: offer.customerId, _id: offer.candidateId }, { firstName: 1, email: 1 }).lean(),
    Customer.findById(offer.customerId, { name: 1 }).lean(),
  ]);
  if (!candidate?.email) return;
  const companyName = company?.name ?? 'The company';
  const lines = [
    `We are sorry to let you know that ${companyName} has withdrawn its offer for the position of ${offer.jobTitle}.`,
    `The reason ${companyName} gave: ${reason}`,
    'The link to the offer no longer accepts an answer. If you have questions, please reply to your contact at the company.',
    'We wish you all the best.',
  ];
  const text = [`Dear ${candidate.firstName},`, '', ...lines].join('\n\n');
  const html = `<p>Dear ${escapeHtml(candidate.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`;
  const body = await brandMailOf(offer.customerId, mail.config.publicUrl, { text, html }, { candidateId: offer.candidateId });
  await sendMail(mail, { to: candidate.email, subject: `${companyName} has withdrawn its offer`, ...body, kind: 'offer-revoked', sendAs: { customerId: String(offer.customerId), userId: String(by) } });
}

/** After an accepted offer's start date: the new hire joined, or did not show up. Recorded once. */
export async function recordOfferOutcome({ customerId, actor, now }: Ctx, id: string, input: TOfferOutcomeRequest): Promise<TOffer> {
  const { offer, job } = await findManagedOffer(customerId, actor, id);
  if (offer.status === 'joined' || offer.status === 'no_show') throw AppError.conflict(`The outcome of this offer is already recorded (${statusText(offer.status)})`);
  if (offer.status !== 'accepted') throw AppError.badRequest(`Only an accepted offer gets an outcome; this one is ${statusText(offer.status)}`);
  if (offer.startDate > todayIn(actor.timezone, now)) {
    throw AppError.badRequest(`The start date (${readableDate(offer.startDate)}) has not come yet. Record whether they joined from that day on.`);
  }
  await withTransaction(async (session) => {
    const updated = await transitionOffer({ offer, from: ['accepted'], set: { status: input.outcome, outcomeNote: input.note, outcomeAt: now }, session, what: 'recorded' });
    await recordOfferChanges([offerChange(updated, job, input.outcome, actor._id, { note: input.note })], session);
  });
  return getOffer({ customerId, actor, now }, id);
}
