import type { ClientSession, Types } from 'mongoose';
import { JobValidation } from '@hireflow/contracts/jobs';
import { Job } from '../../jobs/job.model';
import { StatusEvent } from '../../jobs/status-event.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';

/**
 * What vacancy-analysis needs of a job's status and hire events, kept on the job (`Job.vacancy`) in the same
 * transaction as each event, so the report reads the jobs only (a company's hires and status events grow
 * with its history; its jobs do not grow that fast). `rebuildVacancyHistories` recomputes it from the events
 * (the tally repair, the demo seed).
 */
export type VacancyHistory = {
  /** The first status event into open. */
  firstOpenAt: Date | null;
  /** The last status event, when it went to filled or closed. */
  endedAt: Date | null;
  /** Time on hold in the holds that ended; the current one runs from holdSince. */
  heldMs: number;
  holdSince: Date | null;
  /** The first hire of each application, oldest first: the openings are filled by these in order. */
  fills: Date[];
};

/** No job has more openings than this, so no more hires fill one. */
const MaxFills = JobValidation.maxHeadcount;

export const emptyVacancyHistory = (): VacancyHistory => ({ firstOpenAt: null, endedAt: null, heldMs: 0, holdSince: null, fills: [] });

/** The history after one more status event (events come in the order of their time). */
export function foldStatus(h: VacancyHistory, e: { to: string; at: Date }): VacancyHistory {
  const out = { ...h };
  if (e.to === 'open' && (!out.firstOpenAt || e.at < out.firstOpenAt)) out.firstOpenAt = e.at;
  if (out.holdSince && e.to !== 'on_hold') {
    out.heldMs += e.at.getTime() - out.holdSince.getTime();
    out.holdSince = null;
  }
  if (e.to === 'on_hold' && !out.holdSince) out.holdSince = e.at;
  out.endedAt = e.to === 'filled' || e.to === 'closed' ? e.at : null;
  return out;
}

/** Adds a job status event to the job's history (inside the caller's transaction). */
export async function recordVacancyStatus(customerId: Types.ObjectId, jobId: Types.ObjectId, e: { to: string; at: Date }, session?: ClientSession) {
  const job = await Job.findOne({ customerId, _id: jobId }, { vacancy: 1 }, { session }).lean();
  if (!job) return;
  const { fills: _fills, ...next } = foldStatus({ ...emptyVacancyHistory(), ...(job.vacancy ?? {}) } as VacancyHistory, e);
  await Job.updateOne({ customerId, _id: jobId }, { $set: Object.fromEntries(Object.entries(next).map(([k, v]) => [`vacancy.${k}`, v])) }, { session });
}

/** Adds first hires (the moments of applications' first moves into a hired stage) to their jobs' histories. */
export async function recordVacancyFills(customerId: Types.ObjectId, hires: { jobId: Types.ObjectId; at: Date }[], session?: ClientSession | null) {
  const byJob = new Map<string, { jobId: Types.ObjectId; at: Date[] }>();
  for (const h of hires) {
    const entry = byJob.get(String(h.jobId)) ?? { jobId: h.jobId, at: [] };
    entry.at.push(h.at);
    byJob.set(String(h.jobId), entry);
  }
  if (!byJob.size) return;
  await Job.bulkWrite(
    [...byJob.values()].map(({ jobId, at }) => ({
      updateOne: { filter: { customerId, _id: jobId }, update: { $push: { 'vacancy.fills': { $each: at, $sort: 1, $slice: MaxFills } } } },
    })),
    { session: session ?? undefined },
  );
}

/** Recomputes every job's history of a company from its status and hire events; answers how many jobs it wrote. */
export async function rebuildVacancyHistories(customerId: Types.ObjectId): Promise<{ jobs: number }> {
  const [jobs, statusRows, hireRows] = await Promise.all([
    Job.find({ customerId }, { _id: 1 }).lean(),
    StatusEvent.aggregate<{ _id: Types.ObjectId; events: { to: string; at: Date }[] }>([
      { $match: { customerId, entity: 'job' } },
      { $sort: { at: 1, _id: 1 } },
      { $group: { _id: '$entityId', events: { $push: { to: '$to', at: '$at' } } } },
    ]),
    StageEvent.aggregate<{ _id: Types.ObjectId; at: Date[] }>([
      { $match: { customerId, toKind: 'hired', daysToHire: { $ne: null } } },
      { $group: { _id: '$jobId', at: { $push: '$at' } } },
    ]),
  ]);
  const statusOf = new Map(statusRows.map((r) => [String(r._id), r.events]));
  const fillsOf = new Map(hireRows.map((r) => [String(r._id), r.at.sort((a, b) => a.getTime() - b.getTime()).slice(0, MaxFills)]));
  const ops = jobs.map((job) => {
    const history = (statusOf.get(String(job._id)) ?? []).reduce(foldStatus, emptyVacancyHistory());
    return { updateOne: { filter: { customerId, _id: job._id }, update: { $set: { vacancy: { ...history, fills: fillsOf.get(String(job._id)) ?? [] } } } } };
  });
  for (let i = 0; i < ops.length; i += 1_000) await Job.bulkWrite(ops.slice(i, i + 1_000), { ordered: false });
  return { jobs: ops.length };
}
