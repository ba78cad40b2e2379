// $setWindowFields and $fill, following the MongoDB 7.0 manual
// (https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/setWindowFields/ and .../fill/).
// mingo 7 implements them through $function (refused here, scripts are off) and in O(n x window), so they run
// here: partitions are grouped and sorted once, expressions are evaluated in one mingo $project over all
// documents, and $sum/$avg/$count over `documents` windows use prefix sums (a running total is O(n)).
import { aggregate as mingoAggregate } from 'mingo';
import { compareValues } from '../bson-compare.js';
import { cloneDoc, setPath, sortDocs } from '../doc-utils.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { addUnits, UNIT_MS } from './date-math.js';

type Options = Record<string, unknown>;
type Bound = number | 'unbounded' | 'current';

interface OutputSpec {
  field: string;
  op: string;
  arg: unknown;
  window?: { documents?: [Bound, Bound]; range?: [Bound, Bound]; unit?: string };
}

const RANKS = new Set(['$rank', '$denseRank', '$documentNumber']);
const NEEDS_SORT = new Set(['$rank', '$denseRank', '$documentNumber', '$shift', '$derivative', '$integral', '$expMovingAvg', '$locf', '$linearFill']);

const isFieldPath = (e: unknown): e is string => typeof e === 'string' && e.startsWith('$') && !e.startsWith('$$');
const isNum = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const literal = (e: unknown) => (typeof e === 'number' || typeof e === 'boolean' || e === undefined ? { $literal: e ?? null } : e);

function parseOutputs(output: Doc): OutputSpec[] {
  return Object.entries(output).map(([field, spec]) => {
    if (!spec || typeof spec !== 'object') throw new MongoServerError(40272, `$setWindowFields output field '${field}' must be an object`);
    const { window, ...rest } = spec as Doc;
    const ops = Object.keys(rest);
    if (ops.length !== 1) throw new MongoServerError(40272, `Expected exactly one window function in output field '${field}'`);
    const w = window as OutputSpec['window'];
    if (w && w.documents && w.range) throw new MongoServerError(5339800, 'Window bounds can specify either \'documents\' or \'range\', not both');
    return { field, op: ops[0], arg: rest[ops[0]], window: w };
  });
}

/** The expression a function reads per document (evaluated once for all documents). */
function inputExpr(o: OutputSpec): unknown {
  const a = o.arg;
  switch (o.op) {
    case '$count':
    case '$rank':
    case '$denseRank':
    case '$documentNumber':
      return null;
    case '$shift':
      return (a as Doc).output;
    case '$derivative':
    case '$integral':
    case '$expMovingAvg':
      return (a as Doc).input;
    default:
      return a;
  }
}

function sortKeyOf(doc: Doc, path: string): unknown {
  let v: unknown = doc;
  for (const p of path.split('.')) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc)[p] : undefined;
  return v;
}

/** A '$a.b' expression's value: through arrays of subdocuments it gives the array of their values. */
function fieldPath(doc: unknown, path: string): unknown {
  const parts = path.split('.');
  const walk = (v: unknown, i: number): unknown => {
    if (i === parts.length) return v;
    if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? walk(x, i) : undefined)).filter((x) => x !== undefined);
    if (!v || typeof v !== 'object') return undefined;
    return walk((v as Doc)[parts[i]], i + 1);
  };
  return walk(doc, 0);
}

const asMs = (v: unknown): number | undefined => (v instanceof Date ? v.getTime() : isNum(v) ? v : undefined);

function bounds(w: [Bound, Bound], name: string): [Bound, Bound] {
  if (!Array.isArray(w) || w.length !== 2) throw new MongoServerError(ERR_BOUNDS, `Window bounds must be a 2-element array: ${name}`);
  return w;
}
const ERR_BOUNDS = 5339802;

