// Collation: MongoDB's ICU collation options mapped onto Intl.Collator (Node ships full ICU), used for
// matching (equality, $in, ranges), sorting, distinct and the keys of indexes created with a collation.
import { compareValues, typeRank } from '../bson-compare.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';

export interface Collation {
  /** The normalised spec, as MongoDB lists it on an index. */
  spec: Doc;
  compare: (a: string, b: string) => number;
  /** Same key for strings the collation considers equal (used for distinct and grouping). */
  key: (s: string) => string;
}

const isPlain = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const cache = new Map<string, Collation | undefined>();

/** The collation a spec asks for, or undefined for none / `{ locale: 'simple' }` (binary comparison). */
export function collationOf(raw: unknown): Collation | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlain(raw)) throw new MongoServerError(14, 'collation must be an object');
  const sig = JSON.stringify(raw);
  if (cache.has(sig)) return cache.get(sig);
  const c = build(raw);
  if (cache.size > 1000) cache.clear();
  cache.set(sig, c);
  return c;
}

function build(raw: Doc): Collation | undefined {
  if (typeof raw.locale !== 'string') throw new MongoServerError(40414, "BSON field 'locale' is missing but a required field");
  if (raw.locale === 'simple') return undefined;
  if (!Intl.Collator.supportedLocalesOf([raw.locale.replace(/@.*$/, '').replace('_', '-')]).length && raw.locale !== 'root') {
    throw new MongoServerError(2, `Field 'locale' is invalid in: ${JSON.stringify(raw)}`);
  }
  const strength = raw.strength === undefined ? 3 : Number(raw.strength);
  if (!Number.isInteger(strength) || strength < 1 || strength > 5) throw new MongoServerError(2, 'collation strength must be an integer 1 through 5');
  const caseLevel = raw.caseLevel === true;
  const caseFirst = raw.caseFirst === 'upper' || raw.caseFirst === 'lower' ? raw.caseFirst : 'off';
  const numericOrdering = raw.numericOrdering === true;
  const sensitivity = strength === 1 ? (caseLevel ? 'case' : 'base') : strength === 2 ? (caseLevel ? 'variant' : 'accent') : 'variant';
  const collator = new Intl.Collator(raw.locale === 'root' ? 'und' : raw.locale.replace('_', '-'), {
    sensitivity,
    numeric: numericOrdering,
    caseFirst: caseFirst === 'off' ? undefined : caseFirst,
    ignorePunctuation: raw.alternate === 'shifted',
  });
  const spec: Doc = {
    locale: raw.locale,
    caseLevel,
    caseFirst,
    strength,
    numericOrdering,
    alternate: raw.alternate === 'shifted' ? 'shifted' : 'non-ignorable',
    maxVariable: raw.maxVariable === 'space' ? 'space' : 'punct',
    normalization: raw.normalization === true,
    backwards: raw.backwards === true,
    version: '57.1',
  };
  const fold = (s: string) => {
    let t = s.normalize('NFD');
    if (strength === 1) t = t.replace(/\p{M}/gu, '');
    if (strength <= 2 && !caseLevel) t = t.toLowerCase();
    if (strength === 1 && caseLevel) t = t.normalize('NFC');
    return t;
  };
  return { spec, compare: collator.compare, key: fold };
}

/** Whether an index built with `indexCollation` orders and compares strings as `query` does. */
export function sameCollation(indexCollation: unknown, query: Collation | undefined): boolean {
  const ix = indexCollation === undefined ? undefined : collationOf(indexCollation);
  if (!ix || !query) return !ix && !query;
  return JSON.stringify(ix.spec) === JSON.stringify(query.spec);
}

/** BSON order with strings (also inside arrays and subdocuments) compared under the collation. */
export function collatedCompare(a: unknown, b: unknown, c: Collation): number {
  if (typeof a === 'string' && typeof b === 'string') return c.compare(a, b);
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const x = collatedCompare(a[i], b[i], c);
      if (x) return x;
    }
    return a.length - b.length;
  }
  if (isPlain(a) && isPlain(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const x = ka[i] < kb[i] ? -1 : ka[i] > kb[i] ? 1 : collatedCompare(a[ka[i]], b[kb[i]], c);
      if (x) return x;
    }
    return ka.length - kb.length;
  }
  return compareValues(a, b);
}

/** Canonical key for grouping values equal under the collation (strings folded). */
export function collatedKey(v: unknown, c: Collation, keyString: (v: unknown) => string): string {
  if (typeof v === 'string') return 's' + c.key(v);
  if (Array.isArray(v)) return 'a' + JSON.stringify(v.map((x) => collatedKey(x, c, keyString)));
  if (isPlain(v)) return 'O' + JSON.stringify(Object.entries(v).map(([k, x]) => [k, collatedKey(x, c, keyString)]));
  return keyString(v);
}

