import mongoose, { type ClientSession, type Model } from 'mongoose';
import { ErasedCandidateName } from '@hireflow/contracts/privacy';
import { QueueJob } from '../../../../lib/job-queue.model';
import { LiveEvent } from '../../../../lib/live-events/live-event.model';
import { AgencySubmission } from '../../../agencies/agency-submission.model';
import { WebhookDelivery } from '../../../api-access/webhooks/webhook.model';
import { Approval } from '../../../approvals/approval.model';
import { Application } from '../../../candidates/applications/application.model';
import { CampaignRecipient } from '../../../candidates/campaigns/campaign.model';
import { Candidate } from '../../../candidates/candidate.model';
import { CandidateActivity } from '../../../candidates/candidate-activity.model';
import { CandidatePin } from '../../../candidates/pins/candidate-pin.model';
import { CandidateMention } from '../../../candidates/profile/candidate-mention.model';
import { CandidateNote } from '../../../candidates/profile/candidate-note.model';
import { ResumeBatchFile } from '../../../candidates/resumes/resume-batch.model';
import { Scorecard } from '../../../interviews/feedback/scorecard.model';
import { Interview } from '../../../interviews/interview.model';
import { InterviewEvent } from '../../../interviews/interview-event.model';
import { JobActivity } from '../../../jobs/job-activity.model';
import { OutboxMail } from '../../../mail/outbox.model';
import { Offer } from '../../../offers/offer.model';
import { OfferEvent } from '../../../offers/offer-event.model';
import { OnboardingSubmission } from '../../../offers/onboarding/onboarding-submission.model';
import { ReferralReward } from '../../../referrals/referral-reward.model';
import { Referral } from '../../../referrals/referral.model';
import { NpsSurvey } from '../../../reports/candidates/nps/nps-survey.model';
import { AuditEntry } from '../../audit/audit-entry.model';
import { ErasureRequest } from '../../erasure/erasure-request.model';
import { AnonymousName, Erased, scrubDocuments, type PersonSet } from './people';

/** Keys of a timeline entry's `data` that are ids, kinds and flags (what reports count), never personal text. */
const ActivityDataKeys = ['toKind', 'fromKind', 'fromStageId', 'toStageId', 'withdrawn', 'change', 'source', 'onHold', 'offerId', 'interviewId', 'campaignId', 'referralId', 'documentId', 'exportId', 'format', 'recommendation', 'status'];

/** What a timeline entry reads once the person is erased: what happened, not what it said. */
const ErasedSummary = 'Details erased';

/** Models handled one by one below; every other model with a candidateId is scrubbed of the person's names and contacts. */
const HandledModels = new Set(['Candidate', 'Application', 'CandidateNote', 'CandidateMention', 'CandidatePin', 'CandidateActivity', 'PrivacyLink', 'LiveEvent', 'ResumeBatchFile', 'AuditEntry']);

/**
 * Anonymises everything the company holds about the person (see index.ts); answers the stored files to delete
 * once the transaction has committed (GridFS is not transactional).
 */
