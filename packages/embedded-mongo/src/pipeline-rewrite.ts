// Pipeline stages rewritten into equivalent ones before mingo runs them, where mingo's own
// implementation deviates from MongoDB.
import { rewriteFilter } from './array-semantics.js';
import type { Doc } from './errors.js';

/**
 * mingo 7's $bucket files a value equal to an inner boundary into the previous bucket; MongoDB defines
 * $bucket as a $group on a $switch over [lower, upper) ranges followed by a sort, so we expand it that way.
 */
function expandBucket(spec: Doc): Doc[] {
  const bounds = spec.boundaries as unknown[];
  const branches = bounds.slice(0, -1).map((lo, i) => ({
    case: { $and: [{ $gte: [spec.groupBy, lo] }, { $lt: [spec.groupBy, bounds[i + 1]] }] },
    then: lo,
  }));
  const sw: Doc = { branches };
  if (spec.default !== undefined) sw.default = spec.default;
  const output = (spec.output as Doc | undefined) ?? { count: { $sum: 1 } };
  return [{ $group: { _id: { $switch: sw }, ...output } }, { $sort: { _id: 1 } }];
}

export function rewritePipeline(pipeline: Doc[]): Doc[] {
  return pipeline.flatMap((stage) => {
    if (stage.$bucket && typeof stage.$bucket === 'object') return expandBucket(stage.$bucket as Doc);
    if (stage.$match && typeof stage.$match === 'object') return [{ $match: rewriteFilter(stage.$match as Doc) }];
    if (stage.$facet && typeof stage.$facet === 'object') {
      const facets = Object.fromEntries(Object.entries(stage.$facet as Record<string, Doc[]>).map(([k, p]) => [k, rewritePipeline(p)]));
      return [{ $facet: facets }];
    }
    return [stage];
  });
}
