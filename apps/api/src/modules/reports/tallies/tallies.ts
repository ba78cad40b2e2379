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
 * - hire  key: job id                 day    hired, time-to-hire histogram and sum
 * - user  key: user id                day    signIns, actions, moves, notes, interviewsScheduled, offers, mails
 * - job   key: job id                 month  applied, moves, notes, interviewsScheduled, offers, mails
 * - iv    key: interviewer id         day    interview counters (scheduled, completed, didNotHappen.<reason>, incident, recommendations, scorecard turnaround)
 * - ivjob key: job id                 day    the same interview counters per job
 * - ivday key: "all"                  day    the same interview counters for the whole company (each interview once)
 * - ivhm  key: hiring manager id now   day    the same interview counters per hiring manager of the job ("none": no manager)
 *
 * Every day-grained dimension also keeps a month roll-up (dimension `<dim>@m`, the same counters per
 * calendar month), written with the day document by the same $inc: a sum over two years then reads
 * 24 month documents per key and the days of the partial months at either end, not 730 days.
 */
export const TallyDims = {
  src: 'day',
  rej: 'day',
  rejby: 'day',
  hire: 'day',
  user: 'day',
  job: 'month',
  iv: 'day',
  ivjob: 'day',
  ivday: 'day',
  ivhm: 'day',
} as const;
export type TallyDim = keyof typeof TallyDims;

const DayMs = 86_400_000;

/** The UTC day (or month, for month-grained dimensions) a moment is counted in. */
export function periodOf(dim: TallyDim, at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), TallyDims[dim] === 'month' ? 1 : at.getUTCDate()));
  return d;
}

/** The stored dimension of a day-grained dimension's month roll-up. */
export const monthRollup = (dim: TallyDim) => `${dim}@m`;
const hasRollup = (dim: TallyDim) => TallyDims[dim] === 'day';
/** The stored dimensions behind these (each with its month roll-up): what a rebuild replaces, what a test compares. */
export const storedDims = (dims: readonly TallyDim[]): string[] => dims.flatMap((d) => (hasRollup(d) ? [d, monthRollup(d)] : [d]));
const monthOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

export const utcDay = (at: Date) => new Date(Math.floor(at.getTime() / DayMs) * DayMs);

/** One change of counters: `inc` maps counter paths (e.g. "entered.interview") to amounts. */
export type TallyBump = { customerId: Types.ObjectId; dim: TallyDim; key: string; at: Date; inc: Record<string, number> };

/**
 * Adds the bumps (inside the caller's transaction when given), merging bumps of the same document into one
 * write, to the day documents and their month roll-ups (`rollups: false`: the day documents only).
 */
export async function bumpTallies(bumps: TallyBump[], session?: ClientSession | null, { rollups = true } = {}) {
  const merged = new Map<string, { filter: Record<string, unknown>; inc: Record<string, number> }>();
  const add = (customerId: Types.ObjectId, dim: string, key: string, day: Date, inc: Record<string, number>) => {
    const id = `${String(customerId)}|${dim}|${key}|${day.getTime()}`;
    const entry = merged.get(id) ?? { filter: { customerId, dim, key, day }, inc: {} };
    for (const [path, amount] of Object.entries(inc)) {
      if (!amount) continue;
      entry.inc[`n.${path}`] = (entry.inc[`n.${path}`] ?? 0) + amount;
    }
    merged.set(id, entry);
  };
  for (const b of bumps) {
    add(b.customerId, b.dim, b.key, periodOf(b.dim, b.at), b.inc);
    if (rollups && hasRollup(b.dim)) add(b.customerId, monthRollup(b.dim), b.key, monthOf(b.at), b.inc);
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

/**
 * The sums over the range. For a day-grained dimension summed by key, month, company or in all, the whole
 * months of the range are read from the month roll-up and only the days of the partial months at either
 * end from the day documents; by day or week, the day documents.
 */
export async function sumTallies(q: TallyQuery): Promise<TallySums[]> {
  if (!hasRollup(q.dim) || q.groupBy === 'day' || q.groupBy === 'week') return sumStored(q, q.dim, q.from, q.until);
  // Whole months: from the first month that starts at or after `from` to the start of the month of `until`.
  const firstFull = q.from ? (monthOf(q.from).getTime() === q.from.getTime() ? q.from : new Date(Date.UTC(q.from.getUTCFullYear(), q.from.getUTCMonth() + 1, 1))) : undefined;
  const lastFull = q.until ? monthOf(q.until) : undefined;
  if (firstFull && lastFull && firstFull >= lastFull) return sumStored(q, q.dim, q.from, q.until);
  const parts = await Promise.all([
    sumStored(q, monthRollup(q.dim), firstFull, lastFull),
    q.from && firstFull && q.from < firstFull ? sumStored(q, q.dim, q.from, firstFull) : [],
    q.until && lastFull && lastFull < q.until ? sumStored(q, q.dim, lastFull, q.until) : [],
  ]);
  if (!parts[1].length && !parts[2].length) return parts[0];
  // Each row's sums are its own object (made by sumStored), so the first one of an id is kept and added to.
  const byId = new Map<string, Record<string, number>>();
  for (const part of parts) {
    for (const row of part) {
      const sums = byId.get(row.id);
      if (!sums) byId.set(row.id, row.sums);
      else for (const c of q.counters) sums[c] += row.sums[c]!;
    }
  }
  return [...byId.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, sums]) => ({ id, sums }));
}

