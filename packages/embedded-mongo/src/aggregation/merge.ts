// $merge as the last stage of an aggregate, following
// https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/merge/: `into` (a name or { db, coll }),
// `on` (default _id; other fields need a unique index on exactly them), `let`, `whenMatched` (merge, replace,
// keepExisting, fail or an update pipeline with $$new) and `whenNotMatched` (insert, discard, fail).
import { ObjectId } from 'bson';
import { aggregate as mingoAggregate } from 'mingo';
import { keyString } from '../bson-compare.js';
import type { Collection } from '../collection.js';
import { withLockWait, type CommandContext } from '../command-context.js';
import { cloneDoc } from '../doc-utils.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { MINGO_OPTIONS } from '../mingo-options.js';
import { DATE_CONTEXT, renameDateOps } from './date-ops.js';

const WHEN_MATCHED = new Set(['merge', 'replace', 'keepExisting', 'fail']);
const WHEN_NOT_MATCHED = new Set(['insert', 'discard', 'fail']);

function field(doc: Doc, path: string): unknown {
  let v: unknown = doc;
  for (const p of path.split('.')) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc)[p] : undefined;
  return v;
}

function parse(spec: unknown, db: string) {
  const s = (typeof spec === 'string' ? { into: spec } : spec) as Doc | undefined;
  if (!s || typeof s !== 'object' || s.into === undefined) throw new MongoServerError(40414, "BSON field '$merge.into' is missing but a required field");
  const into = typeof s.into === 'string' ? { db, coll: s.into } : { db: ((s.into as Doc).db as string) ?? db, coll: (s.into as Doc).coll as string };
  if (typeof into.coll !== 'string' || !into.coll) throw new MongoServerError(13, 'Invalid $merge target namespace');
  const on = s.on === undefined ? ['_id'] : Array.isArray(s.on) ? (s.on as string[]) : [s.on as string];
  const whenMatched = s.whenMatched ?? 'merge';
  const whenNotMatched = (s.whenNotMatched ?? 'insert') as string;
  if (!Array.isArray(whenMatched) && !WHEN_MATCHED.has(whenMatched as string)) {
    throw new MongoServerError(2, `Enumeration value '${String(whenMatched)}' for field 'whenMatched' is not a valid value.`);
  }
  if (!WHEN_NOT_MATCHED.has(whenNotMatched)) throw new MongoServerError(2, `Enumeration value '${whenNotMatched}' for field 'whenNotMatched' is not a valid value.`);
  return { into, on, whenMatched, whenNotMatched, let: s.let as Doc | undefined };
}

function checkUniqueOn(coll: Collection | undefined, on: string[]): void {
  if (on.length === 1 && on[0] === '_id') return;
  const want = [...on].sort().join('\0');
  const ok = coll?.indexes.some((ix) => ix.unique && !ix.spec.partialFilterExpression && Object.keys(ix.spec.key).sort().join('\0') === want);
  if (!ok) throw new MongoServerError(51183, "Cannot find index to verify that join fields will be unique");
}

export async function writeMerge(cx: CommandContext, spec: unknown, results: Doc[]): Promise<void> {
  const m = parse(spec, cx.db);
  checkUniqueOn(cx.engine.getColl(m.into.db, m.into.coll), m.on);
  const { coll } = cx.engine.ensureColl(m.into.db, m.into.coll);
  const onKey = (d: Doc) => keyString(m.on.map((f) => field(d, f) ?? null));
  const byOn = new Map<string, string>();
  if (!(m.on.length === 1 && m.on[0] === '_id')) for (const [id, d] of coll.docs) byOn.set(onKey(d), id);
  const lookup = (d: Doc) => (m.on.length === 1 && m.on[0] === '_id' ? (coll.get(keyString(d._id)) ? keyString(d._id) : undefined) : byOn.get(onKey(d)));

  for (const r of results) {
    const doc = cloneDoc(r);
    for (const f of m.on) {
      const v = field(doc, f);
      if (f === '_id' && v === undefined) continue;
      if (v === undefined || v === null || Array.isArray(v)) throw new MongoServerError(51132, "$merge write error: 'on' field cannot be missing, null, undefined or an array");
    }
    const id = lookup(doc);
    if (id === undefined) {
      if (m.whenNotMatched === 'discard') continue;
      if (m.whenNotMatched === 'fail') throw new MongoServerError(13113, "$merge could not find a matching document in the target collection for at least one document in the source collection");
      const inserted = doc._id === undefined ? { _id: new ObjectId(), ...doc } : doc;
      const newId = await withLockWait(() => coll.insert(cx.write, inserted));
      if (byOn.size || !(m.on.length === 1 && m.on[0] === '_id')) byOn.set(onKey(inserted), newId);
      continue;
    }
    const target = coll.get(id)!;
    let next: Doc;
    if (Array.isArray(m.whenMatched)) {
      const vars: Doc = { new: doc };
      if (m.let) {
        const [ev] = mingoAggregate([doc], [{ $project: { _id: 0, ...Object.fromEntries(Object.entries(m.let).map(([k, e]) => [k, typeof e === 'number' || typeof e === 'boolean' ? { $literal: e } : e])) } }], MINGO_OPTIONS) as Doc[];
        Object.assign(vars, ev);
        if (!('new' in m.let)) vars.new = doc;
      }
      [next] = mingoAggregate([cloneDoc(target)], renameDateOps(m.whenMatched as Doc[]), { ...MINGO_OPTIONS, context: DATE_CONTEXT, variables: vars }) as Doc[];
      next = { ...next, _id: target._id };
    } else if (m.whenMatched === 'keepExisting') continue;
    else if (m.whenMatched === 'fail') {
      throw new MongoServerError(11000, `E11000 duplicate key error collection: ${coll.ns} index: _id_ dup key: { _id: ${JSON.stringify(target._id)} }`);
    } else {
      if (doc._id !== undefined && keyString(doc._id) !== id) {
        throw new MongoServerError(66, "$merge failed to update the matching document, did you attempt to modify the _id or the shard key?");
      }
      next = m.whenMatched === 'replace' ? { ...doc, _id: target._id } : { ...cloneDoc(target), ...doc, _id: target._id };
    }
    await withLockWait(() => coll.replace(cx.write, id, next));
  }
}
