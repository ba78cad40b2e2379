// Date expression operators as the MongoDB 7.0 manual documents them, replacing mingo 7's, which add months
// without clamping (Jan 31 + 1 month gives Mar 3), ignore daylight-saving changes in $dateAdd and
// $dateFromParts, misplace $dateFromParts defaults and ISO weeks, and number $week one too high in some years.
// mingo looks its built-in operators up before any added ones, so pipelines are rewritten to call these under
// their own names ($dateAdd -> $__dateAdd, see renameDateOps).
// Pages: https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/<dateAdd|dateSubtract|dateDiff|
// dateTrunc|dateToParts|dateFromParts|week|isoWeek>/
import { ObjectId } from 'bson';
import { Context, evalExpr } from 'mingo/core';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { addUnits, UNIT_MS } from './date-math.js';
import { MINGO_OPTIONS } from '../mingo-options.js';

type Opts = Parameters<typeof evalExpr>[2];
type Op = (obj: unknown, expr: unknown, options: Opts) => unknown;

// ---- time zones -------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC at the instant, or a fixed offset; throws 40485 for an unknown zone. */
function zoneOf(tz: unknown): (ms: number) => number {
  if (tz === undefined || tz === null) return () => 0;
  if (typeof tz !== 'string') throw new MongoServerError(40517, `timezone must evaluate to a string, found ${typeof tz}`);
  const fixed = /^([+-])(\d{2}):?(\d{2})?$/.exec(tz);
  if (fixed) {
    const m = (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0)) * (fixed[1] === '-' ? -1 : 1);
    return () => m;
  }
  if (tz === 'UTC' || tz === 'GMT' || tz === 'Z') return () => 0;
  let f = formatters.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new MongoServerError(40485, `unrecognized time zone identifier: "${tz}"`);
    }
    formatters.set(tz, f);
  }
  const fmt = f;
  // Offsets change only at transitions, which fall on quarter hours: cached per quarter hour.
  let cache = zoneCache.get(tz);
  if (!cache) zoneCache.set(tz, (cache = new Map()));
  const memo = cache;
  return (ms) => {
    const q = Math.floor(ms / 900_000);
    let m = memo.get(q);
    if (m === undefined) {
      if (memo.size > 200_000) memo.clear();
      memo.set(q, (m = offsetOf(ms)));
    }
    return m;
  };
  function offsetOf(ms: number): number {
    const p: Record<string, number> = {};
    for (const part of fmt.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const d = new Date(0);
    d.setUTCFullYear(p.year, p.month - 1, p.day);
    d.setUTCHours(p.hour, p.minute, p.second, 0);
    return Math.round((d.getTime() - (ms - (((ms % 1000) + 1000) % 1000))) / 60000);
  }
}
const zoneCache = new Map<string, Map<number, number>>();

interface Zone {
  toLocal(ms: number): number;
  fromLocal(local: number): number;
}

function zone(tz: unknown): Zone {
  const off = zoneOf(tz);
  return {
    toLocal: (ms) => ms + off(ms) * 60000,
    // The instant whose wall-clock time is `local`; in a spring-forward gap, the time after the gap.
    fromLocal: (local) => {
      const first = local - off(local) * 60000;
      const second = local - off(first) * 60000;
      return second + off(second) * 60000 === local ? second : first;
    },
  };
}

// ---- helpers ----------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const utc = (y: number, mo: number, d = 1, h = 0, mi = 0, s = 0, ms = 0) => {
  const t = new Date(0);
  t.setUTCFullYear(y, mo, d);
  t.setUTCHours(h, mi, s, ms);
  return t.getTime();
};
const nil = (v: unknown) => v === null || v === undefined;