/** One aggregation over the stored documents of one dimension (a day dimension or a month roll-up). */
async function sumStored(q: TallyQuery, dim: string, from: Date | undefined, until: Date | undefined): Promise<TallySums[]> {
  const match: Record<string, unknown> = { ...q.tenant, dim };
  if (from || until) match.day = { ...(from ? { $gte: from } : {}), ...(until ? { $lt: until } : {}) };
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
  const { plain, families } = splitCounters(q.counters);
  const aliases = plain.map(alias);
  plain.forEach((c, i) => (group[aliases[i]!] = { $sum: `$n.${c}` }));
  for (const f of families) group[f.alias] = { $push: `$n.${f.parent}` };
  const pipeline: PipelineStage[] = [{ $match: match }, { $group: group } as PipelineStage, { $sort: { _id: 1 } }];
  const agg = ReportTally.aggregate<Record<string, unknown>>(pipeline);
  if (q.crossTenant) agg.option({ crossTenant: true } as never);
  const rows = await agg;
  // A plain loop: a wide report maps thousands of rows of dozens of counters here.
  return rows.map((r) => {
    const sums: Record<string, number> = {};
    for (let i = 0; i < aliases.length; i++) sums[plain[i]!] = Number(r[aliases[i]!] ?? 0);
    for (const f of families) {
      for (const c of f.counters) sums[c] = 0;
      for (const part of (r[f.alias] as Record<string, unknown>[] | undefined) ?? []) {
        if (!part || typeof part !== 'object') continue;
        for (const leaf in part) {
          const counter = `${f.parent}.${leaf}`;
          if (f.wanted.has(counter)) sums[counter] += Number(part[leaf] ?? 0);
        }
      }
    }
    return { id: r._id == null ? '' : String(r._id), sums };
  });
}

/** A family of at least this many counters under one parent (a histogram's bins) is summed from pushed sub-documents. */
const FamilySize = 8;

/**
 * The counters summed one by one in the database, and the families (`tth.b0` … `tth.b37`: the bins of one
 * histogram) whose parent sub-documents are pushed and summed here. A histogram's documents hold a few of
 * its bins: one $sum per bin answered every bin of every group (2,000 jobs times 40 counters for
 * time-to-hire), where the pushed bins are the few each document has.
 */
function splitCounters(counters: readonly string[]) {
  const byParent = new Map<string, string[]>();
  for (const c of counters) {
    const dot = c.lastIndexOf('.');
    if (dot > 0) byParent.set(c.slice(0, dot), [...(byParent.get(c.slice(0, dot)) ?? []), c]);
  }
  const families = [...byParent.entries()]
    .filter(([, members]) => members.length >= FamilySize)
    .map(([parent, members]) => ({ parent, counters: members, wanted: new Set(members), alias: `h_${parent.replace(/[^A-Za-z0-9_]/g, '_')}` }));
  const inFamily = new Set(families.flatMap((f) => f.counters));
  return { plain: counters.filter((c) => !inFamily.has(c)), families };
}

/**
 * Rebuilding: each dimension's owner registers how to recompute its documents from the raw events of
 * one company (answering the bumps), and `rebuildTallies` replaces them a month at a time. A dimension
 * whose raw source is the tally itself (sign-ins, actions) is not rebuilt.
 */
export type TallyRebuilder = { dims: readonly TallyDim[]; counters?: (path: string) => boolean; rebuild: (customerId: Types.ObjectId) => Promise<TallyBump[]> };
const rebuilders: TallyRebuilder[] = [];
export function registerTallyRebuilder(r: TallyRebuilder) {
  rebuilders.push(r);
}

