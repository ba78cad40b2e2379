import { Types } from 'mongoose';
import type { TOfferEventKind } from '@hireflow/contracts/offers';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job, type JobDoc } from '../modules/jobs/job.model';
import { Application, type ApplicationDoc } from '../modules/candidates/applications/application.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { Approval } from '../modules/approvals/approval.model';
import { storeSmallFiles } from '../modules/files/files.service';
import { hashKey } from '../modules/auth/auth.crypto';
import { moveApplication } from '../modules/pipeline/move/move-application';
import { Agency } from '../modules/agencies/agency.model';
import { Offer, type OfferDoc } from '../modules/offers/offer.model';
import { recordOfferChanges, type OfferChange } from '../modules/offers/offer-history';
import { baseSalaryText, personName, writtenDate } from '../modules/offers/letter/letter-content';
import { letterFilename, renderLetterOf } from '../modules/offers/letter/offer-letter.service';
import { stampSignedLetter } from '../modules/offers/letter/sign-letter';

/** The demo candidate's offer page: /offer/<this token> (a demo-only, well-known token). */
export const DemoOfferToken = 'acme-demo-offer-link';

const Day = 86_400_000;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

type LetterStatus = 'sent' | 'accepted' | 'declined';
/** The events an offer in each state went through, in order. */
const Paths: Record<LetterStatus, TOfferEventKind[]> = {
  sent: ['created', 'submitted', 'approved', 'sent'],
  accepted: ['created', 'submitted', 'approved', 'sent', 'viewed', 'accepted'],
  declined: ['created', 'submitted', 'approved', 'sent', 'viewed', 'declined'],
};
const Summaries: Record<TOfferEventKind, string> = {
  created: 'created', changed: 'changed', submitted: 'submitted for approval', approved: 'approved', approval_rejected: 'rejected by an approver',
  approval_withdrawn: 'withdrawn from approval', reapproval_required: 'sent back for approval', sent: 'sent', viewed: 'opened by the candidate',
  accepted: 'accepted', declined: 'declined', revoked: 'revoked', expired: 'expired', joined: 'marked joined', no_show: 'marked no-show',
};
/** Whose act each event is: the recruiter's, the approver's, or nobody's (the candidate, the expiry sweep). */
const actorOf = (kind: TOfferEventKind): 'recruiter' | 'approver' | null =>
  kind === 'approved' ? 'approver' : ['viewed', 'accepted', 'declined', 'expired'].includes(kind) ? null : 'recruiter';

type Plan = { status: LetterStatus; application: ApplicationDoc; baseMinor: number; bonusMinor: number | null };

/**
 * Acme's offers that need a letter (the offers module seeds the other states): one sent with its real letter
 * and the well-known demo link, one accepted and signed (real signed copy, the application in a hired
 * stage), one declined with a reason. Each with its approval by Ada (admin@acme.test) and its events, on
 * applications of the recruiter's jobs that have no offer yet. Runs once.
 */