export const containsString = (v: unknown): boolean =>
  typeof v === 'string' || (Array.isArray(v) ? v.some(containsString) : isPlain(v) ? Object.values(v).some(containsString) : false);

type Pred = (doc: Doc) => boolean;

/** Candidate values of a path for matching: each value met, and for arrays the array and its elements. */
function candidates(doc: unknown, parts: string[], i = 0, out: unknown[] = []): unknown[] {
  if (i === parts.length) {
    out.push(doc);
    if (Array.isArray(doc)) out.push(...doc);
    return out;
  }
  if (Array.isArray(doc)) {
    const idx = /^\d+$/.test(parts[i]) ? Number(parts[i]) : -1;
    if (idx >= 0 && idx < doc.length) candidates(doc[idx], parts, i + 1, out);
    for (const el of doc) if (isPlain(el)) candidates(el, parts, i, out);
    return out;
  }
  if (!isPlain(doc)) return out;
  const next = doc[parts[i]];
  if (next === undefined) {
    if (i === parts.length - 1 || !(parts[i] in doc)) out.push(undefined);
    return out;
  }
  return candidates(next, parts, i + 1, out);
}

const isRegex = (v: unknown) => v instanceof RegExp || (typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'BSONRegExp');

/**
 * A filter predicate whose comparisons ($eq, implicit equality, $ne, $in, $nin, $gt/$gte/$lt/$lte, also
 * under $and/$or/$nor/$not) compare strings under the collation. Other operators ($regex, $elemMatch,
 * $expr, ...) are evaluated by `fallback` with binary comparison, as far as they go.
 */
export function compileCollatedFilter(filter: Doc, c: Collation, fallback: (f: Doc) => Pred): Pred {
  const parts: Pred[] = [];
  const rest: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) {
      const subs = v.map((sub) => compileCollatedFilter(isPlain(sub) ? sub : {}, c, fallback));
      parts.push(k === '$and' ? (d) => subs.every((s) => s(d)) : k === '$or' ? (d) => subs.some((s) => s(d)) : (d) => !subs.some((s) => s(d)));
    } else if (k.startsWith('$')) rest[k] = v;
    else {
      const p = fieldPredicate(k, v, c, fallback);
      if (p) parts.push(p);
      else rest[k] = v;
    }
  }
  if (Object.keys(rest).length) parts.push(fallback(rest));
  return (d) => parts.every((p) => p(d));
}

function fieldPredicate(path: string, cond: unknown, c: Collation, fallback: (f: Doc) => Pred): Pred | undefined {
  const parts = path.split('.');
  const eq = (vals: unknown[], x: unknown) => (x === null ? vals.some((v) => v === null || v === undefined) : vals.some((v) => v !== undefined && collatedCompare(v, x, c) === 0));
  const range = (vals: unknown[], x: unknown, ok: (n: number) => boolean) =>
    vals.some((v) => v !== undefined && !Array.isArray(v) && typeRank(v) === typeRank(x) && ok(collatedCompare(v, x, c)));
  if (!isPlain(cond) || !Object.keys(cond).some((k) => k.startsWith('$'))) {
    if (isRegex(cond)) return undefined;
    return (d) => eq(candidates(d, parts), cond);
  }
  const tests: ((vals: unknown[]) => boolean)[] = [];
  const nots: Pred[] = [];
  const rest: Doc = {};
  for (const [op, x] of Object.entries(cond)) {
    const inList = Array.isArray(x) && !x.some(isRegex) ? x : undefined;
    switch (op) {
      case '$eq':
        tests.push((vals) => eq(vals, x));
        break;
      case '$ne':
        tests.push((vals) => !eq(vals, x));
        break;
      case '$in':
        if (inList) tests.push((vals) => inList.some((y) => eq(vals, y)));
        else rest[op] = x;
        break;
      case '$nin':
        if (inList) tests.push((vals) => !inList.some((y) => eq(vals, y)));
        else rest[op] = x;
        break;
      case '$gt':
        tests.push((vals) => range(vals, x, (n) => n > 0));
        break;
      case '$gte':
        tests.push((vals) => range(vals, x, (n) => n >= 0));
        break;
      case '$lt':
        tests.push((vals) => range(vals, x, (n) => n < 0));
        break;
      case '$lte':
        tests.push((vals) => range(vals, x, (n) => n <= 0));
        break;
      case '$not': {
        const inner = isPlain(x) ? fieldPredicate(path, x, c, fallback) : undefined;
        if (inner) nots.push(inner);
        else rest[op] = x;
        break;
      }
      default:
        rest[op] = x;
    }
  }
  const fb = Object.keys(rest).length ? fallback({ [path]: rest }) : undefined;
  return (d) => {
    if (tests.length) {
      const vals = candidates(d, parts);
      if (!tests.every((t) => t(vals))) return false;
    }
    if (nots.some((n) => n(d))) return false;
    return !fb || fb(d);
  };
}