/**
 * Recomputes every rebuildable tally of a company from its raw events, one calendar month per transaction
 * (a large company's two years in one transaction would outlive the database's 60-second limit): each
 * month's day documents are replaced, then its month roll-up is summed from them (so counters with no raw
 * events, sign-ins, roll up too). A report read during a rebuild sees each month either old or new.
 * Answers how many documents were written.
 */
export async function rebuildTallies(customerId: Types.ObjectId): Promise<{ documents: number }> {
  const results = await Promise.all(rebuilders.map(async (r) => ({ r, bumps: await r.rebuild(customerId) })));
  let documents = 0;
  for (const { r, bumps } of results) {
    const dims = [...r.dims];
    const byMonth = new Map<number, TallyBump[]>();
    for (const b of bumps) {
      const month = monthOf(b.at).getTime();
      const list = byMonth.get(month);
      if (list) list.push(b);
      else byMonth.set(month, [b]);
    }
    // Months that hold documents now but get none from the rebuild are emptied (or, for kept counters, cleaned) too.
    const held = await ReportTally.aggregate<{ _id: Date }>([{ $match: { customerId, dim: { $in: dims } } }, { $group: { _id: { $dateTrunc: { date: '$day', unit: 'month' } } } }]);
    for (const m of held) if (!byMonth.has(m._id.getTime())) byMonth.set(m._id.getTime(), []);
    for (const month of [...byMonth.keys()].sort((a, b) => a - b)) {
      const days = { $gte: new Date(month), $lt: monthOf(new Date(month + 32 * DayMs)) };
      documents += await withTransaction(async (session) => {
        if (r.counters) {
          // Only some counters of these dimensions are derived: unset those and keep the others (e.g. sign-ins).
          const existing = await ReportTally.find({ customerId, dim: { $in: dims }, day: days }, { n: 1 }, { session }).lean();
          const unset: Record<string, ''> = {};
          for (const doc of existing) for (const path of Object.keys(leafCounters(doc.n as Record<string, unknown>))) if (r.counters(path)) unset[`n.${path}`] = '';
          if (Object.keys(unset).length) await ReportTally.updateMany({ customerId, dim: { $in: dims }, day: days }, { $unset: unset }, { session });
        } else {
          await ReportTally.deleteMany({ customerId, dim: { $in: dims }, day: days }, { session });
        }
        const monthBumps = byMonth.get(month)!;
        await bumpTallies(monthBumps, session, { rollups: false });
        const written = new Set(monthBumps.map((b) => `${b.dim}|${b.key}|${periodOf(b.dim, b.at).getTime()}`)).size;
        return written + (await rollUpMonth(customerId, dims.filter(hasRollup), days, session));
      });
    }
  }
  return { documents };
}

/** Replaces one month's roll-ups of these dimensions with the sums of its day documents; answers how many were written. */
async function rollUpMonth(customerId: Types.ObjectId, dims: TallyDim[], days: { $gte: Date; $lt: Date }, session: ClientSession): Promise<number> {
  if (!dims.length) return 0;
  await ReportTally.deleteMany({ customerId, dim: { $in: dims.map(monthRollup) }, day: days }, { session });
  const months = new Map<string, { customerId: Types.ObjectId; dim: string; key: string; day: Date; n: Record<string, unknown> }>();
  for (const doc of await ReportTally.find({ customerId, dim: { $in: dims }, day: days }, { dim: 1, key: 1, n: 1 }, { session }).lean()) {
    const id = `${doc.dim}|${doc.key}`;
    const month = months.get(id) ?? { customerId, dim: monthRollup(doc.dim as TallyDim), key: doc.key, day: days.$gte, n: {} };
    addCounters(month.n, doc.n as Record<string, unknown>);
    months.set(id, month);
  }
  const docs = [...months.values()];
  if (docs.length) await ReportTally.insertMany(docs, { session, lean: true });
  return docs.length;
}

/** Adds nested counters into `into` (the shape of `n`). */
function addCounters(into: Record<string, unknown>, from: Record<string, unknown>) {
  for (const [k, v] of Object.entries(from ?? {})) {
    if (v && typeof v === 'object') addCounters((into[k] ??= {}) as Record<string, unknown>, v as Record<string, unknown>);
    else if (typeof v === 'number') into[k] = ((into[k] as number | undefined) ?? 0) + v;
  }
}

/** The numeric leaves of a counters object, by dotted path. */
export function leafCounters(n: Record<string, unknown>, prefix = '', out: Record<string, number> = {}): Record<string, number> {
  for (const [k, v] of Object.entries(n ?? {})) {
    if (v && typeof v === 'object') leafCounters(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else if (typeof v === 'number') out[`${prefix}${k}`] = v;
  }
  return out;
}
