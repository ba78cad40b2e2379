import { OfferLimits, OfferMessages } from '@hireflow/contracts/offers';
import { OfferLetterMessages, signatureKey } from '@hireflow/contracts/offers-letter';
import { withTransaction } from '../../jobs/with-transaction';
import { Job } from '../../jobs/job.model';
import { Offer, type OfferDoc } from '../offer.model';
import { recordOfferChanges } from '../offer-history';
import { runOfferAcceptedHooks } from '../offer-accepted-hooks';

/** What the candidate's link opens now. */
export type OfferPageState = 'open' | 'accepted' | 'declined' | 'revoked' | 'expired' | 'invalid';

export function offerPageState(offer: Pick<OfferDoc, 'status' | 'expiresAt'>, now: Date): OfferPageState {
  switch (offer.status) {
    case 'sent':
      return offer.expiresAt.getTime() > now.getTime() ? 'open' : 'expired';
    case 'accepted':
    case 'joined':
    case 'no_show':
      return 'accepted';
    case 'declined':
    case 'revoked':
    case 'expired':
      return offer.status;
    default:
      // Not (or no longer) sent: the link leads nowhere, like an unknown one.
      return 'invalid';
  }
}

/** Someone (another tab, a race) decided first: the loser is shown what stands now. */
export class AlreadyDecided extends Error {
  constructor() {
    super(OfferLetterMessages.alreadyDecided);
  }
}

/** Why a typed signature is refused (shown on the page), or null when it signs for the name on the offer. */
export function signatureProblem(typedName: string, agreed: boolean, candidateName: string): string | null {
  if (!typedName.trim()) return OfferLetterMessages.typeYourName;
  if (typedName.length > OfferLimits.maxSignatureLength || signatureKey(typedName) !== signatureKey(candidateName)) return OfferMessages.signatureMismatch;
  if (!agreed) return OfferLetterMessages.tickToAccept;
  return null;
}

const teamOf = async (offer: OfferDoc) => (await Job.findOne({ customerId: offer.customerId, _id: offer.jobId }, { memberIds: 1 }).lean())?.memberIds ?? [];

/** The first view of the page: viewedAt and one "viewed" event, once. */
export async function recordOfferViewed(offer: OfferDoc, now: Date) {
  if (offer.viewedAt) return;
  const teamIds = await teamOf(offer);
  await withTransaction(async (session) => {
    const viewed = await Offer.findOneAndUpdate({ customerId: offer.customerId, _id: offer._id, viewedAt: null }, { $set: { viewedAt: now } }, { session, returnDocument: 'after' }).lean<OfferDoc>();
    if (viewed) await recordOfferChanges([{ offer: viewed, kind: 'viewed', by: null, at: now, summary: `Offer for ${offer.jobTitle} opened by the candidate`, teamIds }], session);
  });
}

/** The one decision an open offer takes: only while it is sent and unexpired, in one transaction with its event. */
async function decide(offer: OfferDoc, now: Date, set: Record<string, unknown>, kind: 'accepted' | 'declined', summary: string, note = '') {
  const teamIds = await teamOf(offer);
  return withTransaction(async (session) => {
    const decided = await Offer.findOneAndUpdate(
      { customerId: offer.customerId, _id: offer._id, status: 'sent', expiresAt: { $gt: now } },
      { $set: { ...set, decidedAt: now } },
      { session, returnDocument: 'after' },
    ).lean<OfferDoc>();
    if (!decided) throw new AlreadyDecided();
    await recordOfferChanges([{ offer: decided, kind, by: null, at: now, summary, note, teamIds }], session);
    if (kind === 'accepted') await runOfferAcceptedHooks({ offer: decided, at: now, session });
    return decided;
  });
}

export function acceptOffer(offer: OfferDoc, { typedName, ip, userAgent, now }: { typedName: string; ip: string; userAgent: string; now: Date }) {
  const acceptance = { typedName: typedName.trim().replace(/\s+/g, ' '), at: now, ip, userAgent: userAgent.slice(0, 300) };
  return decide(offer, now, { status: 'accepted', acceptance }, 'accepted', `Offer for ${offer.jobTitle} accepted (signed as ${acceptance.typedName})`);
}

export function declineOffer(offer: OfferDoc, { reason, now }: { reason: string; now: Date }) {
  const declineReason = reason.trim().slice(0, OfferLimits.maxReasonLength);
  return decide(offer, now, { status: 'declined', declineReason }, 'declined', `Offer for ${offer.jobTitle} declined${declineReason ? `: ${declineReason}` : ''}`, declineReason);
}
