import { Types } from 'mongoose';
import type { TResumePreview } from '@hireflow/contracts/candidates-resumes';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { Job } from '../../jobs/job.model';
import { canViewJob } from '../../jobs/jobs.access';
import { Application } from '../../candidates/applications/application.model';
import { previewResumeFile } from '../../candidates/resumes/resumes.service';

/** The résumé an application came with, shown inline like the profile's, for whoever sees the job (404 otherwise). */
export async function applicationResumePreview({ customerId, actor, applicationId }: { customerId: Types.ObjectId; actor: UserDoc; applicationId: string }): Promise<TResumePreview> {
  const application = await Application.findOne({ customerId, _id: new Types.ObjectId(applicationId) }, { jobId: 1, resumeFileId: 1, resumeFilename: 1 }).lean();
  if (!application) throw AppError.notFound('Application');
  const job = await Job.findOne({ customerId, _id: application.jobId }, { memberIds: 1, recruiterIds: 1, hiringManagerId: 1 }).lean();
  if (!job || !canViewJob(actor, job)) throw AppError.notFound('Application');
  return previewResumeFile({ customerId, user: actor }, { fileId: application.resumeFileId, filename: application.resumeFilename, textState: 'none' });
}