export function setWindowFields(docs: Doc[], spec: Doc, options: Options): Doc[] {
  if (!spec || typeof spec !== 'object' || !spec.output || typeof spec.output !== 'object') {
    throw new MongoServerError(40414, "BSON field '$setWindowFields.output' is missing but a required field");
  }
  const outputs = parseOutputs(spec.output as Doc);
  const sortBy = spec.sortBy as Doc | undefined;
  const sortFields = sortBy ? Object.keys(sortBy) : [];
  for (const o of outputs) {
    if (NEEDS_SORT.has(o.op) && !sortBy) throw new MongoServerError(5371601, `${o.op} requires a sortBy`);
    if ((o.op === '$rank' || o.op === '$denseRank') && sortFields.length !== 1) {
      throw new MongoServerError(5371602, `${o.op} must be specified with a top level sortBy expression with exactly one element`);
    }
    if (o.window?.range && sortFields.length !== 1) {
      throw new MongoServerError(5339902, 'Range-based bounds require sortBy a single field');
    }
    const docBounds = o.window?.documents;
    if (docBounds && !sortBy && Array.isArray(docBounds) && (docBounds[0] !== 'unbounded' || docBounds[1] !== 'unbounded')) {
      throw new MongoServerError(5339901, 'Document-based bounds require a sortBy');
    }
    if ((o.op === '$derivative' || o.op === '$integral') && sortFields.length !== 1) {
      throw new MongoServerError(5624901, `${o.op} requires a sortBy with exactly one field`);
    }
    if (o.op === '$derivative' && !o.window) throw new MongoServerError(5624900, '$derivative requires explicit window bounds');
  }

  // Field paths are read directly; any other expression is evaluated in one mingo pass over all documents.
  // Columns: the partition key and each function's input per document (index i of `docs`).
  const exprs: unknown[] = [spec.partitionBy ?? null, ...outputs.map(inputExpr)];
  const complex = exprs.map((e, i) => [i, e] as const).filter(([, e]) => !isFieldPath(e) && e !== null && typeof e === 'object');
  const viaMingo = complex.length
    ? (mingoAggregate(docs, [{ $project: { _id: 0, ...Object.fromEntries(complex.map(([i, e]) => [`c${i}`, literal(e)])) } }], options) as Doc[])
    : undefined;
  const columns = exprs.map((x, c) => {
    if (isFieldPath(x)) {
      const path = x.slice(1);
      return path.includes('.') ? docs.map((d) => fieldPath(d, path)) : docs.map((d) => d[path]);
    }
    if (x !== null && typeof x === 'object') return viaMingo!.map((e) => e[`c${c}`]);
    return new Array<unknown>(docs.length).fill(x);
  });
  const [partCol, ...inputCols] = columns;

  // Partitions: grouped by key (BSON order), each sorted by sortBy (stable).
  const groups = new Map<string, { key: unknown; idx: number[] }>();
  for (let i = 0; i < docs.length; i++) {
    const key = partCol[i];
    const k = keyOf(key);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { key, idx: [] }));
    g.idx.push(i);
  }
  const parts = [...groups.values()].sort((a, b) => compareValues(a.key ?? null, b.key ?? null));
  const fields = sortFields.map((f) => [f, Number(sortBy![f]) < 0 ? -1 : 1] as const);
  const sortCols = fields.map(([f]) => docs.map((d) => (f.includes('.') ? sortKeyOf(d, f) : d[f]) ?? null));
  // Dates and numbers (the usual sort keys) compare as numbers; anything else in BSON order.
  const numeric = sortCols.map((col) => col.every((v) => v instanceof Date || typeof v === 'number'));
  const numCols = sortCols.map((col, j) => (numeric[j] ? Float64Array.from(col, (v) => (v instanceof Date ? v.getTime() : (v as number))) : undefined));
  const dateCols = sortCols.map((col) => col.some((v) => v instanceof Date) && col.some((v) => typeof v === 'number'));
  const cmpAt = (a: number, b: number) => {
    for (let j = 0; j < fields.length; j++) {
      const nc = numCols[j];
      const c = nc && !dateCols[j] ? (nc[a] < nc[b] ? -1 : nc[a] > nc[b] ? 1 : 0) : compareValues(sortCols[j][a], sortCols[j][b]);
      if (c) return c * fields[j][1];
    }
    return a - b;
  };
  const result: Doc[] = [];
  for (const part of parts) {
    const idx = part.idx;
    if (fields.length) idx.sort(cmpAt);
    const pdocs = idx.map((i) => docs[i]);
    const keys = fields.length === 1 ? idx.map((i) => sortKeyOf(docs[i], sortFields[0])) : [];
    const dir = fields.length === 1 ? fields[0][1] : 1;
    const values = outputs.map((o, c) => computeOutput(o, idx.map((i) => inputCols[c][i]), keys, dir, pdocs, sortBy, options));
    // Outputs go on copies: the input documents may be the stored ones (the stage counts as read-only).
    const dotted = outputs.some((o) => o.field.includes('.'));
    pdocs.forEach((d, j) => {
      const out = dotted ? cloneDoc(d) : { ...d };
      outputs.forEach((o, c) => {
        if (dotted) setPath(out, o.field, values[c][j]);
        else out[o.field] = values[c][j];
      });
      result.push(out);
    });
  }
  return result;
}

