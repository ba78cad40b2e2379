import { Types } from 'mongoose';
import { feePercentToBasisPoints } from '@hireflow/contracts/agencies';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job, type JobDoc } from '../modules/jobs/job.model';
import { withTransaction } from '../modules/jobs/with-transaction';
import { ApprovalChain } from '../modules/approvals/chains/approval-chain.model';
import { Approval } from '../modules/approvals/approval.model';
import { startApproval } from '../modules/approvals/approvals.service';
import { applyToJob } from '../modules/candidates/applications/apply.service';
import { moveApplication } from '../modules/pipeline/move/move-application';
import { loadRejectionReasons } from '../modules/pipeline/rejections/rejection-reasons';
import { Agency, type AgencyDoc } from '../modules/agencies/agency.model';
import { AgencyUser, type AgencyUserDoc } from '../modules/agencies/agency-user.model';
import { AgencySubmission } from '../modules/agencies/agency-submission.model';
import { agencyApprovalSubject } from '../modules/agencies/agency-approval';
import { DemoAgency } from './demo-accounts';

const Day = 86_400_000;

type Target = 'received' | 'in_review' | 'interview' | 'offer' | 'rejected';
// TalentBridge's candidates, and where each stands now (one per coarse status the portal and the manage page show).
const Submissions: { first: string; last: string; target: Target; daysAgo: number }[] = [
  { first: 'Liam', last: 'Carter', target: 'received', daysAgo: 2 },
  { first: 'Sofia', last: 'Marin', target: 'in_review', daysAgo: 9 },
  { first: 'Noah', last: 'Gallagher', target: 'interview', daysAgo: 14 },
  { first: 'Mia', last: 'Esposito', target: 'offer', daysAgo: 21 },
  { first: 'Ethan', last: 'Brooks', target: 'rejected', daysAgo: 26 },
];

/**
 * Acme's agencies: the agency approval chain (Ada), TalentBridge Partners approved through it weeks ago (its
 * fixed id, demo user Tara Bridge, submissions in several states), and Northwind Talent waiting for Ada's
 * approval. Rita, who invited both, holds the manageAgencies right. Runs once.
 */
