// Document helpers: cloning that preserves BSON class instances, dotted-path access and sorting.
import { compareValues } from './bson-compare.js';
import type { Doc } from './errors.js';
import { pathValues } from './index-manager.js';
import { collatedCompare, collationOf, type Collation } from './collation/collation.js';

/** Deep-copies plain objects and arrays; BSON values (ObjectId, Binary, Date...) are immutable here and shared. */
export function cloneDoc<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneDoc) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Doc = {};
    for (const [k, x] of Object.entries(v as Doc)) out[k] = cloneDoc(x);
    return out as T;
  }
  if (v instanceof Date) return new Date(v.getTime()) as T;
  return v;
}

export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next && typeof next === 'object') cur = next as Doc;
    else {
      const created: Doc = {};
      cur[parts[i]] = created;
      cur = created;
    }
  }
  cur[parts[parts.length - 1]] = value;
}

/** Sort key of one field: arrays sort by their smallest (ascending) or largest (descending) element. */
function sortKey(doc: Doc, path: string, dir: number): unknown {
  const vals = pathValues(doc, path);
  if (!vals.length) return null;
  let best = vals[0];
  for (const v of vals) if (compareValues(v, best) * dir < 0) best = v;
  return best;
}

/** String comparator for a non-simple collation (MongoDB's ICU strengths mapped onto Intl.Collator). */
export function collatorFor(collation: unknown): ((a: string, b: string) => number) | undefined {
  return collationOf(collation)?.compare;
}

function compareWith(a: unknown, b: unknown, collation?: Collation): number {
  return collation ? collatedCompare(a, b, collation) : compareValues(a, b);
}

interface Keyed {
  doc: Doc;
  i: number;
  keys: unknown[];
}

/**
 * Sorts documents MongoDB-style. With `keep` (skip + limit) only that many leading documents are needed,
 * so a bounded insertion buffer replaces the full sort: paging without an index stays O(n log k).
 */
export function sortDocs(docs: Iterable<Doc>, sort: Doc, collation?: unknown, keep = 0): Doc[] {
  const strings = collationOf(collation);
  const fields = Object.entries(sort).filter(([, d]) => typeof d === 'number' || typeof d === 'string');
  const all = () => (Array.isArray(docs) ? docs : [...docs]);
  if (!fields.length) return all();
  if (fields.length === 1 && fields[0][0] === '$natural') return Number(fields[0][1]) < 0 ? all().reverse() : all();
  const dirs = fields.map(([, d]) => (Number(d) < 0 ? -1 : 1));
  const cmp = (a: Keyed, b: Keyed) => {
    for (let j = 0; j < dirs.length; j++) {
      const c = compareWith(a.keys[j], b.keys[j], strings);
      if (c) return c * dirs[j];
    }
    return a.i - b.i;
  };
  const keyOf = (doc: Doc, i: number): Keyed => ({ doc, i, keys: fields.map(([f], j) => sortKey(doc, f, dirs[j])) });
  if (keep > 0 && keep <= 1000) {
    const best: Keyed[] = [];
    let i = 0;
    for (const doc of docs) {
      const k = keyOf(doc, i++);
      if (best.length === keep && cmp(k, best[keep - 1]) >= 0) continue;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cmp(best[mid], k) <= 0) lo = mid + 1;
        else hi = mid;
      }
      best.splice(lo, 0, k);
      if (best.length > keep) best.pop();
    }
    return best.map((k) => k.doc);
  }
  const keyed = all().map(keyOf);
  keyed.sort(cmp);
  return keyed.map((k) => k.doc);
}

/**
 * The top-level fields a projection only includes ({ a: 1, b: true }, with _id unless { _id: 0 }), or
 * undefined when it does anything else (paths, exclusions, expressions, positional or slices).
 */
export function plainInclusion(projection: Doc): Set<string> | undefined {
  const fields = new Set<string>(['_id']);
  for (const [k, v] of Object.entries(projection)) {
    if (k.includes('.') || k.startsWith('$')) return undefined;
    if (k === '_id' && (v === 0 || v === false)) fields.delete('_id');
    else if (v === 1 || v === true) fields.add(k);
    else return undefined;
  }
  return fields.size > (fields.has('_id') ? 1 : 0) ? fields : undefined;
}

/** The document with only these top-level fields, in its own order (values shared, not copied). */
export function pickFields(doc: Doc, fields: Set<string>): Doc {
  const out: Doc = {};
  for (const k in doc) if (fields.has(k)) out[k] = doc[k];
  return out;
}
