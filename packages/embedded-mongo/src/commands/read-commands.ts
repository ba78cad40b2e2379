// find, getMore, killCursors, count, distinct.
import { Long } from 'bson';
import { Query } from 'mingo';
import { compareValues, keyString } from '../bson-compare.js';
import { changeStreamsOf } from '../change-streams/streams.js';
import { collectionArg, cursorReply, optDoc, toInt, type CommandContext, type CommandHandler } from '../command-context.js';
import type { Collection } from '../collection.js';
import { inclusionTree, pickIncluded, sortDocs } from '../doc-utils.js';
import { applySlice, splitSliceProjection } from '../array-semantics.js';
import { collatedCompare, collatedKey, collationOf, type Collation } from '../collation/collation.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { pathValues } from '../index-manager.js';
import { matchView } from '../match-normalise.js';
import { MINGO_OPTIONS } from '../mingo-options.js';
import { compileFilter, hintedPlan, hintGiven, matching, normaliseFilter, planQuery, planSortedWalk } from '../query-planner.js';
import type { CommittedOverlay, LockOwner } from '../write-context.js';
import { hasText, missingScoreError, TEXT_SCORE, splitMetaProjection, textQueryDocs, textScoreOf } from '../text/text-search.js';

export interface FindOptions {
  filter?: Doc;
  sort?: Doc;
  /** Only affects string ordering in sorts; matching stays binary. */
  collation?: unknown;
  skip?: number;
  limit?: number;
  /**
   * Who is reading: a transaction (sees its own writes), undefined for a plain read (sees committed data
   * only), or 'latest' for the targeting phase of writes, which must see current state so lock checks fire.
   */
  reader?: LockOwner | 'latest';
  /** An index to use, by name or key pattern (`$natural` or none: the planner chooses). */
  hint?: unknown;
}

function* sliced(docs: Iterable<Doc>, skip: number, limit: number): Generator<Doc> {
  let i = 0;
  let n = 0;
  for (const d of docs) {
    if (i++ < skip) continue;
    if (limit && n >= limit) return;
    n++;
    yield d;
  }
}

/** Matching documents of a collection in the requested order (lazily when no in-memory sort is needed). */
export function queryDocs(coll: Collection | undefined, opts: FindOptions): Iterable<Doc> {
  if (hasText(opts.filter)) return textQueryDocs(coll, { ...opts, filter: opts.filter! });
  if (!coll) return [];
  const sort = opts.sort && Object.keys(opts.sort).length ? opts.sort : undefined;
  const collation = effectiveCollation(coll, opts.collation);
  const collated = !!collation;
  // A collated sort is done in memory (collated indexes serve its filter, not its order).
  const hinted = hintGiven(opts.hint);
  const plan = hinted
    ? hintedPlan(coll, opts.hint, opts.filter ?? {}, collated ? undefined : sort, collation)
    : planQuery(coll, opts.filter ?? {}, collated ? undefined : sort, collation);
  const overlay = opts.reader === 'latest' ? undefined : coll.overlay(opts.reader);
  const keep = opts.limit ? (opts.skip ?? 0) + opts.limit : 0;
  if (sort && keep && !plan.sorted && !collated && !overlay && !hinted) {
    const early = firstInSortOrder(coll, opts.filter ?? {}, sort, keep);
    if (early) return sliced(early, opts.skip ?? 0, opts.limit ?? 0);
  }
  let docs: Iterable<Doc> = matching(plan, opts.filter, collation);
  if (overlay) docs = committedView(docs, overlay, opts.filter, collation);
  if (sort && (!plan.sorted || collated || overlay)) docs = sortDocs(docs, sort, collation?.spec, keep);
  return sliced(docs, opts.skip ?? 0, opts.limit ?? 0);
}

/**
 * The first `keep` matches in sort order from an index walk, if they turn up within a bounded number of
 * documents read (a trial, like MongoDB's plan ranking); undefined sends the query to its filtering plan.
 */
