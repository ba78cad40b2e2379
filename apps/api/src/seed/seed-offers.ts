import type { Types } from 'mongoose';
import type { TOfferEventKind, TOfferStatus } from '@hireflow/contracts/offers';
import { OpenOfferStatuses, toMinorUnits } from '@hireflow/contracts/offers';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job, type JobDoc } from '../modules/jobs/job.model';
import { withTransaction } from '../modules/jobs/with-transaction';
import { Application, type ApplicationDoc } from '../modules/candidates/applications/application.model';
import { Approval } from '../modules/approvals/approval.model';
import { startApproval } from '../modules/approvals/approvals.service';
import { Offer, type OfferDoc } from '../modules/offers/offer.model';
import { recordOfferChanges } from '../modules/offers/offer-history';
import { offerChange } from '../modules/offers/offer-change';
import { offerApprovalSubject } from '../modules/offers/offer-approval';
import { endOfDayIn } from '../modules/offers/offer-dates';

const Day = 86_400_000;
const dateOf = (now: Date, days: number) => new Date(now.getTime() + days * Day).toISOString().slice(0, 10);

type Plan = { status: TOfferStatus; base: string; daysAgo: number; history: TOfferEventKind[]; note?: string; revokeReason?: string; startInDays: number; expiryInDays: number };

// On applications in the offer stage (an expired and a revoked offer sit beside an open one: they are closed).
const offerStagePlans: Plan[][] = [
  [
    { status: 'expired', base: '72000', daysAgo: 30, history: ['created', 'submitted', 'approved', 'sent', 'expired'], startInDays: -5, expiryInDays: -16 },
    { status: 'draft', base: '76000', daysAgo: 1, history: ['created'], note: 'Second offer after the first one ran out', startInDays: 45, expiryInDays: 14 },
  ],
  [
    { status: 'revoked', base: '90000', daysAgo: 12, history: ['created', 'submitted', 'revoked'], revokeReason: 'Entered the wrong salary band; a corrected offer follows.', startInDays: 40, expiryInDays: 10 },
    { status: 'pending_approval', base: '84000.50', daysAgo: 2, history: ['created', 'submitted'], startInDays: 40, expiryInDays: 12 },
  ],
  [{ status: 'approved', base: '81000', daysAgo: 4, history: ['created', 'submitted', 'approved'], startInDays: 35, expiryInDays: 9 }],
];
// On hired applications: the offer was accepted and the new hire joined.
const hiredPlans: Plan[][] = [[{ status: 'joined', base: '79000', daysAgo: 60, history: ['created', 'submitted', 'approved', 'sent', 'accepted', 'joined'], startInDays: -20, expiryInDays: -45 }]];

/**
 * Acme's demo offers in the states that need no letter (draft, waiting for approval, approved, revoked, expired,
 * joined), on the jobs its recruiter runs, with their history and approval chains. Sent, accepted and declined
 * offers with real PDFs come with the letter's demo data. Uses only applications without an open offer; runs once.
 */
export async function seedOffers(now = new Date()) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer || (await Offer.exists({ customerId: customer._id, status: { $in: ['draft', 'pending_approval', 'joined'] } }))) return;
  const customerId = customer._id;
  const [recruiter, admin] = await Promise.all([User.findOne({ customerId, email: 'recruiter@acme.test' }).lean(), User.findOne({ customerId, email: 'admin@acme.test' }).lean()]);
  if (!recruiter || !admin) return;
  const jobs = await Job.find({ customerId, recruiterIds: recruiter._id }).lean<JobDoc[]>();
  const free = async (stageKind: 'offer' | 'hired', count: number) => {
    const apps = await Application.find({ customerId, jobId: { $in: jobs.map((j) => j._id) }, stageKind, withdrawn: { $ne: true } }).sort({ _id: -1 }).lean<ApplicationDoc[]>();
    const taken = await Offer.find({ customerId, applicationId: { $in: apps.map((a) => a._id) }, status: { $in: OpenOfferStatuses } }, { applicationId: 1 }).lean();
    return apps.filter((a) => !taken.some((t) => t.applicationId.equals(a._id))).slice(0, count);
  };
  const pairs = [...zip(await free('offer', offerStagePlans.length), offerStagePlans), ...zip(await free('hired', hiredPlans.length), hiredPlans)];
  for (const [application, plans] of pairs) {
    const job = jobs.find((j) => j._id.equals(application.jobId))!;
    for (const plan of plans) await seedOffer({ customerId, job, application, plan, recruiterId: recruiter._id, adminId: admin._id, now });
  }
}

