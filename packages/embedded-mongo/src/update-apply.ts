// Update semantics on top of mingo: operator updates, replacements, pipeline updates, $setOnInsert
// (mingo lacks it) and upsert seeding from the query's equality conditions.
import { ObjectId, Timestamp } from 'bson';
import { aggregate, update as mingoUpdate, Query } from 'mingo';
import { DATE_CONTEXT, renameDateOps } from './aggregation/date-ops.js';
import { compareValues, keyString } from './bson-compare.js';
import { cloneDoc, setPath } from './doc-utils.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import { MINGO_OPTIONS } from './mingo-options.js';
import { arithmetic } from './numeric-types.js';
import { checkConflicts, checkUpdateTargets, valueAt } from './update-checks.js';

const KNOWN_OPS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$push', '$pull', '$pullAll',
  '$addToSet', '$pop', '$currentDate', '$bit', '$setOnInsert',
]);

export type UpdateSpec = Doc | Doc[];

export interface ApplyOptions {
  arrayFilters?: Doc[];
  query?: Doc;
  /** Applying to a freshly seeded upsert document: $setOnInsert takes effect. */
  inserting?: boolean;
}

export function isOperatorUpdate(u: UpdateSpec): boolean {
  return !Array.isArray(u) && Object.keys(u).some((k) => k.startsWith('$'));
}

