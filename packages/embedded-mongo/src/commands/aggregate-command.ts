// aggregate: leading $match (and $sort) go through the query planner so indexes apply; the rest of the
// pipeline runs in mingo with a resolver that lets $lookup/$unionWith read sibling collections.
import { ObjectId } from 'bson';
import { aggregate as mingoAggregate } from 'mingo';
import type { CollationSpec } from 'mingo/types';
import { changeStreamsOf, isChangeStreamPipeline } from '../change-streams/streams.js';
import { DECIMAL_CONTEXT, linkRaw, withExactDecimals } from '../decimal-accumulators.js';
import { collectionArg, cursorReply, toInt, withLockWait, type CommandHandler } from '../command-context.js';
import { cloneDoc, inclusionTree, pickIncluded } from '../doc-utils.js';
import { matchView } from '../match-normalise.js';
import { MINGO_OPTIONS } from '../mingo-options.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { rewritePipeline } from '../pipeline-rewrite.js';
import { runStages } from '../aggregation/stages.js';
import { writeMerge } from '../aggregation/merge.js';
import { countDocs, effectiveCollation, queryDocs } from './read-commands.js';
import { collationOf } from '../collation/collation.js';
import { compileFilter } from '../query-planner.js';
import { checkTextPlacement, hasText, rewriteMetaInPipeline, TEXT_SCORE, textScoreOf } from '../text/text-search.js';

/** Stand-in for a missing collection when looking up its default collation. */
const NO_COLL = { options: {} } as unknown as Parameters<typeof effectiveCollation>[0];

// mingo mutates its input documents in stages like $addFields; stored documents must stay untouched,
// so pipelines with any other stage see deep copies.
const NON_MUTATING = new Set(['$match', '$sort', '$limit', '$skip', '$count', '$group', '$sortByCount', '$bucket', '$setWindowFields', '$sample']);

function pipelineIsReadOnly(pipeline: Doc[]): boolean {
  return pipeline.every((stage) => {
    const [op] = Object.keys(stage);
    if (op === '$facet') return Object.values(stage.$facet as Record<string, Doc[]>).every(pipelineIsReadOnly);
    return NON_MUTATING.has(op);
  });
}

