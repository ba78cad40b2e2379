import { Types } from 'mongoose';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job, type JobDoc } from '../modules/jobs/job.model';
import { stageCountChanges } from '../modules/jobs/stage-counts';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { applyToJob } from '../modules/candidates/applications/apply.service';
import { Candidate } from '../modules/candidates/candidate.model';
import { createCandidate, refreshCandidateMatchKeys } from '../modules/candidates/intake/create-candidate';
import { refreshCandidateJobs } from '../modules/candidates/candidates.access';
import { recordCandidateActivity } from '../modules/candidates/candidate-activity';

/**
 * A few deliberate duplicates in Acme, so the profile's "Likely duplicates" and its Merge can be shown:
 * - Priya Nair applied twice with two emails and one phone in two formats; both applied to the same
 *   job (one further along) and the second also to another job;
 * - Tomás Ortega was added by hand twice: same name at the same company ("Contoso" / "contoso"), once
 *   without an email;
 * - Mei Chen is in once from the career site and once from an import, the phone with and without the
 *   country code.
 */
export const DemoDuplicateEmails = ['priya.nair@example.com', 'priya.nair.home@example.com', 'tomas.ortega@example.com', 'mei.chen@example.com', 'm.chen@example.org'] as const;

export async function seedDuplicates() {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer) return;
  const customerId = customer._id;
  if (await Candidate.exists({ customerId, email: DemoDuplicateEmails[0] })) return;
  const jobs = (await Job.find({ customerId, status: 'open' }).sort({ createdAt: 1 }).limit(2).lean()) as JobDoc[];
  const recruiter = await User.findOne({ customerId, role: 'recruiter', admin: false }).lean();
  if (jobs.length < 2 || !recruiter) return;
  const [first, second] = jobs as [JobDoc, JobDoc];
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
  const apply = (job: JobDoc, input: { firstName: string; lastName: string; email: string; phone: string }, daysAgo: number) =>
    applyToJob({ customerId, job, input: { ...input, answers: [] }, resume: null, source: 'career_site', at: at(daysAgo) });

  // Priya: the first application moved on to the second stage, so a merge keeps that one.
  const priya = await apply(first, { firstName: 'Priya', lastName: 'Nair', email: DemoDuplicateEmails[0], phone: '+1 (555) 010-0142' }, 30);
  await moveOn(customerId, first, priya.applicationId, priya.candidateId, recruiter._id, at(25));
  await Candidate.updateOne({ customerId, _id: priya.candidateId }, { $set: { currentTitle: 'Data Analyst', currentCompany: 'Northwind', skills: ['SQL', 'Python'] } });
  await refreshCandidateMatchKeys(customerId, priya.candidateId);
  await apply(first, { firstName: 'Priya', lastName: 'Nair', email: DemoDuplicateEmails[1], phone: '5550100142' }, 12);
  await apply(second, { firstName: 'Priya', lastName: 'Nair', email: DemoDuplicateEmails[1], phone: '5550100142' }, 11);

  const by = recruiter._id;
  await createCandidate({
    customerId,
    by,
    source: 'sourced',
    consentSource: 'Added by a recruiter',
    at: at(40),
    fields: { firstName: 'Tomás', lastName: 'Ortega', email: DemoDuplicateEmails[2], phone: '', location: 'Madrid', currentTitle: 'Backend Engineer', currentCompany: 'Contoso', experienceYears: 6, skills: ['Go', 'Kubernetes'], tags: ['referral-pool'] },
  });
  await createCandidate({
    customerId,
    by,
    source: 'sourced',
    consentSource: 'Added by a recruiter',
    at: at(8),
    fields: { firstName: 'Tomás', lastName: 'Ortega', email: '', phone: '+34 912 345 678', location: '', currentTitle: 'Senior Backend Engineer', currentCompany: 'contoso', experienceYears: null, skills: ['Go', 'PostgreSQL'], tags: [] },
  });

  await apply(second, { firstName: 'Mei', lastName: 'Chen', email: DemoDuplicateEmails[3], phone: '+44 20 7946 0011' }, 20);
  await createCandidate({
    customerId,
    by,
    source: 'import',
    consentSource: 'Imported',
    at: at(5),
    fields: { firstName: 'Mei', lastName: 'Chen', email: DemoDuplicateEmails[4], phone: '020 7946 0011', location: 'London', currentTitle: 'Product Designer', currentCompany: 'Fabrikam', experienceYears: 4, skills: ['Figma'], tags: [] },
  });
}

/** Moves a demo application to the job's second stage, as a recruiter would. */
async function moveOn(customerId: Types.ObjectId, job: JobDoc, applicationId: Types.ObjectId, candidateId: Types.ObjectId, by: Types.ObjectId, at: Date) {
  const [from, to] = job.stages;
  if (!from || !to) return;
  const stageEventId = new Types.ObjectId();
  await Application.updateOne({ customerId, _id: applicationId }, { $set: { stageId: to._id, stageKind: to.kind, stageEnteredAt: at, lastStageEventId: stageEventId } });
  await StageEvent.create({ _id: stageEventId, customerId, applicationId, jobId: job._id, candidateId, fromStageId: from._id, fromKind: from.kind, toStageId: to._id, toKind: to.kind, at, by });
  await Job.updateOne({ customerId, _id: job._id }, { $inc: stageCountChanges([{ stage: from, by: -1 }, { stage: to, by: 1 }]) });
  await refreshCandidateJobs(customerId, candidateId);
  await recordCandidateActivity({ customerId, candidateId, kind: 'stage_moved', by, at, applicationId, jobId: job._id, summary: `Moved to ${to.name}` });
}
