// Aggregation stages run here instead of in mingo (see each module for why). runStages splits a pipeline at
// those stages and hands the parts in between to mingo.
import { cloneDoc } from '../doc-utils.js';
import type { Doc } from '../errors.js';
import { DECIMAL_CONTEXT } from '../decimal-accumulators.js';
import { DATE_OPS, renameDateOps } from './date-ops.js';
import { fill, setWindowFields } from './window-fields.js';
import { conciseLookup, isConciseLookup, sample } from './lookup-sample.js';
import { groupSums, isSumOrPushGroup } from './group-sums.js';

// The documented date operators (date-ops.ts) under their own names, next to the exact $sum/$avg.
DECIMAL_CONTEXT.addExpressionOps(DATE_OPS as Parameters<typeof DECIMAL_CONTEXT.addExpressionOps>[0]);

type Options = Record<string, unknown>;
type Runner = (docs: Doc[], stages: Doc[]) => Doc[];

const OWN: Record<string, (docs: Doc[], spec: Doc, options: Options) => Doc[]> = {
  $setWindowFields: setWindowFields,
  $fill: fill,
  $sample: sample,
};

const isOwn = (st: Doc): boolean => {
  const op = Object.keys(st)[0];
  if (op === '$lookup') return isConciseLookup(st.$lookup);
  if (op === '$facet' && st.$facet && typeof st.$facet === 'object') return Object.values(st.$facet as Record<string, Doc[]>).some((p) => Array.isArray(p) && p.some(isOwn));
  return op in OWN;
};

/** $facet whose sub-pipelines use a stage of this package: each facet runs here on its own copies. */
function facet(docs: Doc[], spec: Doc, options: Options, mingo: Runner): Doc[] {
  const out: Doc = {};
  for (const [name, sub] of Object.entries(spec as Record<string, Doc[]>)) out[name] = runStages(docs.map(cloneDoc), sub, options, mingo);
  return [out];
}

export function runStages(docs: Doc[], stages: Doc[], options: Options, mingo: Runner): Doc[] {
  let cur = docs;
  let part: Doc[] = [];
  for (const stage of stages) {
    const st = renameDateOps(stage);
    const op = Object.keys(st)[0];
    if (op === '$group' && isSumOrPushGroup(st.$group)) {
      // Sums of counters: one pass over the documents here, or mingo when a value needs exact arithmetic.
      const input = part.length ? mingo(cur, part) : cur;
      cur = groupSums(input, st.$group as Doc, options) ?? mingo(input, [st]);
      part = [];
    } else if (isOwn(st)) {
      const input = part.length ? mingo(cur, part) : cur;
      const spec = st[op] as Doc;
      cur = op === '$lookup' ? conciseLookup(input, spec, options) : op === '$facet' ? facet(input, spec, options, mingo) : OWN[op](input, spec, options);
      part = [];
    } else part.push(st);
  }
  return part.length ? mingo(cur, part) : cur;
}