function dateMs(v: unknown, op: string): number {
  if (v instanceof Date) return v.getTime();
  if (v instanceof ObjectId) return v.getTimestamp().getTime();
  if (v && typeof v === 'object' && (v as { _bsontype?: string })._bsontype === 'Timestamp') return Number((v as { high: number }).high) * 1000;
  throw new MongoServerError(16006, `${op} requires a date, found ${v === null ? 'null' : typeof v}`);
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SHORT = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
function weekStart(v: unknown): number {
  if (nil(v)) return 0;
  const s = String(v).toLowerCase();
  const i = WEEKDAYS.indexOf(s) >= 0 ? WEEKDAYS.indexOf(s) : SHORT.indexOf(s);
  if (i < 0) throw new MongoServerError(5439015, `startOfWeek parameter must be a valid day of the week, found ${String(v)}`);
  return i;
}

function checkUnit(u: unknown, op: string): string {
  if (typeof u !== 'string' || !(u in UNIT_MS)) throw new MongoServerError(5166501, `${op} unit must be a valid time unit, found ${String(u)}`);
  return u;
}

/** ISO 8601 week-numbering year, week and weekday (1 = Monday) of a local date. */
function isoParts(local: number): { isoWeekYear: number; isoWeek: number; isoDayOfWeek: number } {
  const d = new Date(local);
  const dow = d.getUTCDay() || 7;
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + (4 - dow) * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - utc(year, 0, 1)) / DAY / 7) + 1;
  return { isoWeekYear: year, isoWeek: week, isoDayOfWeek: dow };
}

/** $week: weeks begin on Sunday; days before the year's first Sunday are week 0 (strftime %U). */
function sundayWeek(local: number): number {
  const d = new Date(local);
  const yday = Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - utc(d.getUTCFullYear(), 0, 1)) / DAY);
  return Math.floor((yday + 7 - d.getUTCDay()) / 7);
}

// ---- operators --------------------------------------------------------------------------------------------

function add(args: Doc, sign: number, op: string): Date | null {
  if (nil(args.startDate) || nil(args.unit) || nil(args.amount)) return null;
  const unit = checkUnit(args.unit, op);
  const amount = Number(args.amount);
  if (!Number.isInteger(amount)) throw new MongoServerError(5166405, `${op} expects integer amount of time units`);
  const start = dateMs(args.startDate, op);
  if (['hour', 'minute', 'second', 'millisecond'].includes(unit) || nil(args.timezone)) return new Date(addUnits(start, unit, sign * amount));
  // Days and longer are calendar units in the time zone: the wall-clock time is kept across DST changes.
  const z = zone(args.timezone);
  return new Date(z.fromLocal(addUnits(z.toLocal(start), unit, sign * amount)));
}

const $dateAdd: Op = (obj, expr, o) => add(evalExpr(obj, expr, o) as Doc, 1, '$dateAdd');
const $dateSubtract: Op = (obj, expr, o) => add(evalExpr(obj, expr, o) as Doc, -1, '$dateSubtract');

/** Start of the bin (binSize units, counted from 2000-01-01 in the zone) holding a local time. */
function truncLocal(local: number, unit: string, binSize: number, startOfWeek: number): number {
  const d = new Date(local);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (unit === 'year' || unit === 'quarter' || unit === 'month') {
    const per = unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1;
    const months = (y - 2000) * 12 + m;
    const bin = Math.floor(months / (per * binSize)) * per * binSize;
    return utc(2000 + Math.floor(bin / 12), ((bin % 12) + 12) % 12);
  }
  const ref2000 = utc(2000, 0, 1);
  if (unit === 'week') {
    // 2000-01-01 was a Saturday: the reference is the first startOfWeek day from it.
    const ref = ref2000 + ((startOfWeek - 6 + 7) % 7) * DAY;
    const days = Math.floor((Date.UTC(y, m, d.getUTCDate()) - ref) / DAY);
    return ref + Math.floor(days / (7 * binSize)) * 7 * binSize * DAY;
  }
  const size = UNIT_MS[unit] * binSize;
  return ref2000 + Math.floor((local - ref2000) / size) * size;
}

