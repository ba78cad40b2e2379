import { Types } from 'mongoose';
import { PipelineMessages } from '@hireflow/contracts/pipeline';
import type { JobDefinition } from '../../../lib/job-queue';
import { AppError } from '../../../lib/app-error';
import { Application } from '../../candidates/applications/application.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { canManageJob } from '../../jobs/jobs.access';
import { User, type UserDoc } from '../../users/user.model';
import { moveApplication } from '../../pipeline/move/move-application';
import { readStoredFile, storeFile, deleteFile } from '../../files/files.service';
import { Offer, type OfferDoc } from '../offer.model';
import { loadLetterSources, personName } from '../letter/letter-content';
import { letterFilename, renderLetterOf } from '../letter/offer-letter.service';
import { stampSignedLetter } from '../letter/sign-letter';
import { mailOfferAccepted } from '../letter/offer-letter.mail';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;

export type OfferAcceptedPayload = { customerId: string; offerId: string };

/**
 * What follows an acceptance, after its transaction committed (moveApplication runs its own): the
 * application moves to the job's hired stage, the signed copy is stamped and stored, and both sides get
 * it by mail. Run at once by the accept page and retried by the queue when a step fails; each step
 * checks whether it is already done, so a retry does only what is missing.
 */
export const OfferAcceptedJob: JobDefinition<OfferAcceptedPayload> = {
  name: 'offers.accepted',
  maxAttempts: 5,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const offer = await Offer.findOne({ customerId, _id: new Types.ObjectId(payload.offerId) }).lean<OfferDoc>();
    if (!offer?.acceptance) return { skipped: 'the offer is not accepted' };
    const job = await Job.findOne({ customerId, _id: offer.jobId }).lean<JobDoc>();
    const moved = job ? await moveToHired(offer, job) : 'the job no longer exists';
    if (offer.signedFileId) return { moved, signed: 'already' };
    const signed = await storeSignedCopy(offer, ctx.config.publicUrl);
    if (!signed) return { moved, signed: 'by another run' };

    const sources = await loadLetterSources(offer);
    const candidateName = personName(sources.candidate);
    await mailOfferAccepted({ config: ctx.config, logger: ctx.logger }, [offer.createdBy, ...(job?.hiringManagerId ? [job.hiringManagerId] : [])], {
      offerId: offer._id,
      customerId,
      candidate: { id: offer.candidateId, email: sources.candidate?.email ?? '', firstName: sources.candidate?.firstName ?? '', name: candidateName },
      companyName: sources.company?.name ?? '',
      jobTitle: offer.jobTitle,
      startDate: offer.startDate,
      typedName: offer.acceptance.typedName ?? '',
      at: offer.acceptance.at ?? new Date(),
      signed: { filename: signed.filename, contentType: 'application/pdf', contentBase64: signed.pdf.toString('base64') },
    });
    return { moved, signed: signed.fileId };
  },
  onFailed(payload, error, { logger }) {
    logger.error({ offerId: payload.offerId, err: error }, 'an accepted offer could not be completed (hired stage, signed copy, mails) after its last attempt');
  },
};

/**
 * The one way stages change (moveApplication: counts, a hire fills an opening, the job becomes filled).
 * The move is done as the offer's creator; the candidate's signature is the authority, so a creator who
 * has since left the hiring team does not stop it (checked as an admin would be, still recorded as them).
 */
async function moveToHired(offer: OfferDoc, job: JobDoc): Promise<string> {
  const application = await Application.findOne({ customerId: offer.customerId, _id: offer.applicationId }, { stageKind: 1 }).lean();
  if (!application) return 'the application no longer exists';
  if (application.stageKind === 'hired') return 'already hired';
  const hired = job.stages.find((s) => s.kind === 'hired');
  if (!hired) return 'the job has no hired stage';
  const creator = await User.findOne({ customerId: offer.customerId, _id: offer.createdBy }, { role: 1, admin: 1, superUser: 1 }).lean();
  const base: Actor = { _id: offer.createdBy, role: (creator?.role ?? 'recruiter') as Actor['role'], admin: creator?.admin ?? false, superUser: creator?.superUser ?? false };
  const actor = canManageJob(base, job) ? base : { ...base, admin: true };
  try {
    await moveApplication({ customerId: offer.customerId, actor, applicationId: offer.applicationId, input: { stageId: String(hired._id) } });
    return 'moved to hired';
  } catch (error) {
    if (error instanceof AppError && error.message === PipelineMessages.alreadyInStage) return 'already hired';
    throw error;
  }
}

/** Stamps the letter as sent (or, should it be missing, as it reads now) and keeps the copy; null when another run stored one first. */
async function storeSignedCopy(offer: OfferDoc, publicUrl: string) {
  const acceptance = offer.acceptance!;
  const sent = offer.letterFileId ? await readStoredFile(offer.customerId, offer.letterFileId) : null;
  const { pdf: letter, sources } = sent ? { pdf: sent.buffer, sources: await loadLetterSources(offer) } : await renderLetterOf(offer, { publicUrl, date: offer.sentAt ?? acceptance.at ?? new Date() });
  const pdf = await stampSignedLetter(letter, {
    typedName: acceptance.typedName ?? '',
    at: acceptance.at ?? new Date(),
    ip: acceptance.ip ?? '',
    userAgent: acceptance.userAgent ?? '',
    companyName: sources.company?.name ?? '',
    jobTitle: offer.jobTitle,
  });
  const filename = letterFilename(personName(sources.candidate), true);
  const fileId = await storeFile({ customerId: offer.customerId, owner: { kind: 'offer', id: offer._id }, buffer: pdf, filename, contentType: 'application/pdf', kind: 'offer-signed' });
  const kept = await Offer.updateOne({ customerId: offer.customerId, _id: offer._id, signedFileId: null }, { $set: { signedFileId: fileId } });
  if (kept.modifiedCount === 0) {
    await deleteFile(fileId);
    return null;
  }
  return { fileId, pdf, filename };
}
