// Filter and projection shapes where mingo's answer differs from MongoDB's, rewritten into equivalent
// forms mingo gets right (or applied here):
// - `$all: [a, b]` is `$and: [{ f: a }, { f: b }]`, so it also matches a scalar field holding the value;
// - `$type` also matches an array with an element of that type;
// - `$regex` with the `x` (extended) option: whitespace and `#` comments are removed from the pattern;
// - a `$slice` projection without inclusions keeps the other fields.
import type { Doc } from './errors.js';
import { numericAliases, typeAliases } from './type-filter.js';

const isPlain = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Pattern of an extended (`x`) regex without its unescaped whitespace and comments (kept inside [...]). */
export function stripExtended(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      out += ch + pattern[++i];
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (/\s/.test(ch)) continue;
    else if (ch === '#') {
      while (i < pattern.length && pattern[i] !== '\n') i++;
      continue;
    }
    out += ch;
  }
  return out;
}

function needsRewrite(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(needsRewrite);
  if (!isPlain(v)) return false;
  for (const [k, x] of Object.entries(v)) {
    if (k === '$all' || k === '$type') return true;
    if (k === '$options' && typeof x === 'string' && x.includes('x')) return true;
    if (needsRewrite(x)) return true;
  }
  return false;
}

/**
 * The filter with the shapes above rewritten; returns the same object when there is nothing to do. `top`:
 * the filter's top level (or a top-level `$and`), whose `$type` conditions type-filter.ts tests itself.
 */
export function rewriteFilter(filter: Doc, top = true): Doc {
  if (!needsRewrite(filter)) return filter;
  const out: Doc = {};
  const and: Doc[] = [];
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) out[k] = v.map((f) => (isPlain(f) ? rewriteFilter(f, top && k === '$and') : f));
    else if (k.startsWith('$') || !isPlain(v) || !Object.keys(v).some((o) => o.startsWith('$'))) out[k] = v;
    else {
      const { cond, extra } = rewriteCondition(k, v, top);
      if (Object.keys(cond).length) out[k] = cond;
      and.push(...extra);
    }
  }
  if (and.length) out.$and = [...((out.$and as Doc[] | undefined) ?? []), ...and];
  return out;
}

function rewriteCondition(field: string, cond: Doc, top: boolean): { cond: Doc; extra: Doc[] } {
  const out: Doc = {};
  const extra: Doc[] = [];
  for (const [op, x] of Object.entries(cond)) {
    if (op === '$all' && Array.isArray(x)) {
      // An empty $all matches nothing.
      if (!x.length) extra.push({ [field]: { $in: [] } });
      for (const v of x) extra.push({ [field]: isPlain(v) && '$elemMatch' in v ? { $elemMatch: v.$elemMatch } : { $eq: v } });
    } else if (op === '$type' && top && typeAliases(x)) {
      // Tested on the stored values by type-filter.ts (every BSON type, arrays included).
      out[op] = x;
    } else if (op === '$type' && !numericAliases(x)) {
      // Numeric and timestamp types are split off by type-filter, which looks into arrays itself.
      extra.push({ $or: [{ [field]: { $type: x } }, { [field]: { $elemMatch: { $type: x } } }] });
    } else if (op === '$options' && typeof x === 'string' && x.includes('x')) {
      const flags = x.replace(/x/g, '');
      if (flags) out.$options = flags;
    } else if (op === '$not' && isPlain(x) && needsRewrite(x)) {
      extra.push({ $nor: [rewriteFilter({ [field]: x }, false)] });
    } else if (op === '$elemMatch' && isPlain(x)) {
      out.$elemMatch = rewriteFilter(x, false);
    } else out[op] = x;
  }
  if (typeof cond.$options === 'string' && cond.$options.includes('x') && out.$regex !== undefined) {
    const r = out.$regex;
    out.$regex = typeof r === 'string' ? stripExtended(r) : r instanceof RegExp ? new RegExp(stripExtended(r.source), r.flags) : r;
  }
  return { cond: out, extra };
}

/** `$slice` projections in exclusion mode: the other fields stay (unless excluded). */
export function splitSliceProjection(projection: Doc): { slices: [string, unknown][]; rest: Doc } | undefined {
  const slices: [string, unknown][] = [];
  const rest: Doc = {};
  for (const [k, v] of Object.entries(projection)) {
    if (isPlain(v) && Object.keys(v).length === 1 && '$slice' in v) slices.push([k, v.$slice]);
    else rest[k] = v;
  }
  if (!slices.length) return undefined;
  // With any inclusion (other than _id) the projection is in inclusion mode, which mingo handles.
  const inclusion = Object.entries(rest).some(([k, v]) => k !== '_id' && !(v === 0 || v === false));
  return inclusion ? undefined : { slices, rest };
}

function sliceArray(arr: unknown[], spec: unknown): unknown[] {
  if (Array.isArray(spec)) {
    const [skip, limit] = spec.map(Number);
    const start = skip < 0 ? Math.max(0, arr.length + skip) : skip;
    return arr.slice(start, start + limit);
  }
  const n = Number(spec);
  return n >= 0 ? arr.slice(0, n) : arr.slice(Math.max(0, arr.length + n));
}

/** Applies `$slice` to a (shallow-copied along the path) document. */
export function applySlice(doc: Doc, path: string, spec: unknown): Doc {
  const parts = path.split('.');
  const walk = (v: unknown, i: number): unknown => {
    if (i === parts.length) return Array.isArray(v) ? sliceArray(v, spec) : v;
    if (Array.isArray(v)) return v.map((el) => (isPlain(el) ? walk(el, i) : el));
    if (!isPlain(v) || !(parts[i] in v)) return v;
    return { ...v, [parts[i]]: walk(v[parts[i]], i + 1) };
  };
  return walk(doc, 0) as Doc;
}