export async function anonymisePersonSet(set: PersonSet, at: Date, session?: ClientSession): Promise<{ fileIds: string[] }> {
  const { customerId, candidateIds, applicationIds, offerIds, interviewIds, needles } = set;
  const byCandidate = { customerId, candidateId: { $in: candidateIds } };
  const fileIds = await filesOf(set, session);

  await Candidate.updateMany(
    { customerId, _id: { $in: candidateIds } },
    {
      $set: {
        ...ErasedCandidateName, email: '', phone: '', phoneKey: '', nameKey: '', location: '', currentTitle: '', currentCompany: '', experienceYears: null,
        skills: [], tags: [], resumeFileId: null, resumeFilename: '', resumeText: '', resumeTextState: 'none', notesText: '', consentSource: '', erasedAt: at,
      },
    },
    { session },
  );
  await Application.updateMany(byCandidate, { $set: { answers: [], resumeFileId: null, resumeFilename: '', candidateName: AnonymousName, candidateEmail: '', candidatePhone: '' } }, { session });
  await scrubDocuments(Application, byCandidate, needles, session);
  await CandidateNote.deleteMany(byCandidate, { session });
  await CandidateMention.deleteMany(byCandidate, { session });
  await CandidatePin.deleteMany(byCandidate, { session });
  // Privacy links stay (ids, a hash and dates, nothing personal): a link from an old mail then says the data was
  // erased instead of pretending it never existed.

  // The timeline keeps what happened (kind, when, who, which job): reports count it. Its words go.
  const activities = await CandidateActivity.find(byCandidate, { _id: 1, data: 1 }, { session }).lean();
  for (const a of activities) {
    const data = a.data && typeof a.data === 'object' ? Object.fromEntries(Object.entries(a.data as Record<string, unknown>).filter(([k]) => ActivityDataKeys.includes(k) && typeof (a.data as Record<string, unknown>)[k] !== 'object')) : null;
    await CandidateActivity.collection.updateOne({ _id: a._id }, { $set: { summary: ErasedSummary, data: data && Object.keys(data).length ? data : null } }, { session });
  }

  // Interviews keep their times, panel and outcome; what was written about the person goes.
  await Interview.updateMany({ customerId, _id: { $in: interviewIds } }, { $set: { note: '', statusNote: '' } }, { session });
  const scorecards = await Scorecard.find({ customerId, $or: [{ candidateId: { $in: candidateIds } }, { interviewId: { $in: interviewIds } }] }, { ratings: 1 }, { session }).lean();
  for (const s of scorecards) {
    const ratings = (s.ratings ?? []).map((r) => ({ ...r, note: '' }));
    await Scorecard.updateOne({ customerId, _id: s._id }, { $set: { notes: '', privateNotes: '', ratings } }, { session });
  }
  await scrubDocuments(InterviewEvent, { customerId, $or: [{ applicationId: { $in: applicationIds } }, { interviewId: { $in: interviewIds } }] }, needles, session);

  // Offers keep status, dates and pay (the offer reports); the letter, the signature and the words go.
  await Offer.updateMany(
    { customerId, _id: { $in: offerIds } },
    { $set: { note: '', declineReason: '', revokeReason: '', outcomeNote: '', letterFileId: null, signedFileId: null, linkTokenHash: null } },
    { session },
  );
  await Offer.updateMany({ customerId, _id: { $in: offerIds }, acceptance: { $ne: null } }, { $set: { 'acceptance.typedName': AnonymousName, 'acceptance.ip': '', 'acceptance.userAgent': '' } }, { session });
  await scrubDocuments(OfferEvent, { customerId, $or: [{ applicationId: { $in: applicationIds } }, { offerId: { $in: offerIds } }] }, needles, session);
  await scrubDocuments(Approval, { customerId, kind: 'offer', subjectId: { $in: offerIds } }, needles, session);
  await OnboardingSubmission.updateMany(byCandidate, { $set: { filename: Erased, previousFileIds: [], note: '' } }, { session });

  // Who brought them: the referral and the agency's submission stay (rewards, fees), naming no one.
  await Referral.collection.updateMany(byCandidate, { $set: { ...ErasedCandidateName, email: '', phone: '', note: '' } }, { session });
  await AgencySubmission.collection.updateMany(byCandidate, { $set: { candidateName: AnonymousName, emailKey: '', note: '' } }, { session });
  await ReferralReward.updateMany(byCandidate, { $set: { candidateName: AnonymousName } }, { session });
  await CampaignRecipient.updateMany(byCandidate, { $set: { name: AnonymousName, email: '', error: '' } }, { session });
  await NpsSurvey.updateMany(byCandidate, { $set: { comment: '' } }, { session });

  // Their résumés waiting in a bulk upload.
  const idStrings = candidateIds.map(String);
  await ResumeBatchFile.deleteMany({ customerId, $or: [{ 'result.candidateId': { $in: idStrings } }, ...(set.emails.length ? [{ 'suggestions.email': { $in: set.emails } }] : [])] }, { session });

  // The audit trail keeps who did what and when, to an anonymous person.
  // Who did what and when stays; the detail copied the timeline's words ("Merged with … (their old address)"), so it goes like them.
  await AuditEntry.updateMany(byCandidate, { $set: { personName: AnonymousName, personKey: '', detail: Erased } }, { session });
  await scrubDocuments(AuditEntry, byCandidate, needles, session);
  await ErasureRequest.updateMany(byCandidate, { $set: { candidateName: AnonymousName } }, { session });

  // Live events are a day's notifications: those about the person go.
  await LiveEvent.deleteMany({ customerId, $or: [{ candidateId: { $in: candidateIds } }, { applicationId: { $in: applicationIds } }] }, { session });

  // Every other model with a candidateId (and areas added later): names and contacts in any of its strings go.
  for (const name of mongoose.modelNames()) {
    if (HandledModels.has(name)) continue;
    const model = mongoose.model(name) as Model<unknown>;
    if (!model.schema.path('candidateId') || !model.schema.path('customerId')) continue;
    await scrubDocuments(model, byCandidate, needles, session);
  }
  await scrubDocuments(JobActivity, { customerId, jobId: { $in: set.jobIds }, ...(needles.any ? { summary: needles.any } : { _id: null }) }, needles, session);
  await scrubMails(set, session);
  if (needles.any) {
    const ids = [...candidateIds, ...applicationIds].map(String).join('|');
    await scrubDocuments(WebhookDelivery, { customerId, body: new RegExp(`${needles.any.source}|${ids}`, 'i') }, needles, session);
  }
  return { fileIds };
}

