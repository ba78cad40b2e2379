import type { Types } from 'mongoose';
import { ErrorCodes } from '@hireflow/contracts/error-codes';
import { formatMoney, fromMinorUnits } from '@hireflow/contracts/offers';
import { ReferralLimits, ReferralMessages, type TReferableJob, type TReferableJobList, type TReferableJobsQuery } from '@hireflow/contracts/referrals';
import { AppError } from '../../../lib/app-error';
import { escapeRegex } from '../../../lib/escape-regex';
import { Job, type JobDoc } from '../../jobs/job.model';
import { loadRefs, refOf, type RefMaps } from '../../jobs/refs';
import { sanitizeDescription } from '../../jobs/sanitize-description';
import { loadReferralSettings, rewardFor, type LoadedReferralSettings } from '../referral-settings.model';

type ReferableFields = Pick<JobDoc, 'title' | 'departmentId' | 'locationId' | 'description' | 'openedAt'> & { _id: Types.ObjectId };
const referableProjection = { title: 1, departmentId: 1, locationId: 1, description: 1, openedAt: 1 } as const;

/** "EUR 1,500.00", or null when the company set no reward for this job. */
export function rewardText(settings: Pick<LoadedReferralSettings, 'defaultReward' | 'overrides'>, job: { _id: Types.ObjectId; departmentId?: Types.ObjectId | null }): string | null {
  const reward = rewardFor(settings, job);
  return reward ? formatMoney(fromMinorUnits(reward.amountMinor, reward.currency), reward.currency) : null;
}

function presentReferableJob(job: ReferableFields, refs: RefMaps, settings: LoadedReferralSettings): TReferableJob {
  return {
    id: String(job._id),
    title: job.title,
    department: refOf(refs.departments, job.departmentId),
    location: refOf(refs.locations, job.locationId),
    descriptionHtml: sanitizeDescription(job.description ?? ''),
    openedAt: job.openedAt ? job.openedAt.toISOString() : null,
    reward: rewardText(settings, job),
  };
}

/** A page of the company's open jobs, newest first, on the (customerId, status, createdAt) index; search on the title. */
export async function listReferableJobs({ customerId, query }: { customerId: Types.ObjectId; query: TReferableJobsQuery }): Promise<TReferableJobList> {
  const pageSize = ReferralLimits.pageSize;
  const filter: Record<string, unknown> = { customerId, status: 'open' };
  if (query.search) filter.titleLower = { $regex: escapeRegex(query.search.toLowerCase()) };
  const [jobs, total, settings] = await Promise.all([
    Job.find(filter, referableProjection)
      .sort({ createdAt: -1, _id: -1 })
      .skip((query.page - 1) * pageSize)
      .limit(pageSize)
      .lean<ReferableFields[]>(),
    Job.countDocuments(filter),
    loadReferralSettings(customerId),
  ]);
  const refs = await loadRefs(customerId, { departments: jobs.map((j) => j.departmentId), locations: jobs.map((j) => j.locationId) });
  return { items: jobs.map((j) => presentReferableJob(j, refs, settings)), total, page: query.page, pageSize };
}

/** The open job of the caller's company, or 404: a closed job or another company's says the same. */
export async function findOpenJob(customerId: Types.ObjectId, jobId: string): Promise<JobDoc> {
  const job = await Job.findOne({ customerId, _id: jobId, status: 'open' }).lean<JobDoc>();
  if (!job) throw new AppError(ErrorCodes.notFound, { message: ReferralMessages.jobNotOpen, status: 404 });
  return job;
}

export async function getReferableJob({ customerId, jobId }: { customerId: Types.ObjectId; jobId: string }): Promise<TReferableJob> {
  const job = await findOpenJob(customerId, jobId);
  const [refs, settings] = await Promise.all([loadRefs(customerId, { departments: [job.departmentId], locations: [job.locationId] }), loadReferralSettings(customerId)]);
  return presentReferableJob(job, refs, settings);
}
