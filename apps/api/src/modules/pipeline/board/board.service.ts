import { Types } from 'mongoose';
import { BoardLimits, Pipeline, type TBoard, type TBoardColumnPage, type TBoardFilters, type TBoardJobOption, type TBoardStage } from '@hireflow/contracts/pipeline';
import type { TJobStatus } from '@hireflow/contracts/jobs';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { canManageJob, canSeeAllJobs, canViewJob } from '../../jobs/jobs.access';
import { Application, type ApplicationDoc } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { UserPreference } from '../../preferences/user-preference.model';
import { CardFields, presentCards } from '../cards';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;
type JobStage = JobDoc['stages'][number] & { _id: Types.ObjectId };
type CardRow = Parameters<typeof presentCards>[1][number] & Pick<ApplicationDoc, 'stageEnteredAt'>;
type Filter = Record<string, unknown>;

const DayMs = 86_400_000;
const JobFields = { title: 1, status: 1, stages: 1, stageCounts: 1, memberIds: 1, recruiterIds: 1, hiringManagerId: 1 } as const;

/** A job of the company the caller may view, or null (another company's job, or not theirs to see). */
async function visibleJob(customerId: Types.ObjectId, actor: Actor, jobId: string | Types.ObjectId): Promise<JobDoc | null> {
  const job = (await Job.findOne({ customerId, _id: new Types.ObjectId(jobId) }, JobFields).lean()) as JobDoc | null;
  return job && canViewJob(actor, job) ? job : null;
}

const isMember = (actor: Actor, job: Pick<JobDoc, 'memberIds'>) => (job.memberIds ?? []).some((id) => id.equals(actor._id));
const optionOf = (actor: Actor, job: Pick<JobDoc, '_id' | 'title' | 'status' | 'memberIds'>): TBoardJobOption => ({
  id: String(job._id),
  title: job.title,
  status: job.status as TJobStatus,
  mine: isMember(actor, job),
});

/**
 * The filters as a query on the job's applications (null when nothing can match: a tag none of the job's
 * candidates has). Days in stage are whole days since the stage was entered, so "at most 3 days" keeps
 * everything that entered less than 4 days ago.
 */
export async function boardFilter(customerId: Types.ObjectId, jobId: Types.ObjectId, filters: TBoardFilters, now: Date): Promise<Filter | null> {
  const filter: Filter = {};
  if (filters.source) filter.source = filters.source;
  if (filters.ownerId) filter.ownerId = new Types.ObjectId(filters.ownerId);
  const entered: Record<string, Date> = {};
  if (filters.minDays !== undefined) entered.$lte = new Date(now.getTime() - filters.minDays * DayMs);
  if (filters.maxDays !== undefined) entered.$gt = new Date(now.getTime() - (filters.maxDays + 1) * DayMs);
  if (Object.keys(entered).length) filter.stageEnteredAt = entered;
  if (filters.tag) {
    const tagged = await Candidate.find({ customerId, jobIds: jobId, tags: filters.tag }, { _id: 1 }).lean();
    if (!tagged.length) return null;
    filter.candidateId = { $in: tagged.map((c) => c._id) };
  }
  return filter;
}

const hasFilters = (filters: TBoardFilters) => Object.values(filters).some((v) => v !== undefined && v !== '');
const cursorOf = (row: CardRow) => `${row.stageEnteredAt.getTime()}_${String(row._id)}`;

/**
 * One page of a column, newest in the stage first, read along the index {customerId, jobId, stageId,
 * stageEnteredAt:-1, _id:-1}. The cursor is the last card's (stageEnteredAt, _id): the next page starts
 * strictly after it, so cards moved meanwhile neither repeat nor leave a gap among those that stayed.
 */
async function columnRows(customerId: Types.ObjectId, jobId: Types.ObjectId, stageId: Types.ObjectId, filter: Filter, cursor?: string) {
  const query: Filter = { customerId, jobId, stageId, ...filter };
  if (cursor) {
    const [ms, id] = cursor.split('_') as [string, string];
    const at = new Date(Number(ms));
    query.$or = [{ stageEnteredAt: { $lt: at } }, { stageEnteredAt: at, _id: { $lt: new Types.ObjectId(id) } }];
  }
  const rows = (await Application.find(query, CardFields)
    .sort({ stageEnteredAt: -1, _id: -1 })
    .limit(Pipeline.columnPageSize + 1)
    .lean()) as unknown as CardRow[];
  const more = rows.length > Pipeline.columnPageSize;
  const page = more ? rows.slice(0, Pipeline.columnPageSize) : rows;
  return { rows: page, nextCursor: more ? cursorOf(page[page.length - 1]!) : null };
}

/**
 * Open jobs for the picker: mine, then the company's other open jobs if I see all jobs, each newest first
 * along an index ({customerId, memberIds, createdAt} and {customerId, status, createdAt}) so a company with
 * thousands of open jobs costs one short index walk each.
 */
