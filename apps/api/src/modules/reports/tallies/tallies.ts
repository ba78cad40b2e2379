import type { ClientSession, PipelineStage, Types } from 'mongoose';
import { withTransaction } from '../../jobs/with-transaction';
import { ReportTally } from './report-tally.model';

/**
 * The maintained report figures (see report-tally.model). Each dimension has a grain and an owner that
 * writes it where its raw events are written, and a rebuilder that recomputes it from those events.
 *
 * - src   key: application source     day    stage counters (applied, entered/exited/open per kind, reached/passed, stay and time-to-hire histograms, rejections)
 * - rej   key: rejection reason       day    rejected, withdrew
 * - rejby key: user id who rejected   day    rejected
 * - user  key: user id                day    signIns, actions, moves, notes, interviewsScheduled, offers, mails
 * - job   key: job id                 month  applied, moves, notes, interviewsScheduled, offers, mails
 * - iv    key: interviewer id         day    interview counters (scheduled, completed, didNotHappen.<reason>, incident, recommendations, scorecard turnaround)
 * - ivjob key: job id                 month  the same interview counters per job
 * - ivday key: "all"                  day    the same interview counters for the whole company (each interview once)
 */
export const TallyDims = {
  src: 'day',
  rej: 'day',
  rejby: 'day',
  user: 'day',
  job: 'month',
  iv: 'day',
  ivjob: 'month',
  ivday: 'day',
} as const;
export type TallyDim = keyof typeof TallyDims;

const DayMs = 86_400_000;

/** The UTC day (or month, for month-grained dimensions) a moment is counted in. */
export function periodOf(dim: TallyDim, at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), TallyDims[dim] === 'month' ? 1 : at.getUTCDate()));
  return d;
}

export const utcDay = (at: Date) => new Date(Math.floor(at.getTime() / DayMs) * DayMs);

/** One change of counters: `inc` maps counter paths (e.g. "entered.interview") to amounts. */
export type TallyBump = { customerId: Types.ObjectId; dim: TallyDim; key: string; at: Date; inc: Record<string, number> };

/** Adds the bumps (inside the caller's transaction when given), merging bumps of the same document into one write. */
export async function bumpTallies(bumps: TallyBump[], session?: ClientSession | null) {
  const merged = new Map<string, { filter: Record<string, unknown>; inc: Record<string, number> }>();
  for (const b of bumps) {
    const day = periodOf(b.dim, b.at);
    const id = `${String(b.customerId)}|${b.dim}|${b.key}|${day.getTime()}`;
    const entry = merged.get(id) ?? { filter: { customerId: b.customerId, dim: b.dim, key: b.key, day }, inc: {} };
    for (const [path, amount] of Object.entries(b.inc)) {
      if (!amount) continue;
      entry.inc[`n.${path}`] = (entry.inc[`n.${path}`] ?? 0) + amount;
    }
    merged.set(id, entry);
  }
  const ops = [...merged.values()].filter((e) => Object.keys(e.inc).length > 0).map((e) => ({ updateOne: { filter: e.filter, update: { $inc: e.inc }, upsert: true } }));
  if (ops.length) await ReportTally.bulkWrite(ops, { session: session ?? undefined, ordered: false });
}

/** Bumps merged by document (company, dimension, key, period): what a rebuilder collects before it answers. */
export function bumpCollector() {
  const merged = new Map<string, TallyBump>();
  return {
    add(b: TallyBump) {
      const period = periodOf(b.dim, b.at);
      const id = `${b.dim}|${b.key}|${period.getTime()}`;
      const m = merged.get(id);
      if (!m) merged.set(id, { ...b, at: period, inc: { ...b.inc } });
      else for (const [k, v] of Object.entries(b.inc)) m.inc[k] = (m.inc[k] ?? 0) + v;
    },
    bumps: () => [...merged.values()],
  };
}

/** Sums of counters over a range, grouped by key, by period, or not at all; answered by one aggregation. */
export type TallyQuery = {
  /** The tenant match ({ customerId } or the platform's) the report context gives. */
  tenant: Record<string, unknown>;
  crossTenant: boolean;
  dim: TallyDim;
  counters: readonly string[];
  from?: Date;
  /** Exclusive. */
  until?: Date;
  keys?: readonly string[];
  groupBy: 'key' | 'day' | 'week' | 'month' | 'none' | 'customer';
};

