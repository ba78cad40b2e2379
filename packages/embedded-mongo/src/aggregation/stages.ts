// Aggregation stages run here instead of in mingo (see each module for why). runStages splits a pipeline at
// those stages and hands the parts in between to mingo.
import type { Doc } from '../errors.js';
import { DECIMAL_CONTEXT } from '../decimal-accumulators.js';
import { DATE_OPS, renameDateOps } from './date-ops.js';
import { fill, setWindowFields } from './window-fields.js';
import { conciseLookup, isConciseLookup, sample } from './lookup-sample.js';

// The documented date operators (date-ops.ts) under their own names, next to the exact $sum/$avg.
DECIMAL_CONTEXT.addExpressionOps(DATE_OPS as Parameters<typeof DECIMAL_CONTEXT.addExpressionOps>[0]);

type Options = Record<string, unknown>;
type Runner = (docs: Doc[], stages: Doc[]) => Doc[];

const OWN: Record<string, (docs: Doc[], spec: Doc, options: Options) => Doc[]> = {
  $setWindowFields: setWindowFields,
  $fill: fill,
  $sample: sample,
};

export const hasOwnStage = (stages: Doc[]) => stages.some((st) => Object.keys(st)[0] in OWN);

export function runStages(docs: Doc[], stages: Doc[], options: Options, mingo: Runner): Doc[] {
  let cur = docs;
  let part: Doc[] = [];
  for (const stage of stages) {
    // $match stages may be applied outside mingo (under a collation): they keep mingo's operators.
    const st = stage.$match ? stage : renameDateOps(stage);
    const op = Object.keys(st)[0];
    const own = op === '$lookup' ? (isConciseLookup(st.$lookup) ? conciseLookup : undefined) : OWN[op];
    if (own) {
      cur = own(part.length ? mingo(cur, part) : cur, st[op] as Doc, options);
      part = [];
    } else part.push(st);
  }
  return part.length ? mingo(cur, part) : cur;
}
