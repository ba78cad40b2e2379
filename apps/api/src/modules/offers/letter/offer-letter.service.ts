import type { Types } from 'mongoose';
import { OfferMessages } from '@hireflow/contracts/offers';
import { OfferLetterMessages } from '@hireflow/contracts/offers-letter';
import { AppError } from '../../../lib/app-error';
import type { MailContext } from '../../../lib/mailer';
import type { UserDoc } from '../../users/user.model';
import { withTransaction } from '../../jobs/with-transaction';
import { deleteFile, openReadableFile, storeFile, type OpenedFile } from '../../files/files.service';
import { Offer, type OfferDoc } from '../offer.model';
import { canManageOffers, findVisibleOffer } from '../offers.access';
import { recordOfferChanges } from '../offer-history';
import { newOfferLink, offerLinkUrl } from '../offer-link';
import { letterContent, loadLetterSources, personName } from './letter-content';
import { renderOfferLetter } from './render-letter';
import { mailOfferSent } from './offer-letter.mail';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;
type LetterCtx = { customerId: Types.ObjectId; actor: UserDoc; publicUrl: string; now: Date };

/** "Offer letter - Ada Lovelace.pdf" (what the browser and the mail attachment call it). */
export const letterFilename = (candidateName: string, signed = false) => `${signed ? 'Signed offer' : 'Offer letter'} - ${candidateName.replace(/[^\p{L}\p{N} .'-]/gu, '').trim() || 'candidate'}.pdf`;

/** The offer's letter as it reads now, rendered on demand (never stored): what is previewed before sending. */
export async function renderLetterOf(offer: OfferDoc, { publicUrl, date }: { publicUrl: string; date: Date }) {
  const sources = await loadLetterSources(offer);
  const pdf = await renderOfferLetter(letterContent(offer, sources, { publicUrl, date }), { createdAt: date });
  return { pdf, sources, filename: letterFilename(personName(sources.candidate)) };
}

export type LetterAnswer = { stored: OpenedFile } | { rendered: Buffer; filename: string };

/** GET letter.pdf: the letter as sent once the offer went out; before, a preview from its current fields. */
export async function offerLetter({ customerId, actor, publicUrl, now }: LetterCtx, id: string): Promise<LetterAnswer> {
  const { offer } = await findVisibleOffer(customerId, actor, id);
  if (offer.letterFileId) return { stored: await openReadableFile({ customerId, actor, id: offer.letterFileId }) };
  const { pdf, filename } = await renderLetterOf(offer, { publicUrl, date: now });
  return { rendered: pdf, filename };
}

/** GET signed.pdf: the signed copy, once the candidate accepted. */
export async function signedOfferLetter({ customerId, actor }: Pick<LetterCtx, 'customerId' | 'actor'>, id: string): Promise<OpenedFile> {
  const { offer } = await findVisibleOffer(customerId, actor, id);
  if (!offer.signedFileId) throw AppError.notFound('Signed copy');
  return openReadableFile({ customerId, actor, id: offer.signedFileId });
}

/**
 * Sends an approved offer: renders the final letter and stores it, gives the offer its link (only the
 * hash is kept), marks it sent (one transaction, guarded on the offer being as it was read), then mails
 * the candidate the link. The mail names the company, the job and the expiry, never the money.
 */
export async function sendOffer({ customerId, actor, publicUrl, now, mail }: LetterCtx & { mail: MailContext }, id: string) {
  const { offer, job } = await findVisibleOffer(customerId, actor, id);
  if (!canManageOffers(actor as Actor, job)) throw AppError.forbidden(OfferMessages.notOnTeam);
  if (offer.status !== 'approved') throw AppError.conflict(OfferLetterMessages.notApproved(offer.status));
  if (offer.expiresAt.getTime() <= now.getTime()) throw AppError.conflict(OfferLetterMessages.expiryPassed);
  const { pdf, sources, filename } = await renderLetterOf(offer, { publicUrl, date: now });
  if (!sources.candidate?.email) throw AppError.conflict(OfferLetterMessages.noCandidateEmail);

  const letterFileId = await storeFile({ customerId, owner: { kind: 'offer', id: offer._id }, buffer: pdf, filename, contentType: 'application/pdf', kind: 'offer-letter', uploadedBy: actor._id });
  const { token, tokenHash } = newOfferLink();
  try {
    await withTransaction(async (session) => {
      const sent = await Offer.findOneAndUpdate(
        { customerId, _id: offer._id, status: 'approved', updatedAt: offer.updatedAt },
        { $set: { status: 'sent', sentAt: now, sentBy: actor._id, letterFileId, linkTokenHash: tokenHash, viewedAt: null } },
        { session, returnDocument: 'after' },
      ).lean<OfferDoc>();
      if (!sent) throw AppError.conflict(OfferLetterMessages.changedMeanwhile);
      await recordOfferChanges([{ offer: sent, kind: 'sent', by: actor._id, at: now, summary: `Offer for ${offer.jobTitle} sent`, teamIds: job.memberIds ?? [] }], session);
    });
  } catch (error) {
    await deleteFile(letterFileId);
    throw error;
  }
  await mailOfferSent(mail, {
    to: sources.candidate.email,
    customerId,
    candidateId: offer.candidateId,
    candidateFirstName: sources.candidate.firstName,
    companyName: sources.company?.name ?? '',
    jobTitle: offer.jobTitle,
    expiryDate: offer.expiryDate,
    url: offerLinkUrl(publicUrl, token),
    sendAs: { customerId: String(customerId), userId: String(actor._id) },
  });
}
