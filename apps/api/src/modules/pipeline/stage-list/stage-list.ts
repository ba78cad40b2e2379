import { Types } from 'mongoose';
import { StageList, type TStageListJob, type TStageListResponse, type TStageListRow, type TStageListSort } from '@hireflow/contracts/pipeline';
import type { z } from 'zod';
import type { ZStageListQuery } from '@hireflow/contracts/pipeline';
import { AppError } from '../../../lib/app-error';
import { escapeRegex } from '../../../lib/escape-regex';
import type { UserDoc } from '../../users/user.model';
import { Job } from '../../jobs/job.model';
import { canSeeAllJobs } from '../../jobs/jobs.access';
import { Application, type ApplicationDoc } from '../../candidates/applications/application.model';
import { CardFields, presentCards } from '../cards';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;
type Query = z.output<typeof ZStageListQuery>;
type ScopeJob = { _id: Types.ObjectId; title: string; stages: { _id: Types.ObjectId; name: string; kind: string }[]; stageCounts?: Record<string, number>; inKind: number };

const SortSpecs: Record<Exclude<TStageListSort, 'job'>, Record<string, 1 | -1>> = {
  newest: { stageEnteredAt: -1, _id: -1 },
  oldest: { stageEnteredAt: 1, _id: 1 },
  name: { candidateName: 1, _id: 1 },
};

/**
 * The jobs a stage list covers: those whose hiring team I am on (`mine`), or every active job of the
 * company for those who see all jobs (`all`). Only open, on-hold and filled jobs: drafts have no applicants
 * and a closed job's applicants are no one's daily work.
 */
async function scopeJobs(customerId: Types.ObjectId, actor: Actor, scope: Query['scope'], kind: Query['kind']): Promise<ScopeJob[]> {
  if (scope === 'all' && !canSeeAllJobs(actor)) throw AppError.forbidden('Only recruiters, admins and super users see the applicants of every job.');
  const filter: Record<string, unknown> = { customerId, status: { $in: StageList.jobStatuses } };
  if (scope === 'mine') filter.memberIds = actor._id;
  const jobs = (await Job.find(filter, { title: 1, stages: 1, stageCounts: 1 }).lean()) as unknown as ScopeJob[];
  // The job's own counts say whether anyone is in a stage of this kind: jobs without are left out of the
  // query and of the job filter (a company with thousands of jobs has a few dozen with offers out).
  for (const job of jobs) job.inKind = job.stages.filter((s) => s.kind === kind).reduce((n, s) => n + (job.stageCounts?.[String(s._id)] ?? 0), 0);
  return jobs.filter((j) => j.inKind > 0).sort((a, b) => a.title.localeCompare(b.title) || String(a._id).localeCompare(String(b._id)));
}

/**
 * GET /api/workflow/list: one page (StageList.pageSize) of the applications in stages of one kind across
 * the scope's jobs, filtered and sorted in the database. Newest/oldest run on the index {customerId,
 * stageKind, stageEnteredAt, _id}, name on {customerId, stageKind, candidateName, _id}; "job" orders by job
 * title, then newest in stage: the page is cut from per-job counts and read job by job on {customerId,
 * stageKind, jobId, stageEnteredAt, _id}.
 */
export async function listStage({ customerId, actor, query }: { customerId: Types.ObjectId; actor: Actor; query: Query }): Promise<TStageListResponse> {
  const jobs = await scopeJobs(customerId, actor, query.scope, query.kind);
  const pageSize = StageList.pageSize;
  const base = { page: query.page, pageSize, scope: query.scope, canSeeAll: canSeeAllJobs(actor), jobs: jobs.map(presentJob) };
  const wanted = query.jobId?.toLowerCase();
  const listed = wanted ? jobs.filter((j) => String(j._id) === wanted) : jobs;
  const jobIds = listed.map((j) => j._id);
  if (!jobIds.length) return { ...base, items: [], total: 0 };

  const filter: Record<string, unknown> = { customerId, stageKind: query.kind, jobId: jobIds.length === 1 ? jobIds[0] : { $in: jobIds } };
  if (query.source) filter.source = query.source;
  if (query.owner) filter.ownerId = new Types.ObjectId(query.owner);
  if (query.q) filter.candidateName = { $regex: escapeRegex(query.q), $options: 'i' };
  const skip = (query.page - 1) * pageSize;
  // Without filters beyond the kind and the job, the jobs' own stage counts are the counts: counting
  // thousands of index entries over many jobs is what a page would otherwise spend its time on.
  const filtered = Boolean(query.source || query.owner || query.q);
  const countsByJob = filtered ? null : new Map(listed.map((j) => [String(j._id), j.inKind]));

  let total: number;
  let page: ApplicationDoc[];
  if (query.sort === 'job') {
    ({ total, page } = await pageByJob(filter, jobIds, countsByJob, skip, pageSize));
  } else {
    [total, page] = await Promise.all([
      countsByJob ? [...countsByJob.values()].reduce((a, b) => a + b, 0) : Application.countDocuments(filter),
      Application.find(filter, CardFields).sort(SortSpecs[query.sort]).skip(skip).limit(pageSize).lean<ApplicationDoc[]>(),
    ]);
  }
  const stageNames = new Map(jobs.flatMap((j) => j.stages.map((s) => [String(s._id), s.name] as const)));
  const cards = await presentCards(customerId, page);
  const items: TStageListRow[] = cards.map((c) => ({ ...c, stageName: stageNames.get(c.stageId) ?? '' }));
  return { ...base, items, total };
}

/** Job title order (jobIds is sorted by title), newest in stage within a job. */
async function pageByJob(filter: Record<string, unknown>, jobIds: Types.ObjectId[], counts: Map<string, number> | null, skip: number, limit: number) {
  const countOf =
    counts ?? new Map((await Application.aggregate<{ _id: Types.ObjectId; n: number }>([{ $match: filter }, { $group: { _id: '$jobId', n: { $sum: 1 } } }])).map((c) => [String(c._id), c.n]));
  const total = [...countOf.values()].reduce((sum, n) => sum + n, 0);
  const page: ApplicationDoc[] = [];
  let offset = 0;
  for (const jobId of jobIds) {
    const n = countOf.get(String(jobId)) ?? 0;
    if (!n) continue;
    if (offset + n > skip && page.length < limit) {
      const localSkip = Math.max(0, skip - offset);
      const rows = await Application.find({ ...filter, jobId }, CardFields).sort(SortSpecs.newest).skip(localSkip).limit(limit - page.length).lean<ApplicationDoc[]>();
      page.push(...rows);
    }
    offset += n;
    if (page.length >= limit) break;
  }
  return { total, page };
}

function presentJob(job: ScopeJob): TStageListJob {
  return { id: String(job._id), title: job.title, stages: job.stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind as TStageListJob['stages'][number]['kind'] })) };
}
