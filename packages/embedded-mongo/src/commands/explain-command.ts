// explain: reports the access path the planner picks for find/count/aggregate/distinct (no execution stats).
import type { CommandHandler } from '../command-context.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { planQuery } from '../query-planner.js';
import { hasText, textIndexOf } from '../text/text-search.js';
import { effectiveCollation } from './read-commands.js';

export const explain: CommandHandler = (cx) => {
  const inner = cx.body.explain as Doc | undefined;
  if (!inner || typeof inner !== 'object') throw new MongoServerError(9, 'explain command requires a nested object');
  const verb = Object.keys(inner)[0];
  const collName = inner[verb];
  if (typeof collName !== 'string') throw new MongoServerError(2, `cannot explain ${verb}`);
  let filter: Doc = {};
  let sort: Doc | undefined;
  if (verb === 'find') [filter, sort] = [(inner.filter as Doc) ?? {}, inner.sort as Doc | undefined];
  else if (verb === 'count' || verb === 'distinct') filter = (inner.query as Doc) ?? {};
  else if (verb === 'aggregate') {
    const first = (inner.pipeline as Doc[] | undefined)?.[0];
    if (first?.$match) filter = first.$match as Doc;
  } else if (verb === 'findAndModify' || verb === 'findandmodify') [filter, sort] = [(inner.query as Doc) ?? {}, inner.sort as Doc | undefined];
  else throw new MongoServerError(2, `explain is not supported for ${verb}`);
  const coll = cx.engine.getColl(cx.db, collName);
  const collation = coll && effectiveCollation(coll, inner.collation);
  const text = hasText(filter) ? textIndexOf(coll) : undefined;
  const plan = coll && !text ? planQuery(coll, filter, collation ? undefined : sort, collation) : undefined;
  const winningPlan: Doc = text
    ? { stage: 'TEXT_MATCH', inputStage: { stage: 'TEXT_OR', inputStage: { stage: 'IXSCAN', indexName: text.name } } }
    : plan?.index
      ? { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: plan.index } }
      : { stage: coll ? 'COLLSCAN' : 'EOF' };
  if (sort && plan && !plan.sorted) Object.assign(winningPlan, { stage: 'SORT', inputStage: { ...winningPlan } });
  return {
    explainVersion: '1',
    queryPlanner: { namespace: `${cx.db}.${collName}`, parsedQuery: filter, winningPlan, rejectedPlans: [] },
    command: inner,
    ok: 1,
  };
};