async function pickerJobs(customerId: Types.ObjectId, actor: Actor, current: JobDoc | null): Promise<TBoardJobOption[]> {
  const fields = { title: 1, status: 1 };
  const option = (job: { _id: Types.ObjectId; title: string; status: string }, mine: boolean): TBoardJobOption => ({ id: String(job._id), title: job.title, status: job.status as TJobStatus, mine });
  const mine = await Job.find({ customerId, memberIds: actor._id, status: 'open' }, fields).sort({ createdAt: -1 }).limit(BoardLimits.pickerJobs).lean();
  const room = BoardLimits.pickerJobs - mine.length;
  const others = canSeeAllJobs(actor) && room > 0
    ? await Job.find({ customerId, status: 'open', memberIds: { $ne: actor._id } }, fields).sort({ createdAt: -1 }).limit(room).lean()
    : [];
  const options = [...mine.map((j) => option(j, true)), ...others.map((j) => option(j, false))];
  if (current && !options.some((o) => o.id === String(current._id))) options.unshift(optionOf(actor, current));
  return options;
}

/** Which job the board shows: the one asked for (404 if not visible), else the one I last opened, else my latest open job, else (for those who see all jobs) the company's busiest open job. */
async function pickJob(customerId: Types.ObjectId, actor: Actor, jobId: string | undefined, remembered: Types.ObjectId | null) {
  if (jobId) {
    const job = await visibleJob(customerId, actor, jobId);
    if (!job) throw AppError.notFound('Job');
    return { job, picked: 'asked' as const };
  }
  if (remembered) {
    const job = await visibleJob(customerId, actor, remembered);
    if (job) return { job, picked: 'last_opened' as const };
  }
  const latest = (await Job.findOne({ customerId, memberIds: actor._id, status: 'open' }, JobFields).sort({ openedAt: -1, _id: -1 }).lean()) as JobDoc | null;
  if (latest) return { job: latest, picked: 'my_open_job' as const };
  // On no hiring team but sees every job (an admin): the company's busiest open job, not an empty board.
  const busiest = canSeeAllJobs(actor) ? ((await Job.findOne({ customerId, status: 'open' }, JobFields).sort({ applicantCount: -1 }).lean()) as JobDoc | null) : null;
  return busiest ? { job: busiest, picked: 'company_open_job' as const } : { job: null, picked: 'none' as const };
}

/** GET /api/workflow: the job's stages in order, each with its count and its first page of cards, plus the job picker. */
export async function getBoard({ customerId, actor, query, now = new Date() }: { customerId: Types.ObjectId; actor: Actor; query: TBoardFilters & { jobId?: string }; now?: Date }): Promise<TBoard> {
  const { jobId, ...filters } = query;
  // With a job asked for, the remembered one only decides whether to remember anew: read both at once.
  const [preference, asked] = await Promise.all([
    UserPreference.findOne({ customerId, userId: actor._id }, { boardJobId: 1 }).lean(),
    jobId ? pickJob(customerId, actor, jobId, null) : Promise.resolve(null),
  ]);
  const remembered = (preference?.boardJobId as Types.ObjectId | null | undefined) ?? null;
  const { job, picked } = asked ?? (await pickJob(customerId, actor, undefined, remembered));

  const [jobs, stages] = await Promise.all([pickerJobs(customerId, actor, job), job ? boardStages(customerId, job, filters, now) : Promise.resolve([])]);
  if (job && picked === 'asked' && !remembered?.equals(job._id)) {
    await UserPreference.updateOne({ customerId, userId: actor._id }, { $set: { boardJobId: job._id } }, { upsert: true });
  }
  return { job: job ? optionOf(actor, job) : null, picked, canMove: job ? canManageJob(actor, job) : false, stages, jobs };
}

async function boardStages(customerId: Types.ObjectId, job: JobDoc, filters: TBoardFilters, now: Date): Promise<TBoardStage[]> {
  const stages = job.stages as JobStage[];
  const filter = await boardFilter(customerId, job._id, filters, now);
  if (!filter) return stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind, count: 0, cards: [], nextCursor: null }));
  if (filter.candidateId) return taggedStages(customerId, job, stages, filter);
  const filtered = hasFilters(filters);
  const storedCounts = (job.stageCounts ?? {}) as Record<string, number>;
  const columns = await Promise.all(
    stages.map(async (stage) => {
      const [page, count] = await Promise.all([
        columnRows(customerId, job._id, stage._id, filter),
        filtered ? Application.countDocuments({ customerId, jobId: job._id, stageId: stage._id, ...filter }) : Promise.resolve(storedCounts[String(stage._id)] ?? 0),
      ]);
      return { stage, page, count };
    }),
  );
  // One presentCards call for every column: three lookups for the whole board, not three per column.
  const cards = await presentCards(customerId, columns.flatMap((c) => c.page.rows));
  const byId = new Map(cards.map((c) => [c.applicationId, c]));
  return columns.map(({ stage, page, count }) => ({
    id: String(stage._id),
    name: stage.name,
    kind: stage.kind,
    count: Math.max(0, count),
    cards: page.rows.map((r) => byId.get(String(r._id))!),
    nextCursor: page.nextCursor,
  }));
}