/** Field-safe alias of a counter path in $group (dots are not allowed there). */
const alias = (path: string) => `c_${path.replace(/[^A-Za-z0-9_]/g, '_')}`;

export type TallySums = { id: string; sums: Record<string, number> };

export async function sumTallies(q: TallyQuery): Promise<TallySums[]> {
  const match: Record<string, unknown> = { ...q.tenant, dim: q.dim };
  if (q.from || q.until) match.day = { ...(q.from ? { $gte: q.from } : {}), ...(q.until ? { $lt: q.until } : {}) };
  if (q.keys) match.key = { $in: [...q.keys] };
  const groupId =
    q.groupBy === 'key' ? '$key'
    // The id itself (made a string below): the embedded database's $toString refuses an ObjectId.
    : q.groupBy === 'customer' ? '$customerId'
    : q.groupBy === 'day' ? { $dateToString: { date: '$day', format: '%Y-%m-%d' } }
    : q.groupBy === 'week' ? { $dateToString: { date: { $dateTrunc: { date: '$day', unit: 'week', startOfWeek: 'monday' } }, format: '%Y-%m-%d' } }
    : q.groupBy === 'month' ? { $dateToString: { date: '$day', format: '%Y-%m' } }
    : null;
  const group: Record<string, unknown> = { _id: groupId };
  // $sum skips a missing counter (most documents hold only some).
  for (const c of q.counters) group[alias(c)] = { $sum: `$n.${c}` };
  const pipeline: PipelineStage[] = [{ $match: match }, { $group: group } as PipelineStage, { $sort: { _id: 1 } }];
  const agg = ReportTally.aggregate<Record<string, unknown>>(pipeline);
  if (q.crossTenant) agg.option({ crossTenant: true } as never);
  const rows = await agg;
  return rows.map((r) => ({ id: r._id == null ? '' : String(r._id), sums: Object.fromEntries(q.counters.map((c) => [c, Number(r[alias(c)] ?? 0)])) }));
}

/**
 * Rebuilding: each dimension's owner registers how to recompute its documents from the raw events of
 * one company (answering the bumps), and `rebuildTallies` replaces them in one transaction. A dimension
 * whose raw source is the tally itself (sign-ins, actions) is not rebuilt.
 */
export type TallyRebuilder = { dims: readonly TallyDim[]; counters?: (path: string) => boolean; rebuild: (customerId: Types.ObjectId) => Promise<TallyBump[]> };
const rebuilders: TallyRebuilder[] = [];
export function registerTallyRebuilder(r: TallyRebuilder) {
  rebuilders.push(r);
}

/** Recomputes every rebuildable tally of a company from its raw events; answers how many documents were written. */
export async function rebuildTallies(customerId: Types.ObjectId): Promise<{ documents: number }> {
  const results = await Promise.all(rebuilders.map(async (r) => ({ r, bumps: await r.rebuild(customerId) })));
  let documents = 0;
  await withTransaction(async (session) => {
    for (const { r, bumps } of results) {
      if (r.counters) {
        // Only some counters of these dimensions are derived: unset those and keep the others (e.g. sign-ins).
        const existing = await ReportTally.find({ customerId, dim: { $in: [...r.dims] } }, { n: 1 }, { session }).lean();
        const unset: Record<string, ''> = {};
        for (const doc of existing) for (const path of flatPaths(doc.n as Record<string, unknown>)) if (r.counters(path)) unset[`n.${path}`] = '';
        if (Object.keys(unset).length) await ReportTally.updateMany({ customerId, dim: { $in: [...r.dims] } }, { $unset: unset }, { session });
      } else {
        await ReportTally.deleteMany({ customerId, dim: { $in: [...r.dims] } }, { session });
      }
      await bumpTallies(bumps, session);
      documents += new Set(bumps.map((b) => `${b.dim}|${b.key}|${periodOf(b.dim, b.at).getTime()}`)).size;
    }
  });
  return { documents };
}

/** Dotted paths of the numeric leaves of a counters object. */
export function flatPaths(n: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(n ?? {})) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') out.push(...flatPaths(v as Record<string, unknown>, path));
    else out.push(path);
  }
  return out;
}
