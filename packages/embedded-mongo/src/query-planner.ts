// Picks the cheapest access path for a filter: _id lookup, index equality/$in/range scan, an index
// walk that already yields the requested sort order, or a collection scan.
import { BSONRegExp, ObjectId } from 'bson';
import { Query } from 'mingo';
import { DATE_QUERY_OPTIONS, renameDateOpsInFilter } from './aggregation/date-ops.js';
import { keyString } from './bson-compare.js';
import type { Collection } from './collection.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import type { Index, RangeBound } from './index-manager.js';
import { splitNumericTypes } from './type-filter.js';
import { containsExoticNumbers, matchView, normaliseValue } from './match-normalise.js';
import { rewriteFilter } from './array-semantics.js';
import { compileCollatedFilter, containsString, sameCollation, type Collation } from './collation/collation.js';

interface FieldCond {
  eq?: unknown;
  hasEq?: boolean;
  in?: unknown[];
  range?: RangeBound;
  /** The range comes from an anchored regex: a byte-order bound, useless on a collated index. */
  regexRange?: boolean;
}

export interface Plan {
  docs: Iterable<Doc>;
  /** True when docs already come in the requested sort order. */
  sorted: boolean;
  /** True when every returned doc is known to match, so the filter need not be re-evaluated. */
  exact?: boolean;
  /** For exact plans: the number of matches without reading them. */
  count?: () => number;
  index?: string;
}

const isPlainObject = (v: unknown): v is Doc =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const isOperatorObject = (v: unknown): v is Doc => isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));

/** Values usable as index bounds: arrays and regexes have different match semantics. */
const indexable = (v: unknown) => v !== undefined && !Array.isArray(v) && !(v instanceof RegExp) && !(v instanceof BSONRegExp);

/** Literal prefix of an anchored, case-sensitive regex (`^abc`), which bounds an index range scan. */
function regexPrefix(pattern: unknown, options: unknown): string | undefined {
  let src: string;
  let flags = typeof options === 'string' ? options : '';
  if (pattern instanceof RegExp) [src, flags] = [pattern.source, pattern.flags + flags];
  else if (pattern instanceof BSONRegExp) [src, flags] = [pattern.pattern, pattern.options + flags];
  else if (typeof pattern === 'string') src = pattern;
  else return undefined;
  if (!src.startsWith('^') || /[im]/.test(flags)) return undefined;
  const m = /^\^((?:[^\\.*+?()[\]{}|^$]|\\[.*+?()[\]{}|^$\\/-])*)/.exec(src);
  const literal = m?.[1].replace(/\\(.)/g, '$1');
  // A quantifier right after the literal applies to its last character, which then is not required.
  if (!literal) return undefined;
  const rest = src.slice(1 + m![1].length);
  return /^[*?{]/.test(rest) ? literal.slice(0, -1) || undefined : literal;
}

function analyse(filter: Doc, out = new Map<string, FieldCond>()): Map<string, FieldCond> {
  for (const [field, v] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) analyse(sub, out);
      continue;
    }
    if (field.startsWith('$')) continue;
    const cond = out.get(field) ?? {};
    if (isOperatorObject(v)) {
      if ('$eq' in v && indexable(v.$eq)) Object.assign(cond, { eq: v.$eq, hasEq: true });
      if (Array.isArray(v.$in) && v.$in.length && v.$in.every(indexable)) cond.in = v.$in;
      const range: RangeBound = {};
      if (indexable(v.$gt) && v.$gt !== null) Object.assign(range, { lo: v.$gt, loInclusive: false });
      if (indexable(v.$gte) && v.$gte !== null) Object.assign(range, { lo: v.$gte, loInclusive: true });
      if (indexable(v.$lt) && v.$lt !== null) Object.assign(range, { hi: v.$lt, hiInclusive: false });
      if (indexable(v.$lte) && v.$lte !== null) Object.assign(range, { hi: v.$lte, hiInclusive: true });
      if (range.lo !== undefined || range.hi !== undefined) cond.range = range;
      const prefix = regexPrefix(v.$regex, v.$options);
      if (prefix && !cond.range) [cond.range, cond.regexRange] = [{ lo: prefix, loInclusive: true, hi: prefix + '\uffff', hiInclusive: false }, true];
    } else if (v instanceof RegExp || v instanceof BSONRegExp) {
      const prefix = v instanceof RegExp ? regexPrefix(v.source, v.flags) : regexPrefix(v.pattern, v.options);
      if (prefix) [cond.range, cond.regexRange] = [{ lo: prefix, loInclusive: true, hi: prefix + '\uffff', hiInclusive: false }, true];
    } else if (indexable(v)) {
      Object.assign(cond, { eq: v, hasEq: true });
    }
    out.set(field, cond);
  }
  return out;
}

