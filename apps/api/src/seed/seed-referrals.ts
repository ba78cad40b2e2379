import type { Types } from 'mongoose';
import type { TReferralRelationship } from '@hireflow/contracts/referrals';
import { Customer } from '../modules/org/customer.model';
import { User, type UserDoc } from '../modules/users/user.model';
import { Job, type JobDoc } from '../modules/jobs/job.model';
import { applyToJob } from '../modules/candidates/applications/apply.service';
import { moveApplication } from '../modules/pipeline/move/move-application';
import { loadRejectionReasons } from '../modules/pipeline/rejections/rejection-reasons';
import { QueueJob } from '../lib/job-queue.model';
import { Referral } from '../modules/referrals/referral.model';
import { ReferralReward } from '../modules/referrals/referral-reward.model';
import { ReferralSettings } from '../modules/referrals/referral-settings.model';
import { RewardHiredNoticeJob } from '../modules/referrals/rewards/reward-notices';
// The hire hook that turns the demo hires into rewards, as the running API does.
import '../modules/referrals/rewards/reward-on-hire';

const Day = 86_400_000;
export const DemoReferrerEmail = 'employee@acme.test';
export const DemoReferralPayableAfterDays = 90;

type Place = 'first' | 'review' | 'interview' | 'rejected' | 'hired';
type Person = { firstName: string; lastName: string; relationship: TReferralRelationship; note: string; place: Place; daysAgo: number; reward?: 'paid' | 'pending' };

/** Emma's referrals: one per coarse status she sees on /my-referrals, two of them hired (one reward paid, one pending). */
export const DemoReferrals: Person[] = [
  { firstName: 'Jonas', lastName: 'Brennan', relationship: 'worked_together', note: 'We built the billing service together at my last job.', place: 'hired', daysAgo: 170, reward: 'paid' },
  { firstName: 'Amara', lastName: 'Oyelaran', relationship: 'studied_together', note: 'Top of our class; great with customers.', place: 'hired', daysAgo: 45, reward: 'pending' },
  { firstName: 'Lucas', lastName: 'Delacroix', relationship: 'friend', note: '', place: 'first', daysAgo: 2 },
  { firstName: 'Hana', lastName: 'Ishikawa', relationship: 'worked_together', note: 'Led the data team at Northwind.', place: 'review', daysAgo: 9 },
  { firstName: 'Diego', lastName: 'Quintero', relationship: 'other', note: 'Met at a meetup; strong in TypeScript.', place: 'interview', daysAgo: 16 },
  { firstName: 'Freya', lastName: 'Achterberg', relationship: 'friend', note: '', place: 'rejected', daysAgo: 30 },
];

const stageOf = (job: JobDoc, i: number) => String((job.stages[i] as { _id: Types.ObjectId })._id);
const stageOfKind = (job: JobDoc, kind: string) => String((job.stages.find((s) => s.kind === kind) as { _id: Types.ObjectId } | undefined)?._id ?? '');

/** The stages an application passes through to reach its place (first stage excluded: applying puts it there). */
function pathTo(job: JobDoc, place: Place): string[] {
  const secondScreening = job.stages.findIndex((s, i) => i > 0 && s.kind === 'screening');
  const review = secondScreening > 0 ? [stageOf(job, secondScreening)] : [];
  switch (place) {
    case 'first':
      return [];
    case 'review':
      return review;
    case 'interview':
      return [...review, stageOfKind(job, 'interview')];
    case 'rejected':
      return [...review, stageOfKind(job, 'rejected')];
    case 'hired':
      return [...review, stageOfKind(job, 'interview'), stageOfKind(job, 'offer'), stageOfKind(job, 'hired')];
  }
}

const hiresOf = (job: JobDoc) => job.stages.filter((s) => s.kind === 'hired').reduce((n, s) => n + Number((job.stageCounts as Record<string, number>)[String((s as { _id: Types.ObjectId })._id)] ?? 0), 0);

/**
 * Acme's demo referrals by Emma (employee@acme.test): the referral rules (EUR 1,000.00, EUR 1,500.00 in one
 * department, payable 90 days after the start), and six people referred to open jobs she is not hiring for,
 * (not the busy one), each applied through applyToJob and moved through the pipeline by the job's recruiter
 * (stage counts, timeline and the hire hook included). The two hires earn rewards: one approved and paid by the admin, one pending.
 * Runs once.
 */
