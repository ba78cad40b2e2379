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

/** The fields an inclusion projection keeps: true keeps a field whole, a nested tree keeps some of its fields. */
export type InclusionTree = Map<string, true | InclusionTree>;

/**
 * The tree of a projection that only includes fields ({ a: 1, 'b.c': true }, with _id unless { _id: 0 }), or
 * undefined when it does anything else (exclusions, expressions, positional or slices, array indexes, a path
 * inside another included one): those go to mingo.
 */
export function inclusionTree(projection: Doc): InclusionTree | undefined {
  const tree: InclusionTree = new Map([['_id', true]]);
  let included = 0;
  for (const [key, v] of Object.entries(projection)) {
    if (key === '_id' && (v === 0 || v === false)) tree.delete('_id');
    else if (v !== 1 && v !== true) return undefined;
    else if (key !== '_id') {
      const parts = key.split('.');
      if (parts.some((p) => p === '' || p.startsWith('$') || /^\d+$/.test(p))) return undefined;
      let node = tree;
      for (const part of parts.slice(0, -1)) {
        const next = node.get(part);
        if (next === true) return undefined;
        if (!next) node.set(part, (node = new Map()));
        else node = next;
      }
      if (node.has(parts.at(-1)!)) return undefined;
      node.set(parts.at(-1)!, true);
      included++;
    }
  }
  return included ? tree : undefined;
}

const isEmbeddedDoc = (v: unknown): v is Doc => v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/**
 * The document with only the fields of the tree, in its own order (kept values shared, not copied). As MongoDB
 * does: a path into an embedded document keeps its named fields (an empty document when it has none of them),
 * a path into an array applies to each document in it (and each nested array) and drops the other elements,
 * and a path into any other value leaves the field out.
 */
export function pickIncluded(doc: Doc, tree: InclusionTree): Doc {
  const out: Doc = {};
  for (const k in doc) {
    const keep = tree.get(k);
    if (keep === true) out[k] = doc[k];
    else if (keep) {
      const v = doc[k];
      if (isEmbeddedDoc(v)) out[k] = pickIncluded(v, keep);
      else if (Array.isArray(v)) out[k] = pickInArray(v, keep);
    }
  }
  return out;
}

function pickInArray(values: unknown[], tree: InclusionTree): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    if (isEmbeddedDoc(v)) out.push(pickIncluded(v, tree));
    else if (Array.isArray(v)) out.push(pickInArray(v, tree));
  }
  return out;
}