type LightRow = { _id: Types.ObjectId; stageId: Types.ObjectId; stageEnteredAt: Date };
const newestFirst = (a: LightRow, b: LightRow) => b.stageEnteredAt.getTime() - a.stageEnteredAt.getTime() || (String(b._id) < String(a._id) ? -1 : String(b._id) > String(a._id) ? 1 : 0);
const afterCursor = (cursor: string | undefined) => {
  if (!cursor) return () => true;
  const [ms, id] = cursor.split('_') as [string, string];
  return (r: LightRow) => r.stageEnteredAt.getTime() < Number(ms) || (r.stageEnteredAt.getTime() === Number(ms) && String(r._id) < id.toLowerCase());
};

/**
 * With a tag filter: the job's applications (three small fields each, one read along the job's index)
 * kept when their candidate has the tag, newest in the stage first. A lookup per tagged candidate in every
 * column and count would cost far more on a busy job.
 */
async function taggedRows(customerId: Types.ObjectId, jobId: Types.ObjectId, filter: Filter, stageId?: Types.ObjectId): Promise<LightRow[]> {
  const { candidateId, ...rest } = filter;
  const tagged = new Set((candidateId as { $in: Types.ObjectId[] }).$in.map(String));
  const rows = await Application.find({ customerId, jobId, ...(stageId ? { stageId } : {}), ...rest }, { candidateId: 1, stageId: 1, stageEnteredAt: 1 }).lean();
  return rows.filter((r) => tagged.has(String(r.candidateId))).sort(newestFirst) as LightRow[];
}

/** A page of light rows as cards, in their order. */
async function cardsOf(customerId: Types.ObjectId, rows: LightRow[]) {
  if (!rows.length) return [];
  const full = (await Application.find({ customerId, _id: { $in: rows.map((r) => r._id) } }, CardFields).lean()) as unknown as CardRow[];
  const byId = new Map(full.map((r) => [String(r._id), r]));
  return rows.map((r) => byId.get(String(r._id))).filter((r): r is CardRow => Boolean(r));
}

function pageOf(rows: LightRow[], cursor?: string) {
  const rest = rows.filter(afterCursor(cursor));
  const page = rest.slice(0, Pipeline.columnPageSize);
  return { page, nextCursor: rest.length > page.length ? `${page[page.length - 1]!.stageEnteredAt.getTime()}_${String(page[page.length - 1]!._id)}` : null };
}

async function taggedStages(customerId: Types.ObjectId, job: JobDoc, stages: JobStage[], filter: Filter): Promise<TBoardStage[]> {
  const rows = await taggedRows(customerId, job._id, filter);
  const columns = stages.map((stage) => {
    const inStage = rows.filter((r) => r.stageId.equals(stage._id));
    return { stage, count: inStage.length, ...pageOf(inStage) };
  });
  const cards = await presentCards(customerId, await cardsOf(customerId, columns.flatMap((c) => c.page)));
  const byId = new Map(cards.map((c) => [c.applicationId, c]));
  return columns.map(({ stage, page, count, nextCursor }) => ({ id: String(stage._id), name: stage.name, kind: stage.kind, count, cards: page.map((r) => byId.get(String(r._id))!), nextCursor }));
}

/** GET /api/workflow/stage: the next page of one column (same filters as the board). */
export async function getBoardStage({
  customerId,
  actor,
  query,
  now = new Date(),
}: {
  customerId: Types.ObjectId;
  actor: Actor;
  query: TBoardFilters & { jobId: string; stageId: string; cursor?: string };
  now?: Date;
}): Promise<TBoardColumnPage> {
  const { jobId, stageId, cursor, ...filters } = query;
  const job = await visibleJob(customerId, actor, jobId);
  if (!job) throw AppError.notFound('Job');
  const stage = (job.stages as JobStage[]).find((s) => String(s._id) === stageId.toLowerCase());
  if (!stage) throw AppError.notFound('Stage');
  const filter = await boardFilter(customerId, job._id, filters, now);
  if (!filter) return { cards: [], nextCursor: null };
  if (filter.candidateId) {
    const { page, nextCursor } = pageOf(await taggedRows(customerId, job._id, filter, stage._id), cursor);
    return { cards: await presentCards(customerId, await cardsOf(customerId, page)), nextCursor };
  }
  const page = await columnRows(customerId, job._id, stage._id, filter, cursor);
  return { cards: await presentCards(customerId, page.rows), nextCursor: page.nextCursor };
}