export async function seedReferrals(_: { passwordHash: string }, now = new Date()) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer) return;
  const customerId = customer._id;
  const [emma, admin] = await Promise.all([User.findOne({ customerId, email: DemoReferrerEmail }).lean<UserDoc>(), User.findOne({ customerId, email: 'admin@acme.test' }).lean<UserDoc>()]);
  if (!emma || !admin || (await Referral.exists({ customerId, referrerId: emma._id }))) return;
  const jobs = (await Job.find({ customerId, status: 'open', memberIds: { $ne: emma._id } }).sort({ createdAt: 1 }).lean()) as JobDoc[];
  // Not the busy demo job (its 1,500 applicants show a pipeline without hires).
  const busiest = [...jobs].sort((a, b) => (b.applicantCount ?? 0) - (a.applicantCount ?? 0))[0];
  const usable = jobs.filter((j) => j !== busiest && ['screening', 'interview', 'offer', 'hired', 'rejected'].every((k) => j.stages.some((s) => s.kind === k)));
  if (!usable.length) return;

  const department = usable.find((j) => j.departmentId)?.departmentId ?? null;
  await ReferralSettings.updateOne(
    { customerId },
    {
      $set: {
        defaultReward: { currency: 'EUR', amountMinor: 100_000 },
        overrides: department ? [{ departmentId: department, jobId: null, reward: { currency: 'EUR', amountMinor: 150_000 } }] : [],
        payableAfterDays: DemoReferralPayableAfterDays,
        excludeHiringTeam: true,
        excludeRecruiters: true,
        creditWindowDays: 180,
        rewardKnownCandidates: false,
        updatedBy: admin._id,
      },
    },
    { upsert: true },
  );
  const reason = (await loadRejectionReasons(customerId)).find((r) => r.active)?.label;

  let next = 0;
  for (const person of DemoReferrals) {
    // Hires go where an opening is left (the job stays open); the others round the open jobs.
    const fresh = (await Job.find({ customerId, _id: { $in: usable.map((j) => j._id) } }).lean()) as JobDoc[];
    const job = person.place === 'hired' ? ([...fresh].sort((a, b) => b.headcount - hiresOf(b) - (a.headcount - hiresOf(a)))[0] ?? fresh[0]!) : fresh[next++ % fresh.length]!;
    const actor = (job.recruiterIds[0] && (await User.findOne({ customerId, _id: job.recruiterIds[0] }).lean<UserDoc>())) || admin;
    const referredAt = new Date(now.getTime() - person.daysAgo * Day);
    const email = `${person.firstName}.${person.lastName}`.toLowerCase() + '@example.net';
    const { applicationId } = await applyToJob({
      customerId,
      job,
      input: { firstName: person.firstName, lastName: person.lastName, email, phone: '', answers: [] },
      resume: null,
      source: 'referral',
      at: referredAt,
      origin: { referrerId: emma._id },
      alsoInTransaction: async (session, applied) => {
        await Referral.create(
          [{ customerId, referrerId: emma._id, jobId: job._id, candidateId: applied.candidateId, applicationId: applied.applicationId, firstName: person.firstName, lastName: person.lastName, email, relationship: person.relationship, note: person.note, alreadyKnown: false, credited: true, rewardEligibility: 'eligible', referredAt }],
          { session },
        );
      },
    });
    const path = pathTo(job, person.place);
    for (const [i, stageId] of path.entries()) {
      // One step every few days after the referral; a hire lands `daysAgo - 3 * steps` ago.
      const at = new Date(referredAt.getTime() + (i + 1) * 3 * Day);
      const rejected = job.stages.find((s) => String((s as { _id: Types.ObjectId })._id) === stageId)?.kind === 'rejected';
      if (rejected && !reason) break;
      await moveApplication({ customerId, actor, applicationId, input: { stageId, ...(rejected ? { reason } : {}) }, context: { now: at } });
    }
    if (person.reward === 'paid') {
      const reward = await ReferralReward.findOne({ customerId, applicationId }).lean();
      if (reward) {
        const payable = Date.parse(`${reward.payableOn}T09:00:00Z`);
        await ReferralReward.updateOne(
          { customerId, _id: reward._id },
          { $set: { status: 'paid', approvedAt: new Date(payable + 2 * Day), approvedBy: admin._id, paidAt: new Date(payable + 5 * Day), paidBy: admin._id } },
        );
      }
    }
  }
  // The demo's past hires need no "was hired" mails to Emma.
  await QueueJob.deleteMany({ name: RewardHiredNoticeJob.name, customerId, state: 'queued' });
}