export function validateUpdate(u: unknown): UpdateSpec {
  if (Array.isArray(u)) return u as Doc[];
  if (!u || typeof u !== 'object') throw new MongoServerError(9, 'Update argument must be either an object or an array');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length && ops.length !== keys.length) {
    throw new MongoServerError(9, `Unknown modifier: ${keys.find((k) => !k.startsWith('$'))}. Expected a valid update modifier or pipeline-style update specified as an array`);
  }
  for (const op of ops) {
    if (!KNOWN_OPS.has(op)) throw new MongoServerError(9, `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
  }
  return u as Doc;
}

/** Returns the updated copy (input untouched) and whether anything changed. */
export function applyUpdate(doc: Doc, spec: UpdateSpec, opts: ApplyOptions = {}): { doc: Doc; modified: boolean } {
  if (Array.isArray(spec)) {
    const [out] = aggregate([cloneDoc(doc)], renameDateOps(spec), { ...MINGO_OPTIONS, context: DATE_CONTEXT }) as Doc[];
    const next = withIdFirst(out, doc._id);
    return { doc: next, modified: keyString(next) !== keyString(doc) };
  }
  if (!isOperatorUpdate(spec)) {
    if ('_id' in spec && keyString(spec._id) !== keyString(doc._id)) {
      throw new MongoServerError(66, "After applying the update, the (immutable) field '_id' was found to have been altered");
    }
    const next = withIdFirst(cloneDoc(spec), doc._id);
    return { doc: next, modified: keyString(next) !== keyString(doc) };
  }
  const next = cloneDoc(doc);
  const { $setOnInsert, ...mods } = spec;
  checkUpdateTargets(doc, opts.inserting ? spec : mods);
  if (!opts.inserting && $setOnInsert) checkConflicts(spec);
  // Arithmetic and comparisons keep BSON numeric types, which mingo does not: done here.
  let changed: string[] = applyTypedOperators(next, mods);
  let nonEmpty = Object.fromEntries(Object.entries(mods).filter(([, v]) => v && typeof v === 'object' && Object.keys(v).length));
  if (Object.keys(nonEmpty).length) {
    const paths = Object.values(nonEmpty).flatMap((v) => Object.keys(v as Doc));
    const positional = paths.some((p) => /(^|\.)\$(\.|$)/.test(p));
    let arrayFilters = opts.arrayFilters;
    if (paths.some((p) => p.includes('.$'))) ({ mods: nonEmpty, arrayFilters } = resolvePositional(doc, nonEmpty, opts.query, arrayFilters));
    try {
      if (Object.keys(nonEmpty).length) changed = changed.concat(mingoUpdate(next, nonEmpty, arrayFilters, positional ? opts.query : undefined, { queryOptions: MINGO_OPTIONS }));
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      throw new MongoServerError(/immutable field '_id'/.test(msg) ? 66 : 2, msg);
    }
  }
  if (opts.inserting && $setOnInsert && typeof $setOnInsert === 'object') {
    for (const [path, value] of Object.entries($setOnInsert as Doc)) setPath(next, path, cloneDoc(value));
    changed.push('$setOnInsert');
  }
  if (!opts.inserting && keyString(next._id) !== keyString(doc._id)) {
    throw new MongoServerError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return { doc: next, modified: changed.length > 0 };
}

/**
 * mingo refuses two paths under one positional part (`arr.$.a` and `arr.$.b`, `arr.$[].a` and `arr.$[].b`,
 * `arr.$[e].a` and `arr.$[e].b`) as a conflict, which MongoDB allows. For those paths the elements are
 * chosen once, on the document before the update, and written into the paths as indexes: `$` with mingo's
 * own matching of the query, `$[]` every element, `$[id]` the elements its array filter matches. Paths
 * that overlap were refused before; paths with a second positional part are left to mingo.
 */
function resolvePositional(doc: Doc, mods: Doc, query: Doc | undefined, arrayFilters: Doc[] | undefined): { mods: Doc; arrayFilters?: Doc[] } {
  const split = (p: string) => /^(.*?)\.(\$|\$\[\]|\$\[([a-z][a-zA-Z0-9]*)\])(?=\.|$)(.*)$/.exec(p);
  const counts = new Map<string, number>();
  for (const args of Object.values(mods)) {
    for (const p of Object.keys(args as Doc)) {
      const m = split(p);
      if (m) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
    }
  }
  if (![...counts.values()].some((n) => n > 1)) return { mods, arrayFilters };
  const indexes = new Map<string, number[] | undefined>();
  const elementsFor = (prefix: string, part: string, id: string | undefined): number[] | undefined => {
    const key = `${prefix}\0${part}`;
    if (indexes.has(key)) return indexes.get(key);
    let found: number[] | undefined;
    const arr = valueAt(doc, prefix);
    if (!Array.isArray(arr)) found = undefined;
    else if (part === '$[]') found = arr.map((_, i) => i);
    else if (id !== undefined) {
      const filter = arrayFilters?.find((f) => Object.keys(f ?? {}).some((k) => k === id || k.startsWith(id + '.')));
      if (filter) {
        const q = new Query(filter, MINGO_OPTIONS);
        found = arr.flatMap((el, i) => (q.test({ [id]: el }) ? [i] : []));
      }
    } else if (query) {
      const probe = cloneDoc(doc);
      const marker = `\u0000positional-${Math.random()}`;
      try {
        mingoUpdate(probe, { $set: { [prefix + '.$']: marker } }, undefined, query, { queryOptions: MINGO_OPTIONS });
        const i = (valueAt(probe, prefix) as unknown[]).indexOf(marker);
        found = i >= 0 ? [i] : undefined;
      } catch {
        found = undefined; // mingo reports the failure itself on the real update
      }
    }
    indexes.set(key, found);
    return found;
  };
  const out: Doc = {};
  for (const [op, args] of Object.entries(mods)) {
    const next: Doc = {};
    for (const [p, v] of Object.entries(args as Doc)) {
      const m = split(p);
      const found = m && counts.get(m[1])! > 1 && !/\.\$(\.|\[|$)/.test(m[4]) ? elementsFor(m[1], m[2], m[3]) : undefined;
      if (!found) next[p] = v;
      else for (const i of found) next[`${m![1]}.${i}${m![4]}`] = v;
    }
    if (Object.keys(next).length) out[op] = next;
  }
  // Identifiers no longer in any path are dropped (mingo would refuse an unused one).
  const used = new Set<string>();
  for (const args of Object.values(out)) for (const p of Object.keys(args as Doc)) for (const m of p.matchAll(/\$\[([a-z][a-zA-Z0-9]*)\]/g)) used.add(m[1]);
  const filters = arrayFilters?.filter((f) => Object.keys(f ?? {}).some((k) => used.has(k.split('.')[0])));
  return { mods: out, arrayFilters: filters?.length ? filters : undefined };
}

const TYPED_OPS = ['$inc', '$mul', '$min', '$max', '$addToSet', '$currentDate'] as const;

let timestampCounter = 0;

/** $currentDate: a Date, or a BSON Timestamp for { $type: 'timestamp' }. */
function currentDate(spec: unknown): Date | Timestamp {
  if (spec === true) return new Date();
  const type = spec && typeof spec === 'object' ? (spec as Doc).$type : undefined;
  if (type === 'date') return new Date();
  if (type === 'timestamp') return new Timestamp({ t: Math.floor(Date.now() / 1000), i: ++timestampCounter });
  throw new MongoServerError(2, "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}");
}

/** $addToSet: appends the values not already present, comparing as BSON does (subdocument field order included). */
function addToSet(current: unknown, arg: unknown): unknown[] | undefined {
  const each = arg && typeof arg === 'object' && !Array.isArray(arg) && '$each' in (arg as Doc) ? (arg as Doc).$each : [arg];
  if (!Array.isArray(each)) throw new MongoServerError(2, `The argument to $each in $addToSet must be an array but it was of type ${typeof each}`);
  const list = Array.isArray(current) ? [...current] : [];
  const seen = new Set(list.map((v) => keyString(v)));
  let added = current === undefined;
  for (const v of each) {
    const k = keyString(v);
    if (seen.has(k)) continue;
    seen.add(k);
    list.push(v);
    added = true;
  }
  return added ? list : undefined;
}

/**
 * Applies $inc, $mul, $min, $max, $addToSet and $currentDate on plain (non-positional) paths with BSON
 * typing and ordering, and removes them from `mods` so mingo applies only the rest. Returns the paths it
 * changed.
 */
function applyTypedOperators(next: Doc, mods: Doc): string[] {
  const changed: string[] = [];
  for (const op of TYPED_OPS) {
    const args = mods[op] as Doc | undefined;
    if (!args || typeof args !== 'object') continue;
    const rest: Doc = {};
    for (const [path, arg] of Object.entries(args)) {
      if (path.split('.').some((p) => p.startsWith('$'))) {
        rest[path] = arg;
        continue;
      }
      const current = valueAt(next, path);
      let value: unknown;
      if (op === '$addToSet') {
        value = addToSet(current, arg);
        if (value === undefined) continue;
      } else if (op === '$currentDate') value = currentDate(arg);
      else if (op === '$inc' || op === '$mul') value = arithmetic(op, current, arg);
      else if (current === undefined || compareValues(arg, current) * (op === '$min' ? 1 : -1) < 0) value = arg;
      else continue;
      if (current !== undefined && keyString(current) === keyString(value) && bsonKind(current) === bsonKind(value)) continue;
      setPath(next, path, cloneDoc(value));
      changed.push(path);
    }
    if (Object.keys(rest).length) mods[op] = rest;
    else delete mods[op];
  }
  return changed;
}

const bsonKind = (v: unknown) => (v && typeof v === 'object' ? Object.getPrototypeOf(v) : typeof v);

function withIdFirst(doc: Doc, id: unknown): Doc {
  const { _id, ...rest } = doc;
  return { _id: _id === undefined ? id : _id, ...rest };
}

/** Equality fields of the query become the initial upsert document, as MongoDB does. */
export function seedFromQuery(query: Doc, out: Doc = {}): Doc {
  for (const [k, v] of Object.entries(query)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const sub of v) if (sub && typeof sub === 'object') seedFromQuery(sub as Doc, out);
      continue;
    }
    if (k.startsWith('$')) continue;
    const isPlain = v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
    if (isPlain && Object.keys(v).some((x) => x.startsWith('$'))) {
      if ('$eq' in (v as Doc)) setPath(out, k, cloneDoc((v as Doc).$eq));
      continue;
    }
    if (v instanceof RegExp) continue;
    setPath(out, k, cloneDoc(v));
  }
  return out;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(query: Doc, spec: UpdateSpec, arrayFilters?: Doc[]): Doc {
  let doc: Doc;
  if (isOperatorUpdate(spec) || Array.isArray(spec)) {
    const seed = seedFromQuery(query);
    const base = { _id: seed._id ?? new ObjectId(), ...seed };
    doc = applyUpdate(base, spec, { arrayFilters, inserting: true }).doc;
  } else {
    const seedId = seedFromQuery(query)._id;
    doc = { _id: spec._id ?? seedId ?? new ObjectId(), ...cloneDoc(spec) };
  }
  return withIdFirst(doc, doc._id ?? new ObjectId());
}
