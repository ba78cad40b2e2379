import type { Express } from 'express';
import { Types } from 'mongoose';
import type { Config } from '../../config';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../jobs/jobs.test-support';
import { Job, type JobDoc } from '../jobs/job.model';
import { applyToJob } from '../candidates/applications/apply.service';

/**
 * A company with an open job (hiring manager `hm`, recruiter `recruiter`, interviewer `employee`; `approver2`
 * is a recruiter who is not on the job) and `applicants` career-site applicants in its first stage.
 */
export async function buildPipelineCompany(app: Express, config: Config, { applicants = 3, title = 'Backend Engineer', headcount = 1 }: { applicants?: number; title?: string; headcount?: number } = {}) {
  const co = await buildJobsCompany(config);
  const { jobId } = await openJobThroughApproval(app, co, { title, headcount });
  const job = (await Job.findOne({ customerId: co.customerId, _id: jobId }).lean()) as JobDoc;
  const applicationIds: string[] = [];
  for (let i = 0; i < applicants; i++) applicationIds.push(await addApplicant(co, job, `Applicant${i}`));
  return { co, job, applicationIds, stage: stageFinder(job) };
}

/** One more career-site applicant on the job; answers its application id. */
export async function addApplicant(co: JobsCompany, job: JobDoc, firstName: string, lastName = 'Tester') {
  const { applicationId } = await applyToJob({
    customerId: co.customerId,
    job,
    input: { firstName, lastName, email: `${firstName.toLowerCase()}.${new Types.ObjectId().toHexString().slice(-6)}@example.test`, phone: '', answers: [] },
    resume: null,
    source: 'career_site',
  });
  return String(applicationId);
}

/** The id of the job's first stage of a kind (or with a name). */
export function stageFinder(job: JobDoc) {
  return (kindOrName: string) => {
    const stage = job.stages.find((s) => s.kind === kindOrName || s.name === kindOrName);
    if (!stage) throw new Error(`no stage ${kindOrName}`);
    return String(stage._id);
  };
}