interface Candidate {
  ix: Index;
  score: number;
  eq: unknown[];
  in?: unknown[];
  range?: RangeBound;
}

/** Scalars whose index equality is exactly MongoDB's query equality. */
const exactScalar = (v: unknown) =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v)) || v instanceof Date || v instanceof ObjectId;

/**
 * An equality-only filter fully answered by the chosen index (no re-check with mingo needed). `null` is
 * exact on a complete (non-sparse, non-partial) index: its null key holds both null and missing fields,
 * which is what `{ field: null }` matches (`{ customerId, mergedIntoId: null }` counts from the index).
 */
function isExact(filter: Doc, fields: string[], eq: unknown[], multikey: boolean, complete = false): boolean {
  const keys = Object.keys(filter);
  const exact = (v: unknown) => exactScalar(v) || (complete && v === null);
  return !multikey && keys.length === eq.length && eq.every(exact) && keys.every((k) => fields.slice(0, eq.length).includes(k) && exact(filter[k]));
}

/**
 * The conditions an index can serve: string comparisons only when the index's collation is the query's
 * (a binary index cannot find 'ANN' for a case-insensitive 'ann', nor a collated one serve binary order).
 */
function usableConds(ix: Index, conds: Map<string, FieldCond>, collation: Collation | undefined): Map<string, FieldCond> {
  const same = sameCollation(ix.spec.collation, collation);
  if (same && !ix.collation) return conds;
  const out = new Map<string, FieldCond>();
  for (const [f, c] of conds) {
    const u: FieldCond = {};
    if (c.hasEq && (same || !containsString(c.eq))) Object.assign(u, { eq: c.eq, hasEq: true });
    if (c.in && (same || !containsString(c.in))) u.in = c.in;
    if (c.range && !c.regexRange && (same || !containsString([c.range.lo, c.range.hi]))) u.range = c.range;
    out.set(f, u);
  }
  return out;
}

function candidateFor(ix: Index, allConds: Map<string, FieldCond>, collation?: Collation): Candidate | undefined {
  if (ix.inert || ix.spec.partialFilterExpression || ix.spec.hidden) return undefined;
  const conds = usableConds(ix, allConds, collation);
  const eq: unknown[] = [];
  for (const f of ix.fields) {
    const c = conds.get(f);
    // Null matches missing fields, which sparse indexes leave out.
    if (!c?.hasEq || (c.eq === null && !ix.complete)) break;
    eq.push(c.eq);
  }
  const next = ix.fields[eq.length];
  const c = next !== undefined ? conds.get(next) : undefined;
  let score = eq.length * 10;
  const cand: Candidate = { ix, score, eq };
  if (c?.in && (ix.complete || !c.in.includes(null))) {
    cand.in = c.in;
    score += 5;
  } else if (c?.range) {
    cand.range = c.range;
    score += 3;
  }
  if (!score) return undefined;
  if (ix.unique && eq.length === ix.fields.length) score += 100;
  cand.score = score;
  return cand;
}