/**
 * Mails: those to the person (sent, waiting or in the dev outbox) go; mails to colleagues that name them
 * (a mention, an approval request) are kept without the name.
 */
async function scrubMails(set: PersonSet, session?: ClientSession) {
  const { emails, needles } = set;
  if (emails.length) {
    await QueueJob.deleteMany({ 'payload.to': { $in: emails } }, { session });
    await OutboxMail.deleteMany({ to: { $in: emails } }, { session });
  }
  if (!needles.any) return;
  const named = { $or: ['subject', 'text', 'html'].map((f) => ({ [f]: needles.any })) };
  await scrubDocuments(OutboxMail, named, needles, session);
  await scrubDocuments(QueueJob, { $or: ['payload.subject', 'payload.text', 'payload.html'].map((f) => ({ [f]: needles.any })) }, needles, session);
  const ids = [...set.candidateIds, ...set.applicationIds];
  await scrubDocuments(QueueJob, { $or: [{ 'payload.candidateId': { $in: [...ids, ...ids.map(String)] } }, { 'payload.applicationId': { $in: [...ids, ...ids.map(String)] } }] }, needles, session);
}

/** Every stored file of the person: their résumés, letters, signed offers, onboarding documents, and whatever their records own. */
async function filesOf(set: PersonSet, session?: ClientSession): Promise<string[]> {
  const { customerId, candidateIds, applicationIds, offerIds } = set;
  const [applications, offers, submissions, batchFiles] = await Promise.all([
    Application.find({ customerId, candidateId: { $in: candidateIds } }, { resumeFileId: 1 }, { session }).lean(),
    Offer.find({ customerId, _id: { $in: offerIds } }, { letterFileId: 1, signedFileId: 1 }, { session }).lean(),
    OnboardingSubmission.find({ customerId, candidateId: { $in: candidateIds } }, { fileId: 1, previousFileIds: 1 }, { session }).lean(),
    ResumeBatchFile.find({ customerId, 'result.candidateId': { $in: candidateIds.map(String) } }, { fileId: 1 }, { session }).lean(),
  ]);
  const owners = [...candidateIds, ...applicationIds, ...offerIds];
  const owned = await mongoose.connection
    .db!.collection('uploads.files')
    .find({ 'metadata.customerId': customerId, 'metadata.owner.id': { $in: owners } }, { projection: { _id: 1 } })
    .toArray();
  const ids = [
    ...set.candidates.map((c) => c.resumeFileId),
    ...applications.map((a) => a.resumeFileId),
    ...offers.flatMap((o) => [o.letterFileId, o.signedFileId]),
    ...submissions.flatMap((s) => [s.fileId, ...(s.previousFileIds ?? [])]),
    ...batchFiles.map((f) => f.fileId),
    ...owned.map((f) => String(f._id)),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
}