export async function seedOfferLetters({ publicUrl = 'http://localhost:3000', now = new Date() }: { publicUrl?: string; now?: Date } = {}) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer) return null;
  const customerId = customer._id;
  if (await Offer.exists({ customerId, linkTokenHash: hashKey(DemoOfferToken) })) return null;
  const approver = (await User.findOne({ customerId, email: 'admin@acme.test' }).lean()) ?? (await User.findOne({ customerId, admin: true }).sort({ createdAt: 1 }).lean());
  if (!approver) return null;
  const recruiter = await User.findOne({ customerId, email: 'recruiter@acme.test' }, { _id: 1 }).lean();
  const theirJobs = recruiter ? await Job.find({ customerId, recruiterIds: recruiter._id }, { _id: 1 }).lean() : [];

  /** Applications in a stage of this kind with no offer at all, the recruiter's jobs first. */
  const free = async (stageKind: 'offer' | 'hired', count: number) => {
    const filter = { customerId, stageKind, withdrawn: { $ne: true }, candidateEmail: { $gt: '' } };
    const apps = [
      ...(await Application.find({ ...filter, jobId: { $in: theirJobs.map((j) => j._id) } }).sort({ appliedAt: 1 }).limit(20).lean<ApplicationDoc[]>()),
      ...(await Application.find(filter).sort({ appliedAt: 1 }).limit(20).lean<ApplicationDoc[]>()),
    ];
    const taken = new Set((await Offer.find({ customerId, applicationId: { $in: apps.map((a) => a._id) } }, { applicationId: 1 }).lean()).map((o) => String(o.applicationId)));
    const seen = new Set<string>();
    return apps.filter((a) => !taken.has(String(a._id)) && !seen.has(String(a._id)) && seen.add(String(a._id))).slice(0, count);
  };
  const inOffer = await free('offer', 3);
  if (inOffer.length < 2) return null;
  const hired = await free('hired', 1);
  // No hire without an offer in the demo pipeline: accepting moves an offer-stage applicant to hired, as on the page.
  if (!hired.length && inOffer.length > 2) {
    // Prefer a job no agency works on that keeps an opening after this hire: the demo's agency jobs stay open.
    const [offerJobs, agencyJobIds] = await Promise.all([
      Job.find({ customerId, _id: { $in: inOffer.map((a) => a.jobId) } }, { headcount: 1, stages: 1, stageCounts: 1 }).lean<JobDoc[]>(),
      Agency.distinct('jobIds', { customerId }),
    ]);
    const keepsOpen = (a: ApplicationDoc) => {
      const job = offerJobs.find((j) => String(j._id) === String(a.jobId))!;
      const hires = job.stages.filter((s) => s.kind === 'hired').reduce((n, s) => n + ((job.stageCounts as Record<string, number>)[String(s._id)] ?? 0), 0);
      return hires + 1 < job.headcount;
    };
    const noAgency = (a: ApplicationDoc) => !agencyJobIds.some((id) => String(id) === String(a.jobId));
    const score = (a: ApplicationDoc) => (noAgency(a) ? 2 : 0) + (keepsOpen(a) ? 1 : 0);
    const best = inOffer.reduce((b, a, i) => (score(a) > score(inOffer[b]!) ? i : b), inOffer.length - 1);
    const [application] = inOffer.splice(best, 1) as [ApplicationDoc];
    const job = (await Job.findOne({ customerId, _id: application.jobId }).lean<JobDoc>())!;
    const stage = job.stages.find((s) => s.kind === 'hired');
    if (stage) {
      await moveApplication({ customerId, actor: approver, applicationId: application._id, input: { stageId: String(stage._id) }, context: { job, now } });
      hired.push({ ...application, stageKind: 'hired' });
    }
  }

  const plans: Plan[] = [
    { status: 'sent' as const, application: inOffer[0]! },
    { status: 'declined' as const, application: inOffer[1]! },
    ...hired.slice(0, 1).map((application) => ({ status: 'accepted' as const, application })),
  ].map((p, i) => ({ ...p, baseMinor: [8_250_000, 7_400_000, 9_150_000][i]!, bonusMinor: i === 1 ? null : 600_000 }));

  const jobs = new Map((await Job.find({ customerId, _id: { $in: plans.map((p) => p.application.jobId) } }).lean<JobDoc[]>()).map((j) => [String(j._id), j]));
  const candidates = new Map((await Candidate.find({ customerId, _id: { $in: plans.map((p) => p.application.candidateId) } }, { firstName: 1, lastName: 1 }).lean()).map((c) => [String(c._id), c]));

  const offers: OfferDoc[] = [];
  const changes: OfferChange[] = [];
  const approvals: Record<string, unknown>[] = [];
  plans.forEach((plan, i) => {
    const job = jobs.get(String(plan.application.jobId))!;
    const recruiterId = job.recruiterIds[0] ?? approver._id;
    const path = Paths[plan.status];
    // Each offer's history ends a few days before now, one event a day; the later states began earlier.
    const startAt = now.getTime() - (path.length + 1 + i) * Day;
    const at = (kind: TOfferEventKind) => new Date(startAt + path.indexOf(kind) * Day + 10 * 3_600_000);
    const has = (kind: TOfferEventKind) => path.includes(kind);
    const startDate = day(now.getTime() + (30 + i) * Day);
    const expiresAt = new Date(now.getTime() + (10 + i) * Day);
    const compensation = { currency: 'EUR', baseMinor: plan.baseMinor, period: 'year' as const, bonusMinor: plan.bonusMinor, equity: i % 2 ? '' : '2,000 stock options vesting over four years', otherTerms: '30 days of paid holiday' };
    const candidate = candidates.get(String(plan.application.candidateId));
    const offer = {
      _id: new Types.ObjectId(),
      customerId,
      applicationId: plan.application._id,
      candidateId: plan.application.candidateId,
      jobId: job._id,
      businessUnitId: job.businessUnitId ?? null,
      status: plan.status,
      jobTitle: job.title,
      startDate,
      expiryDate: day(expiresAt.getTime()),
      expiresAt,
      compensation,
      approvedCompensation: has('approved') ? compensation : null,
      templateId: null,
      managerId: job.hiringManagerId ?? null,
      customFields: {},
      note: i % 2 ? '' : 'Matches the band agreed with finance.',
      createdBy: recruiterId,
      sentAt: has('sent') ? at('sent') : null,
      sentBy: has('sent') ? recruiterId : null,
      letterFileId: null,
      signedFileId: null,
      linkTokenHash: plan.status === 'sent' ? hashKey(DemoOfferToken) : null,
      viewedAt: has('viewed') ? at('viewed') : null,
      decidedAt: has('accepted') ? at('accepted') : has('declined') ? at('declined') : null,
      acceptance: has('accepted') ? { typedName: personName(candidate), at: at('accepted'), ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' } : null,
      declineReason: plan.status === 'declined' ? 'I have accepted another offer closer to home.' : '',
      revokeReason: '',
      revokedBy: null,
      outcomeNote: '',
      outcomeAt: null,
      startReminderSentAt: null,
      createdAt: at('created'),
      updatedAt: at(path.at(-1)!),
    } as unknown as OfferDoc;
    offers.push(offer);
    for (const kind of path) {
      const actor = actorOf(kind);
      changes.push({ offer, kind, by: actor === 'recruiter' ? recruiterId : actor === 'approver' ? approver._id : null, at: at(kind), summary: `Offer for ${job.title} ${Summaries[kind]}`, teamIds: job.memberIds ?? [], note: kind === 'declined' ? offer.declineReason : '' });
    }
    if (has('submitted')) {
      const decided = has('approved');
      approvals.push({
        customerId, kind: 'offer', subjectId: offer._id, businessUnitId: offer.businessUnitId, requesterId: recruiterId,
        title: `Offer: ${personName(candidate) || 'Candidate'}, ${job.title}`, detail: `${baseSalaryText(compensation)}, starts ${writtenDate(startDate)}`,
        status: decided ? 'approved' : 'pending', round: 1, approverIds: [approver._id], currentStep: 0, currentApproverId: decided ? null : approver._id,
        deciderIds: decided ? [approver._id] : [], submittedAt: at('submitted'),
        decisions: decided ? [{ round: 1, step: 0, approverId: approver._id, decision: 'approved', comment: 'Within the band.', at: at('approved') }] : [],
        events: [{ round: 1, step: 0, action: 'submitted', by: recruiterId, at: at('submitted') }],
      });
    }
  });

  // Real letters for the sent offer (the demo link) and the accepted one (with its signed copy).
  const files: Parameters<typeof storeSmallFiles>[0] = [];
  const links: { offer: OfferDoc; field: 'letterFileId' | 'signedFileId' }[] = [];
  for (const offer of offers.filter((o) => o.status === 'sent' || o.status === 'accepted')) {
    const { pdf, sources, filename } = await renderLetterOf(offer, { publicUrl, date: offer.sentAt! });
    files.push({ customerId, owner: { kind: 'offer', id: offer._id }, buffer: pdf, filename, contentType: 'application/pdf', kind: 'offer-letter', uploadedBy: offer.sentBy });
    links.push({ offer, field: 'letterFileId' });
    if (offer.acceptance) {
      const a = offer.acceptance as { typedName: string; at: Date; ip: string; userAgent: string };
      const signed = await stampSignedLetter(pdf, { ...a, companyName: customer.name, jobTitle: offer.jobTitle });
      files.push({ customerId, owner: { kind: 'offer', id: offer._id }, buffer: signed, filename: letterFilename(personName(sources.candidate), true), contentType: 'application/pdf', kind: 'offer-signed' });
      links.push({ offer, field: 'signedFileId' });
    }
  }
  const ids = await storeSmallFiles(files);
  links.forEach(({ offer, field }, i) => Object.assign(offer, { [field]: ids[i] }));

  await Offer.insertMany(offers, { timestamps: false });
  await Approval.insertMany(approvals);
  await recordOfferChanges(changes);
  return { offers: offers.length, demoLink: `${publicUrl}/offer/${DemoOfferToken}` };
}