/**
 * Documents for index-scan ids, produced lazily so a limited query stops early. Multikey entries can name
 * a document twice, and an open cursor may meet a document again after it moved in the index.
 */
function* idsToDocs(coll: Collection, ids: Iterable<string>): Generator<Doc> {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const doc = coll.get(id);
    if (doc) yield doc;
  }
}

function* inScans(ix: Index, eq: unknown[], values: unknown[]): Generator<string> {
  for (const v of values) yield* ix.scan([...eq, v]);
}

/** An equality-prefix scan is already ordered by the index fields that follow the prefix. */
function scanIsSorted(cand: Candidate, sort: Doc | undefined, collation?: Collation): boolean {
  if (!sort || cand.ix.multikey || !sameCollation(cand.ix.spec.collation, collation)) return false;
  const keys = Object.keys(sort);
  if (!keys.length) return false;
  const n = cand.eq.length;
  return keys.every((k, i) => cand.ix.fields[n + i] === k && Number(sort[k]) === cand.ix.dirs[n + i]);
}

function sortIndex(coll: Collection, sort: Doc | undefined, collation?: Collation): { ix: Index; reverse: boolean } | undefined {
  if (!sort) return undefined;
  const keys = Object.keys(sort);
  if (!keys.length) return undefined;
  for (const ix of coll.indexes) {
    if (!ix.complete || ix.multikey || ix.spec.hidden || ix.fields.length < keys.length) continue;
    if (!sameCollation(ix.spec.collation, collation)) continue;
    if (!keys.every((k, i) => ix.fields[i] === k)) continue;
    const same = keys.every((k, i) => Number(sort[k]) === ix.dirs[i]);
    const reversed = keys.every((k, i) => Number(sort[k]) === -ix.dirs[i]);
    if (same || reversed) return { ix, reverse: reversed };
  }
  return undefined;
}

/** A top-level $or whose every branch can use an index is answered by the union of those scans. */
function orUnion(coll: Collection, filter: Doc, collation?: Collation): Plan | undefined {
  const branches = filter.$or;
  if (!Array.isArray(branches) || !branches.length) return undefined;
  const plans: Plan[] = [];
  for (const b of branches) {
    if (!isPlainObject(b)) return undefined;
    const plan = planQuery(coll, b, undefined, collation);
    if (!plan.index) return undefined;
    plans.push(plan);
  }
  const seen = new Set<Doc>();
  const docs: Doc[] = [];
  for (const p of plans) {
    for (const d of p.docs) {
      if (seen.has(d)) continue;
      seen.add(d);
      docs.push(d);
    }
  }
  return { docs, sorted: false, index: [...new Set(plans.map((p) => p.index))].join('|') };
}

export function planQuery(coll: Collection, filter: Doc, sort?: Doc, collation?: Collation): Plan {
  const conds = analyse(filter);
  const idCond = conds.get('_id');
  // The _id index has the collection's (simple) collation: string _ids need binary comparison.
  const idUsable = !(collation && idCond && containsString([idCond.eq, idCond.in]));
  if (idUsable && idCond?.hasEq) {
    const doc = coll.get(keyString(idCond.eq));
    const exact = isExact(filter, ['_id'], [idCond.eq], false);
    return { docs: doc ? [doc] : [], sorted: true, index: '_id_', exact, count: exact ? () => (doc ? 1 : 0) : undefined };
  }
  if (idUsable && idCond?.in) return { docs: idsToDocs(coll, idCond.in.map(keyString)), sorted: false, index: '_id_' };
  let best: Candidate | undefined;
  for (const ix of coll.indexes) {
    const cand = candidateFor(ix, conds, collation);
    if (cand && (!best || cand.score > best.score)) best = cand;
  }
  if (best) {
    const { ix, eq } = best;
    const ids = best.in ? inScans(ix, eq, best.in) : ix.scan(eq, best.range);
    const exact = !collation && !ix.collation && !best.in && !best.range && isExact(filter, ix.fields, eq, ix.multikey, ix.complete);
    const count = exact && eq.length < ix.fields.length ? () => ix.countPrefix(eq) : undefined;
    return { docs: idsToDocs(coll, ids), sorted: !best.in && scanIsSorted(best, sort, collation), index: ix.name, exact, count };
  }
  const union = orUnion(coll, filter, collation);
  if (union) return union;
  const bySort = sortIndex(coll, sort, collation);
  if (bySort) {
    return { docs: idsToDocs(coll, bySort.ix.scan([], undefined, bySort.reverse)), sorted: true, index: bySort.ix.name };
  }
  const all = !Object.keys(filter).length;
  return { docs: coll.docs.values(), sorted: false, exact: all, count: all ? () => coll.docs.size : undefined };
}