export const aggregate: CommandHandler = async (cx) => {
  const { body } = cx;
  const pipeline = body.pipeline;
  if (!Array.isArray(pipeline)) throw new MongoServerError(14, "'pipeline' option must be specified as an array");
  if (!body.cursor && !body.explain) throw new MongoServerError(9, "The 'cursor' option is required, except for aggregate with the explain argument");
  const collName = typeof body.aggregate === 'string' ? collectionArg(cx) : undefined;
  if (isChangeStreamPipeline(pipeline)) return changeStreamsOf(cx.engine).open(cx, pipeline as Doc[]);
  let stages = rewritePipeline(pipeline as Doc[]);
  checkTextPlacement(stages);
  const text = !!collName && hasText(stages[0]?.$match as Doc | undefined);
  let out: Doc | undefined;
  const last = stages[stages.length - 1];
  if (last && ('$out' in last || '$merge' in last)) {
    out = last;
    stages = stages.slice(0, -1);
  }

  let source: Iterable<Doc> = [];
  let counted: Doc[] | undefined;
  if (collName) {
    const coll = cx.engine.getColl(cx.db, collName);
    let filter: Doc | undefined;
    let sort: Doc | undefined;
    if (stages[0]?.$match) [filter, stages] = [stages[0].$match as Doc, stages.slice(1)];
    if (stages[0]?.$sort) [sort, stages] = [stages[0].$sort as Doc, stages.slice(1)];
    // A following $skip/$limit also goes to the query, so an index walk or top-k sort can stop early.
    let skip = 0;
    let limit = 0;
    if (typeof stages[0]?.$skip === 'number' && stages[0].$skip >= 0) [skip, stages] = [stages[0].$skip, stages.slice(1)];
    if (typeof stages[0]?.$limit === 'number' && stages[0].$limit > 0) [limit, stages] = [stages[0].$limit, stages.slice(1)];
    const countSpec = countGroup(stages);
    if (countSpec) {
      const n = countDocs(coll, { filter, skip, limit, collation: body.collation, reader: cx.txn, hint: body.hint });
      counted = n ? [{ _id: countSpec.id, [countSpec.field]: n }] : [];
    } else source = queryDocs(coll, { filter, sort, skip, limit, collation: body.collation, reader: cx.txn, hint: body.hint });
  } else if (stages[0]?.$documents) {
    source = stages[0].$documents as Doc[];
    stages = stages.slice(1);
  } else if (stages.length) {
    throw new MongoServerError(73, `{aggregate: 1} is not valid for '${Object.keys(stages[0])[0]}'; a collection is required.`);
  }

  const readOnly = pipelineIsReadOnly(stages) && !text;
  // A leading $project runs on the stored documents (it builds new ones) and only its output is copied:
  // a report that keeps a few fields of large documents copies those fields, not the whole documents.
  const projectFirst = !readOnly && !text && !counted && !!stages[0]?.$project;
  // Stages run on matchView copies so numeric wrappers (Long, Decimal128) compare as numbers.
  let docs = counted ? [] : [...source];
  let input = readOnly || projectFirst ? docs.map(matchView) : docs.map((d) => cloneDoc(matchView(d)));
  linkRaw(input, docs);
  if (text) {
    // After $match: { $text }, the score is a field for the later stages' { $meta: 'textScore' }.
    input.forEach((d, i) => (d[TEXT_SCORE] = textScoreOf(docs[i])));
    docs = input;
    stages = rewriteMetaInPipeline(stages);
  }
  const joined = new Map<string, Doc[]>();
  const resolver = (name: string) => {
    let coll = joined.get(name);
    if (!coll) joined.set(name, (coll = Array.from(queryDocs(cx.engine.getColl(cx.db, name), { reader: cx.txn }), (d) => cloneDoc(matchView(d)))));
    return coll;
  };
  let results: Doc[];
  try {
    const variables = body.let && typeof body.let === 'object' ? (body.let as Doc) : undefined;
    if (counted) results = counted;
    else {
      const options = { ...MINGO_OPTIONS, context: DECIMAL_CONTEXT, collectionResolver: resolver, variables, collation: collationOption(body.collation) };
      const viaMingo = (docsIn: Doc[], part: Doc[]) => (part.length ? (mingoAggregate(docsIn, withExactDecimals(part), options) as Doc[]) : docsIn);
      const run = (docsIn: Doc[], part: Doc[]) => runStages(docsIn, part, options, viaMingo);
      if (projectFirst) {
        const project = stages[0];
        const included = inclusionTree(project.$project as Doc);
        stages = stages.slice(1);
        // Stored documents are replaced on write, never changed in place: what $project kept of them needs
        // a copy only when a later stage may change it.
        const copy = pipelineIsReadOnly(stages) ? (d: Doc) => d : cloneDoc;
        input = included ? input.map((d) => copy(pickIncluded(d, included))) : run(input, [project]).map(copy);
      }
      const collation = collName ? effectiveCollation(cx.engine.getColl(cx.db, collName) ?? NO_COLL, body.collation) : collationOf(body.collation);
      if (collation && stages.some((st) => st.$match)) {
        // mingo's $match compares binary: under a collation, later $match stages are applied here.
        let cur = input;
        let part: Doc[] = [];
        for (const st of stages) {
          if (st.$match && typeof st.$match === 'object') {
            cur = run(cur, part).filter(compileFilter(st.$match as Doc, collation));
            part = [];
          } else part.push(st);
        }
        results = run(cur, part);
      } else results = stages.length ? run(input, stages) : projectFirst ? input : docs;
    }
  } catch (err) {
    if (err instanceof MongoServerError) throw err;
    throw new MongoServerError(2, err instanceof Error ? err.message : String(err));
  }

  if (text) for (const r of results) if (r && typeof r === 'object') delete r[TEXT_SCORE];
  if (body.explain) return { explainVersion: '1', stages: pipeline, ok: 1 };
  const ns = `${cx.db}.${collName ?? '$cmd.aggregate'}`;
  if (out) {
    if ('$merge' in out) await writeMerge(cx, out.$merge, results);
    else await writeOut(cx, out.$out, results);
    return cursorReply(ns, cx.cursors.open(ns, [], undefined).id, [], true);
  }
  const batchSize = toInt((body.cursor as Doc | undefined)?.batchSize);
  const batch = cx.cursors.open(ns, results, batchSize, { lsidKey: cx.lsidKey });
  return cursorReply(ns, batch.id, batch.docs, true);
};

function collationOption(c: unknown): CollationSpec | undefined {
  if (!c || typeof c !== 'object' || (c as Doc).locale === 'simple' || typeof (c as Doc).locale !== 'string') return undefined;
  return c as CollationSpec;
}

/** countDocuments sends [$match, {$group: {_id: 1, n: {$sum: 1}}}]: that group needs a count, not the documents. */
function countGroup(stages: Doc[]): { id: unknown; field: string } | undefined {
  if (stages.length !== 1 || !stages[0].$group) return undefined;
  const group = stages[0].$group as Doc;
  const keys = Object.keys(group);
  if (keys.length !== 2 || !('_id' in group) || (group._id !== null && typeof group._id !== 'number')) return undefined;
  const field = keys.find((k) => k !== '_id')!;
  const acc = group[field] as Doc | undefined;
  if (!acc || typeof acc !== 'object' || Object.keys(acc).length !== 1 || acc.$sum !== 1) return undefined;
  return { id: group._id, field };
}

async function writeOut(cx: Parameters<CommandHandler>[0], target: unknown, docs: Doc[]): Promise<void> {
  const spec = typeof target === 'string' ? { db: cx.db, coll: target } : (target as { db?: string; coll: string });
  const db = spec.db ?? cx.db;
  const existing = cx.engine.getColl(db, spec.coll);
  if (existing) cx.engine.dropColl(existing);
  const { coll } = cx.engine.ensureColl(db, spec.coll);
  for (const d of docs) {
    const doc = d._id === undefined ? { _id: new ObjectId(), ...d } : d;
    await withLockWait(() => coll.insert(cx.write, doc));
  }
}
