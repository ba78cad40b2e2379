import { Types } from 'mongoose';
import { CandidateProfileMessages, JobStatusesOpenForCandidates } from '@hireflow/contracts/candidates-profile';
import type { TJobStatus } from '@hireflow/contracts/jobs';
import { AppError } from '../../../lib/app-error';
import { Job, type JobDoc } from '../../jobs/job.model';
import { canManageJob, canViewJob } from '../../jobs/jobs.access';
import { withTransaction } from '../../jobs/with-transaction';
import { Application } from '../applications/application.model';
import { createApplication } from '../applications/create-application';
import { seesWholeDatabase } from '../candidates.access';
import { findLiveCandidate, type Caller } from './profile.service';

const OpenForCandidates: ReadonlySet<TJobStatus> = new Set(JobStatusesOpenForCandidates);

/**
 * Puts a candidate on a job (source "sourced", first stage), for recruiters and admins on any job they see
 * and for a job's own team (its hiring manager and owners). 409 when they are on it already.
 */
export async function addCandidateToJob(auth: Caller, id: string, jobId: string) {
  const { candidate } = await findLiveCandidate(auth, id);
  const job = (await Job.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(jobId) }).lean()) as JobDoc | null;
  if (!job || !canViewJob(auth.user, job)) throw AppError.notFound('Job');
  if (!seesWholeDatabase(auth.user) && !canManageJob(auth.user, job)) throw AppError.forbidden('Only recruiters, admins and the job\'s own team can add candidates to it.');
  if (!OpenForCandidates.has(job.status)) throw AppError.conflict(CandidateProfileMessages.jobNotOpen);
  if (await Application.exists({ customerId: auth.customerId, jobId: job._id, candidateId: candidate._id })) throw AppError.conflict(CandidateProfileMessages.alreadyOnJob);
  try {
    const application = await withTransaction((session) =>
      createApplication({
        customerId: auth.customerId,
        job,
        candidate: { _id: candidate._id, name: `${candidate.firstName} ${candidate.lastName ?? ''}`.trim(), email: candidate.email ?? '', phone: candidate.phone ?? '' },
        source: 'sourced',
        by: auth.user._id,
        activity: { kind: 'added_to_job', summary: `Added to ${job.title}` },
        session,
      }),
    );
    return { applicationId: String(application._id) };
  } catch (error) {
    // Two clicks at once: the unique index on (job, candidate) lets one through.
    if ((error as { code?: number }).code === 11000) throw AppError.conflict(CandidateProfileMessages.alreadyOnJob);
    throw error;
  }
}