/** A `hint` that names an index: by name or key pattern; `$natural` and empty hints name none. */
export function hintGiven(hint: unknown): boolean {
  if (typeof hint === 'string') return hint.length > 0;
  return isPlainObject(hint) && Object.keys(hint).length > 0 && !('$natural' in hint);
}

const sameKeyPattern = (a: Doc, b: Doc) => {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const norm = (v: unknown) => (typeof v === 'string' ? v : Number(v));
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && norm(a[k]) === norm(b[k]));
};

/** The index a hint names; 2 BadValue as MongoDB reports it when there is none. */
export function hintedIndex(coll: Collection, hint: unknown): Index {
  const ix = coll.indexes.find((i) => (typeof hint === 'string' ? i.name === hint : sameKeyPattern(i.spec.key as Doc, hint as Doc)));
  if (!ix) throw new MongoServerError(2, 'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index');
  return ix;
}

/**
 * The plan a hint forces: the named index, with bounds from the filter where it has any, else a walk of
 * the whole index (so a sparse or partial index yields only the documents it holds, as on MongoDB).
 */
export function hintedPlan(coll: Collection, hint: unknown, filter: Doc, sort?: Doc, collation?: Collation): Plan {
  const ix = hintedIndex(coll, hint);
  if (ix.text) throw new MongoServerError(2, 'hinting a text index is not supported by the embedded server');
  if (ix.inert) return { docs: [], sorted: true, index: ix.name };
  const cand = ix.spec.hidden ? undefined : candidateFor(ix, analyse(filter), collation);
  if (cand) {
    const ids = cand.in ? inScans(ix, cand.eq, cand.in) : ix.scan(cand.eq, cand.range);
    return { docs: idsToDocs(coll, ids), sorted: !cand.in && scanIsSorted(cand, sort, collation), index: ix.name };
  }
  const walk: Candidate = { ix, score: 0, eq: [] };
  return { docs: idsToDocs(coll, ix.scan([])), sorted: scanIsSorted(walk, sort, collation), index: ix.name };
}

/**
 * An index walk that yields matches already in `sort` order (equality prefix, then the sort keys), if
 * one exists. A limited query tries it first: when matches are common it finds enough of them long
 * before the best filtering plan would have read and sorted all of its matches.
 */
export function planSortedWalk(coll: Collection, filter: Doc, sort: Doc, collation?: Collation): Plan | undefined {
  const conds = analyse(filter);
  let best: Candidate | undefined;
  for (const ix of coll.indexes) {
    const cand = candidateFor(ix, conds, collation);
    if (!cand || cand.in || !scanIsSorted(cand, sort, collation)) continue;
    if (!best || cand.score > best.score) best = cand;
  }
  if (best) {
    const exact = !collation && !best.ix.collation && !best.range && isExact(filter, best.ix.fields, best.eq, best.ix.multikey);
    return { docs: idsToDocs(coll, best.ix.scan(best.eq, best.range)), sorted: true, index: best.ix.name, exact };
  }
  const bySort = sortIndex(coll, sort, collation);
  return bySort && { docs: idsToDocs(coll, bySort.ix.scan([], undefined, bySort.reverse)), sorted: true, index: bySort.ix.name };
}