export async function seedAgencies({ passwordHash, now = new Date() }: { passwordHash: string; now?: Date }) {
  const acme = await Customer.findOne({ slug: DemoAgency.companySlug }).lean();
  if (!acme || (await Agency.exists({ customerId: acme._id }))) return;
  const customerId = acme._id;
  const [admin, recruiter] = await Promise.all([User.findOne({ customerId, email: 'admin@acme.test' }).lean(), User.findOne({ customerId, email: 'recruiter@acme.test' }).lean()]);
  if (!admin || !recruiter) return;
  await User.updateOne({ customerId, _id: recruiter._id }, { $addToSet: { rights: 'manageAgencies' } });
  await ApprovalChain.updateOne({ customerId, kind: 'agency', businessUnitId: null }, { $set: { approverIds: [admin._id], updatedBy: admin._id } }, { upsert: true });

  // Three open jobs, not the busy demo job (the one with the most applicants: its speed-screening queue stays as it is).
  const open = await Job.find({ customerId, status: 'open' }).sort({ applicantCount: -1, _id: 1 }).lean<JobDoc[]>();
  const jobs = (open.length > 3 ? open.slice(1) : open).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).slice(0, 3);
  if (!jobs.length) return;
  const ago = (days: number) => new Date(now.getTime() - days * Day);

  // TalentBridge: invited by Rita 40 days ago, approved by Ada the next day.
  const invitedAt = ago(40);
  const approvedAt = ago(39);
  const bridge = await withTransaction(async (session) => {
    const [created] = await Agency.create(
      [
        {
          _id: new Types.ObjectId(DemoAgency.id),
          customerId,
          name: DemoAgency.name,
          contactName: DemoAgency.user.name,
          contactEmail: DemoAgency.user.email,
          feeBasisPoints: feePercentToBasisPoints('15'),
          guaranteeDays: 90,
          jobIds: jobs.map((j) => j._id),
          maxCandidatesPerJob: 10,
          shareSalary: true,
          status: 'active',
          invitedBy: recruiter._id,
          approvedAt,
          createdAt: invitedAt,
        },
      ],
      { session },
    );
    const agency = created!.toObject() as AgencyDoc;
    const approval = await startApproval({ customerId, subject: agencyApprovalSubject(agency, recruiter._id), by: recruiter._id, session, at: invitedAt });
    await Approval.updateOne(
      { customerId, _id: approval._id },
      {
        $set: { status: 'approved', currentApproverId: null },
        $push: { decisions: { round: approval.round, step: 0, approverId: admin._id, decision: 'approved', comment: 'Strong track record with our engineering hires.', at: approvedAt } },
        $addToSet: { deciderIds: admin._id },
      },
      { session },
    );
    await AgencyUser.create(
      [{ customerId, agencyId: agency._id, name: DemoAgency.user.name, email: DemoAgency.user.email, passwordHash, status: 'active', isContact: true, addedBy: admin._id, createdAt: approvedAt }],
      { session },
    );
    return agency;
  });
  const tara = (await AgencyUser.findOne({ customerId, agencyId: bridge._id, email: DemoAgency.user.email }).lean<AgencyUserDoc>())!;

  const reasons = await loadRejectionReasons(customerId);
  for (const [i, plan] of Submissions.entries()) {
    const job = jobs[i % jobs.length]!;
    const email = `${plan.first}.${plan.last}@talentbridge-candidates.test`.toLowerCase();
    const at = ago(plan.daysAgo);
    const { applicationId } = await applyToJob({
      customerId,
      job,
      input: { firstName: plan.first, lastName: plan.last, email, phone: '', answers: [] },
      resume: null,
      source: 'agency',
      at,
      origin: { agencyId: bridge._id },
      alsoInTransaction: async (session, applied) => {
        await AgencySubmission.create(
          [{ customerId, agencyId: bridge._id, agencyUserId: tara._id, jobId: job._id, candidateId: applied.candidateId, applicationId: applied.applicationId, emailKey: email, candidateName: `${plan.first} ${plan.last}`, note: 'Screened by phone; available in a month.', submittedAt: at }],
          { session },
        );
      },
    });
    const stage = stageFor(job, plan.target);
    if (!stage) continue;
    const fresh = (await Job.findOne({ customerId, _id: job._id }).lean<JobDoc>())!;
    await moveApplication({
      customerId,
      actor: admin,
      applicationId,
      input: { stageId: String(stage._id), ...(plan.target === 'rejected' ? { reason: reasons[0]?.label ?? '' } : {}) },
      context: { job: fresh, now: ago(Math.max(0, plan.daysAgo - 3)) },
    });
  }

  // Northwind: invited by Rita two days ago, waiting for Ada.
  await withTransaction(async (session) => {
    const [created] = await Agency.create(
      [
        {
          customerId,
          name: 'Northwind Talent',
          contactName: 'Nora West',
          contactEmail: 'nora@northwind-talent.test',
          feeBasisPoints: feePercentToBasisPoints('12.5'),
          guaranteeDays: 60,
          jobIds: [jobs[0]!._id],
          maxCandidatesPerJob: 5,
          shareSalary: false,
          status: 'pending',
          invitedBy: recruiter._id,
          createdAt: ago(2),
        },
      ],
      { session },
    );
    const agency = created!.toObject() as AgencyDoc;
    await startApproval({ customerId, subject: agencyApprovalSubject(agency, recruiter._id), by: recruiter._id, session, at: ago(2) });
  });
}

/** The stage of the job an application of this plan ends in (none for "received": it stays in the first). */
function stageFor(job: JobDoc, target: Target) {
  if (target === 'received') return null;
  if (target === 'in_review') {
    const second = job.stages[1];
    return second && !['interview', 'offer', 'hired', 'rejected'].includes(second.kind) ? second : null;
  }
  return job.stages.find((s) => s.kind === target) ?? null;
}
