// explain: reports the access path the planner picks for find/count/aggregate/distinct/findAndModify, as
// MongoDB's classic engine shows it (IDHACK, FETCH over IXSCAN, COLLSCAN, SORT, COUNT/COUNT_SCAN), and
// with `executionStats` (or `allPlansExecution`) runs the query to count what it read and returned.
import type { CommandHandler } from '../command-context.js';
import { sortDocs } from '../doc-utils.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { compileFilter, hintedPlan, hintGiven, planQuery, type Plan } from '../query-planner.js';
import { hasText, textIndexOf } from '../text/text-search.js';
import { effectiveCollation, queryDocs } from './read-commands.js';

const num = (v: unknown) => (typeof v === 'number' ? v : v === undefined || v === null ? 0 : Number(v));

const isScalarId = (filter: Doc) => {
  const keys = Object.keys(filter);
  const v = filter._id;
  return keys.length === 1 && keys[0] === '_id' && (typeof v !== 'object' || v === null || !Object.keys(v).some((k) => k.startsWith('$')));
};

interface Run {
  nReturned: number;
  keysExamined: number;
  docsExamined: number;
  millis: number;
  /** Documents that passed the filter (a COLLSCAN stage returns them, before any sort, skip or limit). */
  matched?: number;
}

export const explain: CommandHandler = (cx) => {
  const inner = cx.body.explain as Doc | undefined;
  if (!inner || typeof inner !== 'object') throw new MongoServerError(9, 'explain command requires a nested object');
  const verb = Object.keys(inner)[0];
  const collName = inner[verb];
  if (typeof collName !== 'string') throw new MongoServerError(2, `cannot explain ${verb}`);
  const verbosity = String(cx.body.verbosity ?? 'allPlansExecution');
  if (!['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity)) {
    throw new MongoServerError(2, `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
  }
  let filter: Doc = {};
  let sort: Doc | undefined;
  let skip = num(inner.skip);
  let limit = Math.abs(num(inner.limit));
  let rest: Doc[] = [];
  if (verb === 'find') [filter, sort] = [(inner.filter as Doc) ?? {}, inner.sort as Doc | undefined];
  else if (verb === 'count' || verb === 'distinct') filter = (inner.query as Doc) ?? {};
  else if (verb === 'aggregate') {
    rest = [...((inner.pipeline as Doc[] | undefined) ?? [])];
    if (rest[0]?.$match) filter = rest.shift()!.$match as Doc;
    if (rest[0]?.$sort) sort = rest.shift()!.$sort as Doc;
    if (typeof rest[0]?.$skip === 'number') skip = rest.shift()!.$skip as number;
    if (typeof rest[0]?.$limit === 'number') limit = rest.shift()!.$limit as number;
  } else if (verb === 'findAndModify' || verb === 'findandmodify') [filter, sort, limit] = [(inner.query as Doc) ?? {}, inner.sort as Doc | undefined, 1];
  else throw new MongoServerError(2, `explain is not supported for ${verb}`);
  if (sort && !Object.keys(sort).length) sort = undefined;
  const coll = cx.engine.getColl(cx.db, collName);
  const collation = coll && effectiveCollation(coll, inner.collation);
  const text = hasText(filter) ? textIndexOf(coll) : undefined;
  const hinted = !text && !!coll && hintGiven(inner.hint);
  const planSort = collation ? undefined : sort;
  const plan: Plan | undefined = !coll || text ? undefined : hinted ? hintedPlan(coll, inner.hint, filter, planSort, collation) : planQuery(coll, filter, planSort, collation);
  const counting = verb === 'count';
  // An exact index plan answers a count from index keys alone (MongoDB's COUNT_SCAN reads no document).
  const countScan = counting && !hinted && !skip && !limit && !!plan?.exact && !!plan.index;

  let winningPlan: Doc;
  if (text) winningPlan = { stage: 'TEXT_MATCH', inputStage: { stage: 'TEXT_OR', inputStage: { stage: 'IXSCAN', indexName: text.name } } };
  else if (!coll || !plan) winningPlan = { stage: 'EOF' };
  else if (countScan) winningPlan = { stage: 'COUNT_SCAN', indexName: plan.index };
  else if (plan.index === '_id_' && !hinted && isScalarId(filter)) winningPlan = { stage: 'IDHACK' };
  else if (plan.index) winningPlan = { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: plan.index, keyPattern: coll.getIndex(plan.index.split('|')[0])?.spec.key } };
  else winningPlan = { stage: 'COLLSCAN', direction: 'forward' };
  if (!counting && sort && plan && (!plan.sorted || collation)) winningPlan = { stage: 'SORT', sortPattern: sort, ...(limit ? { limitAmount: limit + skip } : {}), inputStage: winningPlan };
  else if (!counting && limit && plan) winningPlan = { stage: 'LIMIT', limitAmount: limit, inputStage: winningPlan };
  if (skip && plan && !counting) winningPlan = { stage: 'SKIP', skipAmount: skip, inputStage: winningPlan };
  if (counting) winningPlan = { stage: 'COUNT', inputStage: winningPlan };

  const ns = `${cx.db}.${collName}`;
  const queryPlanner: Doc = { namespace: ns, indexFilterSet: false, parsedQuery: filter, winningPlan, rejectedPlans: [] };
  let executionStats: Doc | undefined;
  if (verbosity !== 'queryPlanner') {
    const run = execute({ coll, plan, text: !!text, filter, sort, skip, limit, collation, countScan, inner, collName });
    const nReturned = counting ? 0 : run.nReturned;
    executionStats = {
      executionSuccess: true,
      nReturned,
      executionTimeMillis: run.millis,
      totalKeysExamined: run.keysExamined,
      totalDocsExamined: run.docsExamined,
      executionStages: withStats(winningPlan, run),
    };
    if (verbosity === 'allPlansExecution') executionStats.allPlansExecution = [];
  }
  const command = inner;
  if (verb === 'aggregate' && rest.length) {
    const cursor: Doc = { queryPlanner, ...(executionStats ? { executionStats } : {}) };
    return { explainVersion: '1', stages: [{ $cursor: cursor }, ...rest], command, ok: 1 };
  }
  return { explainVersion: '1', queryPlanner, ...(executionStats ? { executionStats } : {}), command, ok: 1 };
};

/** Each stage of the plan with its counters (stages above the leaf return what the query returned). */
function withStats(stage: Doc, run: Run): Doc {
  const out: Doc = { ...stage, nReturned: stage.stage === 'COUNT' ? 0 : run.nReturned, executionTimeMillisEstimate: run.millis };
  if (stage.stage === 'IXSCAN' || stage.stage === 'COUNT_SCAN') Object.assign(out, { nReturned: run.keysExamined, keysExamined: run.keysExamined });
  if (stage.stage === 'FETCH') Object.assign(out, { docsExamined: run.docsExamined });
  if (stage.stage === 'COLLSCAN') Object.assign(out, { nReturned: run.matched ?? run.nReturned, docsExamined: run.docsExamined });
  if (stage.stage === 'IDHACK') Object.assign(out, { keysExamined: run.keysExamined, docsExamined: run.docsExamined });
  if (stage.stage === 'COUNT') out.nCounted = run.nReturned;
  if (stage.inputStage) out.inputStage = withStats(stage.inputStage as Doc, run);
  return out;
}

interface ExecInput {
  coll: ReturnType<Parameters<CommandHandler>[0]['engine']['getColl']>;
  plan?: Plan;
  text: boolean;
  filter: Doc;
  sort?: Doc;
  skip: number;
  limit: number;
  collation: ReturnType<typeof effectiveCollation> | undefined;
  countScan: boolean;
  inner: Doc;
  collName: string;
}

/** Runs the plan, counting index keys and documents read, as the query itself would. */
function execute(input: ExecInput): Run {
  const started = performance.now();
  const { coll, plan, filter, sort, skip, limit, collation } = input;
  const millis = () => Math.round(performance.now() - started);
  if (!coll || !plan) {
    // A text query: its own postings walk; the results tell what was returned.
    const n = input.text ? [...queryDocs(coll, { filter, sort, skip, limit, collation: input.inner.collation })].length : 0;
    return { nReturned: n, keysExamined: n, docsExamined: n, millis: millis() };
  }
  if (input.countScan) {
    let n = plan.count ? plan.count() : 0;
    if (!plan.count) for (const _ of plan.docs) n++;
    const counted = Math.max(0, n - skip);
    return { nReturned: limit ? Math.min(counted, limit) : counted, keysExamined: n, docsExamined: 0, millis: millis() };
  }
  let read = 0;
  const test = compileFilter(filter, collation);
  const matches: Doc[] = [];
  const needAll = !!sort && (!plan.sorted || !!collation);
  const keep = limit ? skip + limit : 0;
  for (const doc of plan.docs) {
    read++;
    if (!test(doc)) continue;
    matches.push(doc);
    if (!needAll && keep && matches.length >= keep) break;
  }
  const ordered = needAll ? sortDocs(matches, sort!, collation?.spec, keep) : matches;
  const returned = ordered.slice(skip, keep || undefined).length;
  return { nReturned: returned, keysExamined: plan.index ? read : 0, docsExamined: read, millis: millis(), matched: matches.length };
}