function zip<A, B>(as: A[], bs: B[]): [A, B][] {
  return as.slice(0, bs.length).map((a, i) => [a, bs[i]!]);
}

async function seedOffer({ customerId, job, application, plan, recruiterId, adminId, now }: { customerId: Types.ObjectId; job: JobDoc; application: ApplicationDoc; plan: Plan; recruiterId: Types.ObjectId; adminId: Types.ObjectId; now: Date }) {
  const created = new Date(now.getTime() - plan.daysAgo * Day);
  const expiryDate = dateOf(now, plan.expiryInDays);
  const compensation = { currency: 'EUR', baseMinor: toMinorUnits(plan.base, 'EUR')!, period: 'year' as const, bonusMinor: toMinorUnits('5000', 'EUR')!, equity: '', otherTerms: '30 days of paid holiday' };
  const sent = plan.history.includes('sent');
  const approved = plan.history.includes('approved');
  await withTransaction(async (session) => {
    const [doc] = await Offer.create(
      [
        {
          customerId, applicationId: application._id, candidateId: application.candidateId, jobId: job._id, businessUnitId: job.businessUnitId ?? null,
          status: plan.status, jobTitle: job.title, startDate: dateOf(now, plan.startInDays), expiryDate, expiresAt: endOfDayIn(expiryDate, 'UTC'),
          compensation, approvedCompensation: approved ? compensation : null, managerId: job.hiringManagerId ?? null, note: plan.note ?? '', createdBy: recruiterId,
          sentAt: sent ? new Date(created.getTime() + 2 * Day) : null, sentBy: sent ? recruiterId : null,
          decidedAt: plan.history.includes('accepted') ? new Date(created.getTime() + 4 * Day) : null,
          acceptance: plan.history.includes('accepted') ? { typedName: application.candidateName, at: new Date(created.getTime() + 4 * Day), ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (demo)' } : null,
          revokeReason: plan.revokeReason ?? '', revokedBy: plan.revokeReason ? recruiterId : null,
          outcomeAt: plan.status === 'joined' ? new Date(now.getTime() - 19 * Day) : null,
          startReminderSentAt: plan.status === 'joined' ? new Date(now.getTime() - 20 * Day) : null,
          createdAt: created, updatedAt: created,
        },
      ],
      { session, timestamps: false },
    );
    const offer = doc!.toObject() as OfferDoc;
    if (plan.history.includes('submitted')) {
      const approval = await startApproval({ customerId, subject: offerApprovalSubject(offer, application.candidateName, recruiterId), by: recruiterId, session, at: new Date(created.getTime() + 3600_000) });
      if (approved) {
        const at = new Date(created.getTime() + Day);
        const decision = { round: approval.round, step: 0, approverId: adminId, decision: 'approved', comment: 'Within the band', at };
        await Approval.updateOne({ customerId, _id: approval._id }, { $set: { status: 'approved', currentApproverId: null }, $push: { decisions: decision }, $addToSet: { deciderIds: adminId } }, { session });
      } else if (plan.status === 'revoked') {
        const event = { round: approval.round, step: 0, action: 'cancelled', by: recruiterId, fromApproverId: adminId, comment: `Offer revoked: ${plan.revokeReason}`, at: new Date(created.getTime() + Day) };
        await Approval.updateOne({ customerId, _id: approval._id }, { $set: { status: 'cancelled', currentApproverId: null }, $push: { events: event } }, { session });
      }
    }
    const byOf = (kind: TOfferEventKind) => (kind === 'approved' ? adminId : ['accepted', 'expired', 'viewed', 'declined'].includes(kind) ? null : recruiterId);
    const atOf = (kind: TOfferEventKind, i: number) => (kind === 'expired' ? offer.expiresAt : kind === 'joined' ? offer.outcomeAt! : new Date(created.getTime() + i * Day));
    await recordOfferChanges(plan.history.map((kind, i) => offerChange(offer, job, kind, byOf(kind), { at: atOf(kind, i), note: kind === 'revoked' ? (plan.revokeReason ?? '') : '' })), session);
  });
}