function firstInSortOrder(coll: Collection, filter: Doc, sort: Doc, keep: number): Doc[] | undefined {
  const walk = planSortedWalk(coll, filter, sort);
  if (!walk) return undefined;
  const budget = Math.max(1_000, keep * 20);
  const test = walk.exact ? () => true : compileFilter(filter);
  const found: Doc[] = [];
  let read = 0;
  for (const doc of walk.docs) {
    if (++read > budget) return undefined;
    if (test(doc) && found.push(doc) >= keep) return found;
  }
  return found;
}

/**
 * How many documents match (after skip, up to limit). An exact index plan counts from index positions,
 * so counting a tenant's 100,000 users reads none of them; transactions with pending writes iterate.
 */
export function countDocs(coll: Collection | undefined, opts: Omit<FindOptions, 'sort'>): number {
  if (!coll) return 0;
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  const collation = effectiveCollation(coll, opts.collation);
  const plan = opts.reader === 'latest' || coll.overlay(opts.reader) || hintGiven(opts.hint) ? undefined : planQuery(coll, opts.filter ?? {}, undefined, collation);
  if (plan?.count) {
    const n = Math.max(0, plan.count() - skip);
    return limit ? Math.min(n, limit) : n;
  }
  let n = 0;
  for (const d of queryDocs(coll, opts)) if (d) n++;
  return n;
}

/** Swaps documents with uncommitted changes for their committed versions (read committed). */
function* committedView(docs: Iterable<Doc>, overlay: CommittedOverlay, filter: Doc | undefined, collation?: Collation): Generator<Doc> {
  for (const d of docs) if (!overlay.hidden.has(keyString(d._id))) yield d;
  const test = compileFilter(filter, collation);
  for (const d of overlay.committed) if (test(d)) yield d;
}

/** mingo emits _id last; MongoDB keeps the stored field order (so _id first). */
function inDocOrder(out: Doc, original: Doc): Doc {
  const keys = Object.keys(out);
  const order = new Map(Object.keys(original).map((k, i) => [k, i]));
  keys.sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  const res: Doc = {};
  for (const k of keys) res[k] = out[k];
  return res;
}

/** Applies a find projection lazily; the filter is only needed for positional (`a.$`) projections. */
export function* project(docs: Iterable<Doc>, projection: Doc | undefined, filter?: Doc): Generator<Doc> {
  if (!projection || !Object.keys(projection).length) return yield* docs;
  const { rest, meta } = splitMetaProjection(projection);
  if (meta.length) {
    for (const doc of project(docs, rest, filter)) {
      const score = textScoreOf(doc);
      if (score === undefined) throw missingScoreError();
      const out = { ...doc };
      for (const k of meta) out[k] = score;
      yield out;
    }
    return;
  }
  const sliced = splitSliceProjection(projection);
  if (sliced) {
    for (const doc of project(docs, sliced.rest, filter)) {
      let out = doc;
      for (const [path, spec] of sliced.slices) out = applySlice(out, path, spec);
      const score = textScoreOf(doc);
      if (score !== undefined && out !== doc) Object.defineProperty(out, TEXT_SCORE, { value: score, enumerable: false });
      yield out;
    }
    return;
  }
  // Inclusions (most projections) are picked here: mingo's projection costs tens of microseconds a document.
  const included = inclusionTree(projection);
  if (included) {
    for (const doc of docs) {
      const out = pickIncluded(doc, included);
      const score = textScoreOf(doc);
      if (score !== undefined) Object.defineProperty(out, TEXT_SCORE, { value: score, enumerable: false });
      yield out;
    }
    return;
  }
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  const cond = positional && filter ? normaliseFilter(filter) : {};
  // One mingo query for the whole cursor: building one sets up its operator tables, which per document
  // was most of a projected find's time.
  const query = new Query(cond, MINGO_OPTIONS);
  for (const doc of docs) {
    const [out] = query.find([positional ? matchView(doc) : doc], projection).all() as Doc[];
    if (!out) continue;
    const shaped = inDocOrder(out, doc);
    // The text score rides along (non-enumerable) for a $meta projection applied after this one.
    const score = textScoreOf(doc);
    if (score !== undefined) Object.defineProperty(shaped, TEXT_SCORE, { value: score, enumerable: false });
    yield shaped;
  }
}