export const normaliseFilter = (filter: Doc): Doc => (containsExoticNumbers(filter) ? normaliseValue(filter) : filter);

/** Compiled filter predicate; empty filters skip mingo entirely, and common shapes skip it too. */
export function compileFilter(given: Doc | undefined, collation?: Collation): (doc: Doc) => boolean {
  if (!given || !Object.keys(given).length) return () => true;
  if ('$text' in given) throw new MongoServerError(27, 'text index required for $text query');
  if (nestedText(given)) throw new MongoServerError(2, '$text is only supported at the top level of a filter (or in a top-level $and) by the embedded server');
  const typed = splitNumericTypes(given, (f) => compileFilter(f, collation));
  if (typed) {
    const rest = compileFilter(typed.rest, collation);
    return (doc) => rest(doc) && typed.tests.every((t) => t(doc));
  }
  const filter = renameDateOpsInFilter(rewriteFilter(given));
  if (collation && containsString(filter)) {
    const test = compileCollatedFilter(normaliseFilter(filter), collation, (f) => {
      const q = new Query(f, DATE_QUERY_OPTIONS);
      return (doc) => q.test(doc);
    });
    return (doc) => test(matchView(doc));
  }
  let q: Query | undefined;
  const slow = () => {
    q ??= new Query(normaliseFilter(filter), DATE_QUERY_OPTIONS);
    return (doc: Doc) => q!.test(doc);
  };
  const fast = fastPredicate(filter, slow);
  if (fast) return (doc) => fast(matchView(doc));
  const test = slow();
  return (doc) => test(matchView(doc));
}

/** `^literal` with no flags: the regex means "starts with", which needs no regex engine. */
function literalPrefixOf(value: unknown): string | undefined {
  let src: string;
  if (value instanceof RegExp) {
    if (value.flags) return undefined;
    src = value.source;
  } else if (value instanceof BSONRegExp) {
    if (value.options) return undefined;
    src = value.pattern;
  } else if (isPlainObject(value) && typeof value.$regex === 'string' && Object.keys(value).every((k) => k === '$regex' || (k === '$options' && value.$options === ''))) {
    src = value.$regex;
  } else return undefined;
  const m = /^\^((?:[^\\.*+?()[\]{}|^$]|\\[.*+?()[\]{}|^$\\/-])*)$/.exec(src);
  return m ? m[1].replace(/\\(.)/g, '$1') : undefined;
}

/** A test of one stored value against a filter value, for the shapes that need no query engine. */
function valueTest(v: unknown): ((x: unknown) => boolean) | undefined {
  if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v))) return (x) => x === v;
  if (v instanceof ObjectId) return (x) => x instanceof ObjectId && x.equals(v);
  const prefix = literalPrefixOf(v);
  if (prefix !== undefined) return (x) => typeof x === 'string' && x.startsWith(prefix);
  return undefined;
}

/**
 * Fast path for the most common filter shapes: top-level fields equal to a string, boolean, number or
 * ObjectId, or starting with a literal (`{ $regex: '^abc' }`), combined by `$and`. As in MongoDB, a
 * field matches when its value, or an element of its array, does.
 */
function fastPredicate(filter: Doc, slow: () => (doc: Doc) => boolean): ((doc: Doc) => boolean) | undefined {
  const tests: ((doc: Doc) => boolean)[] = [];
  for (const [field, v] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(v) && v.length) {
      for (const sub of v) {
        const test = isPlainObject(sub) ? fastPredicate(sub, slow) : undefined;
        if (!test) return undefined;
        tests.push(test);
      }
      continue;
    }
    if (field.startsWith('$') || field.includes('.')) return undefined;
    const test = valueTest(v);
    if (test) {
      tests.push((doc) => {
        const x = doc[field];
        return test(x) || (Array.isArray(x) && x.some(test));
      });
      continue;
    }
    const op = operatorTest(v);
    if (!op) return undefined;
    // An array value has MongoDB's own rules for ranges (each bound may match another element): mingo decides.
    tests.push((doc) => (Array.isArray(doc[field]) ? slow()(doc) : op(doc[field])));
  }
  return (doc) => tests.every((test) => test(doc));
}

