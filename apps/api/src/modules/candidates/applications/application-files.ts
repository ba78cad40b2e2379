import type { Types } from 'mongoose';
import type { UserDoc } from '../../users/user.model';
import { Job } from '../../jobs/job.model';
import { canViewJob } from '../../jobs/jobs.access';
import { Application } from './application.model';

/** An application's files (its résumé) go to whoever may see that job's applicants. */
export async function mayReadApplicationFiles({ customerId, actor, ownerId }: { customerId: Types.ObjectId; actor: UserDoc; ownerId: Types.ObjectId }): Promise<boolean> {
  const application = await Application.findOne({ customerId, _id: ownerId }, { jobId: 1 }).lean();
  if (!application) return false;
  const job = await Job.findOne({ customerId, _id: application.jobId }, { memberIds: 1, recruiterIds: 1, hiringManagerId: 1 }).lean();
  return Boolean(job && canViewJob(actor, job));
}