const find: CommandHandler = (cx) => {
  const name = collectionArg(cx);
  const { body } = cx;
  const coll = cx.engine.getColl(cx.db, name);
  let limit = toInt(body.limit, 0) ?? 0;
  let singleBatch = !!body.singleBatch;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  if (body.tailable) throw new MongoServerError(2, 'tailable cursors are not supported by the embedded server');
  const docs = queryDocs(coll, { filter: optDoc(body.filter, 'filter'), sort: optDoc(body.sort, 'sort'), skip: toInt(body.skip, 0), limit, collation: body.collation, reader: cx.txn, hint: body.hint });
  const ns = `${cx.db}.${name}`;
  const filter = optDoc(body.filter, 'filter');
  const batch = cx.cursors.open(ns, project(docs, optDoc(body.projection, 'projection'), filter), toInt(body.batchSize), { singleBatch, lsidKey: cx.lsidKey });
  return cursorReply(ns, batch.id, batch.docs, true);
};

const getMore: CommandHandler = (cx) => {
  const id = cx.body.getMore;
  const cursorId = id instanceof Long ? id : Long.fromNumber(Number(id));
  const streams = changeStreamsOf(cx.engine);
  if (streams.owns(cursorId)) return streams.getMore(cx, cursorId);
  const ns = `${cx.db}.${String(cx.body.collection)}`;
  const batch = cx.cursors.getMore(cursorId, ns, toInt(cx.body.batchSize));
  return cursorReply(ns, batch.id, batch.docs, false);
};

const killCursors: CommandHandler = (cx) => {
  const ids = ((cx.body.cursors as unknown[]) ?? []).map((v) => (v instanceof Long ? v : Long.fromNumber(Number(v))));
  const streams = changeStreamsOf(cx.engine).kill(ids);
  const { killed, notFound } = cx.cursors.kill(ids.filter((id) => !streams.includes(id)));
  killed.push(...streams);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: CommandHandler = (cx) => {
  const coll = cx.engine.getColl(cx.db, collectionArg(cx));
  const query = optDoc(cx.body.query, 'query');
  const skip = toInt(cx.body.skip, 0) ?? 0;
  const limit = Math.abs(toInt(cx.body.limit, 0) ?? 0);
  return { n: countDocs(coll, { filter: query, skip, limit, collation: cx.body.collation, reader: cx.txn, hint: cx.body.hint }), ok: 1 };
};

const distinct: CommandHandler = (cx) => {
  const coll = cx.engine.getColl(cx.db, collectionArg(cx));
  const key = cx.body.key;
  if (typeof key !== 'string') throw new MongoServerError(14, "'key' must be a string");
  const seen = new Map<string, unknown>();
  const collation = coll && effectiveCollation(coll, cx.body.collation);
  for (const doc of queryDocs(coll, { filter: optDoc(cx.body.query, 'query'), collation: cx.body.collation, reader: cx.txn })) {
    for (const v of pathValues(doc, key)) {
      // Array elements count one by one; an empty array contributes nothing.
      if (v === undefined || (Array.isArray(v) && !v.length)) continue;
      const k = collation ? collatedKey(v, collation, keyString) : keyString(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  const values = [...seen.values()].sort(collation ? (a, b) => collatedCompare(a, b, collation) : compareValues);
  return { values, ok: 1 };
};

export const readCommands: Record<string, CommandHandler> = { find, getMore, killCursors, count, distinct };

export type { CommandContext };

/** The collation a read uses: the one given, else the collection's default (none means binary). */
export function effectiveCollation(coll: Collection, given: unknown): Collation | undefined {
  return given !== undefined ? collationOf(given) : collationOf(coll.options.collation);
}