const $dateTrunc: Op = (obj, expr, o) => {
  const a = evalExpr(obj, expr, o) as Doc;
  if (nil(a.date) || nil(a.unit)) return null;
  const unit = checkUnit(a.unit, '$dateTrunc');
  const binSize = nil(a.binSize) ? 1 : Number(a.binSize);
  if (!Number.isInteger(binSize) || binSize <= 0) throw new MongoServerError(5439017, "$dateTrunc requires 'binSize' to be a positive integer");
  const z = zone(a.timezone);
  const local = z.toLocal(dateMs(a.date, '$dateTrunc'));
  return new Date(z.fromLocal(truncLocal(local, unit, binSize, weekStart(a.startOfWeek))));
};

const $dateDiff: Op = (obj, expr, o) => {
  const a = evalExpr(obj, expr, o) as Doc;
  if (nil(a.startDate) || nil(a.endDate) || nil(a.unit)) return null;
  const unit = checkUnit(a.unit, '$dateDiff');
  const startMs = dateMs(a.startDate, '$dateDiff');
  const endMs = dateMs(a.endDate, '$dateDiff');
  const z = zone(a.timezone);
  const [s, e] = [new Date(z.toLocal(startMs)), new Date(z.toLocal(endMs))];
  const months = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
  const days = (d: Date) => Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / DAY);
  switch (unit) {
    case 'year':
      return e.getUTCFullYear() - s.getUTCFullYear();
    case 'quarter':
      return Math.floor(months(e) / 3) - Math.floor(months(s) / 3);
    case 'month':
      return months(e) - months(s);
    case 'week': {
      const sow = weekStart(a.startOfWeek);
      const wk = (d: Date) => Math.floor((days(d) + 4 - sow + 7 * 1e6) / 7); // 1970-01-01 was a Thursday
      return wk(e) - wk(s);
    }
    case 'day':
      return days(e) - days(s);
    default: {
      // Hours and shorter: boundaries in absolute time (an hour boundary moves only with a fractional-hour zone).
      const size = UNIT_MS[unit];
      const shift = unit === 'hour' ? (((z.toLocal(startMs) - startMs) % size) + size) % size : 0;
      return Math.floor((endMs + shift) / size) - Math.floor((startMs + shift) / size);
    }
  }
};

function dateAndZone(obj: unknown, expr: unknown, o: Opts, op: string): number | null {
  let date: unknown;
  let tz: unknown;
  if (expr && typeof expr === 'object' && !Array.isArray(expr) && 'date' in (expr as Doc)) {
    const a = evalExpr(obj, expr, o) as Doc;
    [date, tz] = [a.date, a.timezone];
  } else {
    date = evalExpr(obj, Array.isArray(expr) ? expr[0] : expr, o);
  }
  if (nil(date)) return null;
  return zone(tz).toLocal(dateMs(date, op));
}

const $week: Op = (obj, expr, o) => {
  const local = dateAndZone(obj, expr, o, '$week');
  return local === null ? null : sundayWeek(local);
};
const $isoWeek: Op = (obj, expr, o) => {
  const local = dateAndZone(obj, expr, o, '$isoWeek');
  return local === null ? null : isoParts(local).isoWeek;
};

const $isoWeekYear: Op = (obj, expr, o) => {
  const local = dateAndZone(obj, expr, o, '$isoWeekYear');
  return local === null ? null : isoParts(local).isoWeekYear;
};

const $dateToParts: Op = (obj, expr, o) => {
  const a = evalExpr(obj, expr, o) as Doc;
  if (nil(a.date)) return null;
  const d = new Date(zone(a.timezone).toLocal(dateMs(a.date, '$dateToParts')));
  const time = { hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), millisecond: d.getUTCMilliseconds() };
  if (a.iso8601 === true) return { ...isoParts(d.getTime()), ...time };
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), ...time };
};