function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (v instanceof Date) return `d${v.getTime()}`;
  if (typeof v === 'number') return `n${v}`;
  if (typeof v === 'string') return `s${v}`;
  return `j${JSON.stringify(v)}`;
}

/** [start, end) of the window of each position. */
function windowRanges(o: OutputSpec, n: number, keys: unknown[], dir: number): (i: number) => [number, number] {
  const w = o.window;
  if (!w || (!w.documents && !w.range)) return () => [0, n];
  if (w.documents) {
    const [lo, hi] = bounds(w.documents, 'documents');
    const off = (b: Bound) => (b === 'current' ? 0 : b);
    if ((lo !== 'unbounded' && lo !== 'current' && !Number.isInteger(lo)) || (hi !== 'unbounded' && hi !== 'current' && !Number.isInteger(hi))) {
      throw new MongoServerError(ERR_BOUNDS, "Numeric document-based bounds must be an integer, 'unbounded' or 'current'");
    }
    if (lo !== 'unbounded' && hi !== 'unbounded' && (off(lo) as number) > (off(hi) as number)) {
      throw new MongoServerError(5339900, 'Lower bound must not exceed upper bound');
    }
    return (i) => {
      const s = lo === 'unbounded' ? 0 : Math.max(0, i + (off(lo) as number));
      const e = hi === 'unbounded' ? n : Math.min(n, i + (off(hi) as number) + 1);
      return [s, Math.max(s, e)];
    };
  }
  const [lo, hi] = bounds(w.range!, 'range');
  const unit = w.unit;
  if (unit && !(unit in UNIT_MS)) throw new MongoServerError(2, `unknown time unit value: ${unit}`);
  const ms = keys.map((k) => {
    const v = unit ? (k instanceof Date ? k.getTime() : undefined) : isNum(k) ? k : undefined;
    if (v === undefined) {
      throw new MongoServerError(
        unit ? 5429513 : 5429414,
        unit ? 'Invalid range: Expected the sortBy field to be a Date, but it was ' + typeName(k) : 'Invalid range: Expected the sortBy field to be a number, but it was ' + typeName(k),
      );
    }
    return v;
  });
  const edge = (i: number, b: Bound): number => {
    if (b === 'current') return ms[i];
    if (b === 'unbounded') return NaN;
    return unit ? addUnits(ms[i], unit, b) : ms[i] + b;
  };
  // Keys are sorted (ascending, or descending with dir -1): binary search the first index past a value.
  const firstIndex = (value: number, inclusive: boolean) => {
    let a = 0;
    let b = ms.length;
    while (a < b) {
      const m = (a + b) >> 1;
      const before = dir > 0 ? (inclusive ? ms[m] < value : ms[m] <= value) : inclusive ? ms[m] > value : ms[m] >= value;
      if (before) a = m + 1;
      else b = m;
    }
    return a;
  };
  return (i) => {
    const low = edge(i, lo);
    const high = edge(i, hi);
    let s: number;
    let e: number;
    if (dir > 0) {
      s = lo === 'unbounded' ? 0 : firstIndex(low, true);
      e = hi === 'unbounded' ? n : firstIndex(high, false);
    } else {
      s = hi === 'unbounded' ? 0 : firstIndex(high, true);
      e = lo === 'unbounded' ? n : firstIndex(low, false);
    }
    return [s, Math.max(s, e)];
  };
}

function typeName(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'double';
  if (v instanceof Date) return 'date';
  return typeof v;
}