/** The key of a scalar in a $in set: its type and value (ObjectIds by hex), or undefined for other values. */
function scalarKey(v: unknown): string | undefined {
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'number' && !Number.isNaN(v)) return `n${v}`;
  if (typeof v === 'boolean') return `b${v}`;
  if (v instanceof ObjectId) return `o${v.toHexString()}`;
  return undefined;
}

const rangeOps: Record<string, (c: number) => boolean> = { $gt: (c) => c > 0, $gte: (c) => c >= 0, $lt: (c) => c < 0, $lte: (c) => c <= 0 };

/**
 * `{ $in: [scalars] }` as a set lookup (one hash per document instead of comparing with every value) and
 * `$gt/$gte/$lt/$lte` on dates or on numbers, alone or together: the shapes report queries use
 * (`{ jobId: { $in: [...] }, at: { $gte, $lt } }`). Anything else is left to mingo.
 */
function operatorTest(v: unknown): ((x: unknown) => boolean) | undefined {
  if (!isPlainObject(v)) return undefined;
  if ('$ne' in v) {
    // `$ne` (a scalar, a date or null) beside the others: a missing field is not equal to a value but is to null.
    const { $ne: ne, ...others } = v;
    const same = ne === null ? (x: unknown) => x === null || x === undefined : ne instanceof Date ? (x: unknown) => x instanceof Date && x.getTime() === ne.getTime() : scalarKey(ne) !== undefined ? (x: unknown) => scalarKey(x) === scalarKey(ne) : undefined;
    if (!same) return undefined;
    const rest = Object.keys(others).length ? operatorTest(others) : () => true;
    return rest && ((x) => !same(x) && rest(x));
  }
  const keys = Object.keys(v);
  if (!keys.length) return undefined;
  if (keys.length === 1 && Array.isArray(v.$in)) {
    const set = new Set<string>();
    for (const item of v.$in) {
      const key = scalarKey(item);
      if (key === undefined) return undefined;
      set.add(key);
    }
    return (x) => {
      const key = scalarKey(x);
      return key !== undefined && set.has(key);
    };
  }
  if (!keys.every((k) => k in rangeOps)) return undefined;
  const bounds = keys.map((k) => [rangeOps[k]!, v[k]] as const);
  if (bounds.every(([, b]) => b instanceof Date)) {
    const at = bounds.map(([cmp, b]) => [cmp, (b as Date).getTime()] as const);
    return (x) => x instanceof Date && at.every(([cmp, t]) => cmp(x.getTime() - t));
  }
  if (bounds.every(([, b]) => typeof b === 'number' && !Number.isNaN(b))) {
    return (x) => typeof x === 'number' && !Number.isNaN(x) && bounds.every(([cmp, b]) => cmp(x - (b as number)));
  }
  return undefined;
}

export function* matching(plan: Plan, filter: Doc | undefined, collation?: Collation): Generator<Doc> {
  const test = plan.exact ? () => true : compileFilter(filter, collation);
  for (const doc of plan.docs) if (test(doc)) yield doc;
}


/** Whether a $text expression sits below the top level (in $or, $nor, $not, $elemMatch...). */
function nestedText(filter: Doc): boolean {
  const walk = (v: unknown): boolean =>
    Array.isArray(v) ? v.some(walk) : isPlainObject(v) ? Object.entries(v).some(([k, x]) => k === '$text' || walk(x)) : false;
  return Object.values(filter).some(walk);
}