const $dateFromParts: Op = (obj, expr, o) => {
  const a = evalExpr(obj, expr, o) as Doc;
  const iso = !nil(a.isoWeekYear);
  if (iso && !nil(a.year)) throw new MongoServerError(40489, "$dateFromParts does not accept 'year' together with 'isoWeekYear'");
  const fields = iso ? ['isoWeekYear', 'isoWeek', 'isoDayOfWeek'] : ['year', 'month', 'day'];
  if (!iso && nil(a.year)) {
    if (!('year' in a) && !('isoWeekYear' in a)) throw new MongoServerError(40516, "$dateFromParts requires either 'year' or 'isoWeekYear' to be present");
    return null;
  }
  const num = (k: string, dflt: number, lo = -32768, hi = 32767) => {
    if (!(k in a) || a[k] === undefined) return dflt;
    const v = a[k];
    if (v === null) return NaN;
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new MongoServerError(40515, `'${k}' must evaluate to an integer, found ${typeof v}`);
    if (v < lo || v > hi) throw new MongoServerError(31034, `'${k}' must evaluate to a value in the range [${lo}, ${hi}]; value ${v} is not in range`);
    return v;
  };
  const first = num(fields[0], NaN, 1, 9999);
  const second = num(fields[1], 1);
  const third = num(fields[2], 1);
  const h = num('hour', 0);
  const mi = num('minute', 0);
  const s = num('second', 0);
  const ms = num('millisecond', 0);
  if ([first, second, third, h, mi, s, ms].some(Number.isNaN)) return null;
  let local: number;
  if (iso) {
    const jan4 = utc(first, 0, 4);
    const monday = jan4 - ((new Date(jan4).getUTCDay() || 7) - 1) * DAY;
    local = monday + ((second - 1) * 7 + (third - 1)) * DAY + ((h * 60 + mi) * 60 + s) * 1000 + ms;
  } else {
    local = utc(first, 0, 1) + 0;
    const t = new Date(local);
    t.setUTCMonth(second - 1, third);
    local = t.getTime() + ((h * 60 + mi) * 60 + s) * 1000 + ms;
  }
  return new Date(zone(a.timezone).fromLocal(local));
};

export const DATE_OPS: Record<string, Op> = {
  $__dateAdd: $dateAdd,
  $__dateSubtract: $dateSubtract,
  $__dateTrunc: $dateTrunc,
  $__dateDiff: $dateDiff,
  $__week: $week,
  $__isoWeek: $isoWeek,
  $__isoWeekYear: $isoWeekYear,
  $__dateToParts: $dateToParts,
  $__dateFromParts: $dateFromParts,
};

const RENAMED = new Set(Object.keys(DATE_OPS).map((k) => `$${k.slice(3)}`));

/** Renames the operators above inside any expression of a pipeline ($dateAdd -> $__dateAdd). */
export function renameDateOps<T>(v: T): T {
  if (Array.isArray(v)) return v.map(renameDateOps) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Doc = {};
    for (const [k, x] of Object.entries(v as Doc)) {
      if (k === '$literal') out[k] = x;
      else out[RENAMED.has(k) ? `$__${k.slice(1)}` : k] = renameDateOps(x);
    }
    return out as T;
  }
  return v;
}

/** mingo options for an update pipeline or a $merge pipeline: the operators above, on a renamed pipeline. */
export const DATE_CONTEXT = Context.init({ expression: DATE_OPS as never });

const hasExpr = (v: unknown): boolean =>
  Array.isArray(v) ? v.some(hasExpr) : !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.entries(v).some(([k, x]) => k === '$expr' || hasExpr(x));

/** A query filter whose `$expr` uses the operators above, renamed (the filter itself when it has no `$expr`). */
export const renameDateOpsInFilter = <T>(filter: T): T => (hasExpr(filter) ? renameDateOps(filter) : filter);

/** Query options with the operators above available (for filters passed through renameDateOpsInFilter). */
export const DATE_QUERY_OPTIONS = { ...MINGO_OPTIONS, context: DATE_CONTEXT };