function computeOutput(o: OutputSpec, vals: unknown[], keys: unknown[], dir: number, pdocs: Doc[], sortBy: Doc | undefined, options: Options): unknown[] {
  const n = vals.length;
  const out = new Array<unknown>(n);
  if (RANKS.has(o.op)) {
    if (o.window) throw new MongoServerError(5371601, `${o.op} does not accept a window`);
    let rank = 0;
    let dense = 0;
    for (let i = 0; i < n; i++) {
      const same = i > 0 && compareValues(keys[i] ?? null, keys[i - 1] ?? null) === 0;
      if (!same) {
        rank = i + 1;
        dense++;
      }
      out[i] = o.op === '$documentNumber' ? i + 1 : o.op === '$rank' ? rank : dense;
    }
    return out;
  }
  if (o.op === '$shift') {
    const a = o.arg as Doc;
    if (!Number.isInteger(a.by)) throw new MongoServerError(5433602, "'$shift:by' field must be an integer, but found " + String(a.by));
    const by = a.by as number;
    for (let i = 0; i < n; i++) {
      const j = i + by;
      out[i] = j >= 0 && j < n ? (vals[j] ?? null) : (a.default ?? null);
    }
    return out;
  }
  if (o.op === '$expMovingAvg') {
    const a = o.arg as Doc;
    if ((a.N !== undefined) === (a.alpha !== undefined)) throw new MongoServerError(5433603, "$expMovingAvg must have exactly one of 'N' or 'alpha'");
    if (a.N !== undefined && !(Number.isInteger(a.N) && (a.N as number) > 0)) throw new MongoServerError(5433603, "'N' field must be an integer greater than zero");
    if (a.alpha !== undefined && !(typeof a.alpha === 'number' && a.alpha > 0 && a.alpha < 1)) throw new MongoServerError(5433603, "'alpha' must be between 0 and 1 (exclusive)");
    const alpha = a.N !== undefined ? 2 / (Number(a.N) + 1) : Number(a.alpha);
    let prev: number | undefined;
    for (let i = 0; i < n; i++) {
      const v = vals[i];
      if (isNum(v)) prev = prev === undefined ? v : v * alpha + prev * (1 - alpha);
      out[i] = isNum(v) ? prev : null;
    }
    return out;
  }
  if (o.op === '$locf') {
    let last: unknown = null;
    for (let i = 0; i < n; i++) {
      if (vals[i] !== null && vals[i] !== undefined) last = vals[i];
      out[i] = last;
    }
    return out;
  }
  if (o.op === '$linearFill') {
    const x = keys.map(asMs);
    let prev = -1;
    for (let i = 0; i < n; i++) {
      const v = vals[i];
      if (isNum(v)) {
        out[i] = v;
        if (prev >= 0) {
          const pv = vals[prev] as number;
          for (let j = prev + 1; j < i; j++) out[j] = pv + ((v - pv) * (x[j]! - x[prev]!)) / (x[i]! - x[prev]!);
        }
        prev = i;
      } else out[i] = null;
    }
    return out;
  }

  const range = windowRanges(o, n, keys, dir);
  const unitMs = (u: unknown): number => {
    if (u === undefined) return 1;
    if (!(typeof u === 'string' && u in UNIT_MS) || u === 'month' || u === 'quarter' || u === 'year') {
      throw new MongoServerError(5490704, `${o.op} unit must be week, day, hour, minute, second or millisecond`);
    }
    return UNIT_MS[u];
  };
  switch (o.op) {
    case '$sum':
    case '$avg':
    case '$count': {
      // Prefix sums of numeric values and of their count.
      const sum = new Float64Array(n + 1);
      const cnt = new Float64Array(n + 1);
      for (let i = 0; i < n; i++) {
        const v = vals[i];
        const num = o.op === '$count' ? 1 : isNum(v) ? v : undefined;
        sum[i + 1] = sum[i] + (num ?? 0);
        cnt[i + 1] = cnt[i] + (num === undefined ? 0 : 1);
      }
      for (let i = 0; i < n; i++) {
        const [s, e] = range(i);
        if (o.op === '$avg') out[i] = cnt[e] - cnt[s] ? (sum[e] - sum[s]) / (cnt[e] - cnt[s]) : null;
        else if (o.op === '$sum' && vals.slice(s, e).some((v) => typeof v === 'number' && Number.isNaN(v))) out[i] = NaN;
        else out[i] = sum[e] - sum[s];
      }
      return out;
    }
    case '$min':
    case '$max': {
      const sign = o.op === '$min' ? 1 : -1;
      for (let i = 0; i < n; i++) {
        const [s, e] = range(i);
        let best: unknown;
        for (let j = s; j < e; j++) {
          const v = vals[j];
          if (v === null || v === undefined) continue;
          if (best === undefined || compareValues(v, best) * sign < 0) best = v;
        }
        out[i] = best ?? null;
      }
      return out;
    }
    case '$first':
    case '$last':
      for (let i = 0; i < n; i++) {
        const [s, e] = range(i);
        out[i] = e > s ? (vals[o.op === '$first' ? s : e - 1] ?? null) : null;
      }
      return out;
    case '$derivative': {
      const per = unitMs((o.arg as Doc).unit);
      const x = keys.map(asMs);
      for (let i = 0; i < n; i++) {
        const [s, e] = range(i);
        if (e - s < 2) {
          out[i] = null;
          continue;
        }
        const [y0, y1, x0, x1] = [vals[s], vals[e - 1], x[s], x[e - 1]];
        out[i] = isNum(y0) && isNum(y1) && x0 !== undefined && x1 !== undefined && x1 !== x0 ? ((y1 - y0) / (x1 - x0)) * per : null;
      }
      return out;
    }
    case '$integral': {
      const per = unitMs((o.arg as Doc).unit);
      const x = keys.map(asMs);
      // Prefix sums of the trapezoids between neighbours.
      const area = new Float64Array(n);
      for (let i = 1; i < n; i++) {
        const [a, b] = [vals[i - 1], vals[i]];
        const t = isNum(a) && isNum(b) && x[i] !== undefined && x[i - 1] !== undefined ? ((a + b) / 2) * ((x[i]! - x[i - 1]!) / per) : 0;
        area[i] = area[i - 1] + t;
      }
      for (let i = 0; i < n; i++) {
        const [s, e] = range(i);
        out[i] = e > s ? area[e - 1] - area[s] : null;
      }
      return out;
    }
    default: {
      // Any other accumulator ($push, $addToSet, $stdDevPop, ...): mingo's $group over the window's documents.
      const cache = new Map<string, unknown>();
      for (let i = 0; i < n; i++) {
        const [s, e] = range(i);
        const ck = `${s}:${e}`;
        if (!cache.has(ck)) {
          const win = pdocs.slice(s, e);
          const [g] = mingoAggregate(win, [{ $group: { _id: null, v: { [o.op]: o.arg } } }], options) as Doc[];
          cache.set(ck, g ? g.v : null);
        }
        out[i] = cache.get(ck);
      }
      void sortBy;
      return out;
    }
  }
}

