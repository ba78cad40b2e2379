import { Customer } from '../modules/org/customer.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { SelfScheduleLink } from '../modules/interviews/self-scheduling/self-schedule-link.model';
import { hashKey } from '../modules/auth/auth.crypto';

/** The demo candidate's scheduling page: /schedule/<this token> (a demo-only, well-known token). */
export const DemoSelfScheduleToken = 'acme-demo-pick-a-time-link';

const Day = 86_400_000;

/**
 * One open self-scheduling link at Acme: an applicant of its oldest open job with interviewers picks a
 * 45-minute intro call with the job's interviewers in the coming week. Runs once.
 */
export async function seedSelfScheduling(now = new Date()) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer) return null;
  const customerId = customer._id;
  const tokenHash = hashKey(DemoSelfScheduleToken);
  if (await SelfScheduleLink.exists({ customerId, tokenHash })) return null;
  const job = await Job.findOne({ customerId, status: 'open', 'interviewerIds.0': { $exists: true }, 'recruiterIds.0': { $exists: true } }).sort({ createdAt: 1 }).lean();
  if (!job) return null;
  const application = await Application.findOne({ customerId, jobId: job._id, stageKind: { $in: ['screening', 'interview'] }, candidateEmail: { $gt: '' } }).sort({ appliedAt: 1 }).lean();
  if (!application) return null;
  const tomorrow = new Date(Math.floor(now.getTime() / Day) * Day + Day);
  return SelfScheduleLink.create({
    customerId, tokenHash, applicationId: application._id, candidateId: application.candidateId, jobId: job._id,
    roundName: 'Intro call', durationMinutes: 45, interviewerIds: job.interviewerIds.slice(0, 2), mode: 'video',
    videoLink: 'https://meet.example.test/acme-intro', from: tomorrow, to: new Date(tomorrow.getTime() + 7 * Day),
    timeZone: 'Europe/Berlin', expiresAt: new Date(now.getTime() + 30 * Day), createdBy: job.recruiterIds[0],
  });
}