/** $fill: the manual defines it as $setWindowFields with $locf / $linearFill, and `value` as $ifNull. */
export function fill(docs: Doc[], spec: Doc, options: Options): Doc[] {
  if (!spec || typeof spec !== 'object' || !spec.output || typeof spec.output !== 'object') {
    throw new MongoServerError(40414, "BSON field '$fill.output' is missing but a required field");
  }
  if (spec.partitionBy !== undefined && spec.partitionByFields !== undefined) {
    throw new MongoServerError(6050204, "Maximum one of 'partitionBy' and 'partitionByFields' can be specified in '$fill'");
  }
  const partitionBy =
    spec.partitionBy ?? (Array.isArray(spec.partitionByFields) ? Object.fromEntries((spec.partitionByFields as string[]).map((f) => [f, `$${f}`])) : undefined);
  const windowOut: Doc = {};
  const values: Doc = {};
  for (const [field, f] of Object.entries(spec.output as Doc)) {
    const m = f as Doc;
    if ('value' in m) values[field] = { $ifNull: [`$${field}`, m.value] };
    else if (m.method === 'locf') windowOut[field] = { $locf: `$${field}` };
    else if (m.method === 'linear') windowOut[field] = { $linearFill: `$${field}` };
    else throw new MongoServerError(6050203, "Exactly one of 'value' or 'method' must be specified in '$fill' output field " + field);
  }
  let out = docs;
  if (Object.keys(windowOut).length) {
    if (!spec.sortBy) throw new MongoServerError(6050202, "'sortBy' is required in '$fill' for method 'locf' or 'linear'");
    out = setWindowFields(out, { partitionBy, sortBy: spec.sortBy, output: windowOut }, options);
  } else if (spec.sortBy) out = sortDocs(out, spec.sortBy as Doc);
  if (Object.keys(values).length) out = mingoAggregate(out, [{ $addFields: values }], options) as Doc[];
  return out;
}
