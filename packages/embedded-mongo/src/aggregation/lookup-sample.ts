// $lookup in the concise correlated form (localField/foreignField together with pipeline) and $sample.
// mingo 7 drops the equality join when a pipeline is given (every foreign document joins, inflating totals)
// and draws $sample with replacement (duplicates). Manual pages:
// https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/lookup/#correlated-subqueries-using-concise-syntax
// https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/sample/
import { aggregate as mingoAggregate } from 'mingo';
import { keyString } from '../bson-compare.js';
import { cloneDoc } from '../doc-utils.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { pathValues } from '../index-manager.js';

type Options = Record<string, unknown>;
const literal = (e: unknown) => (typeof e === 'number' || typeof e === 'boolean' ? { $literal: e } : e);

/** The keys a field path matches by equality: the value, or each element of an array (missing is null). */
function matchKeys(doc: Doc, path: string): string[] {
  const vals = pathValues(doc, path);
  if (!vals.length) return [keyString(null)];
  const keys = new Set<string>();
  for (const v of vals) {
    keys.add(keyString(v));
    if (Array.isArray(v)) for (const x of v) keys.add(keyString(x));
  }
  return [...keys];
}

export const isConciseLookup = (spec: unknown) =>
  !!spec && typeof spec === 'object' && 'localField' in (spec as Doc) && 'foreignField' in (spec as Doc) && Array.isArray((spec as Doc).pipeline);

/** $lookup with localField/foreignField and a pipeline: the equality match first, then the pipeline. */
export function conciseLookup(docs: Doc[], spec: Doc, options: Options): Doc[] {
  const { from, localField, foreignField, as, pipeline } = spec as { from: unknown; localField: string; foreignField: string; as: string; pipeline: Doc[] };
  if (typeof as !== 'string') throw new MongoServerError(40319, "BSON field '$lookup.as' is missing but a required field");
  const resolver = options.collectionResolver as ((name: string) => Doc[]) | undefined;
  const name = typeof from === 'string' ? from : (from as Doc | undefined)?.coll;
  const foreign = typeof name === 'string' && resolver ? resolver(name) : [];
  const byKey = new Map<string, Doc[]>();
  for (const f of foreign) {
    for (const k of matchKeys(f, foreignField)) {
      let list = byKey.get(k);
      if (!list) byKey.set(k, (list = []));
      list.push(f);
    }
  }
  const letSpec = (spec.let as Doc | undefined) ?? {};
  const letNames = Object.keys(letSpec);
  const letValues = letNames.length
    ? (mingoAggregate(docs, [{ $project: { _id: 0, ...Object.fromEntries(letNames.map((k, i) => [`v${i}`, literal(letSpec[k])])) } }], options) as Doc[])
    : [];
  return docs.map((doc, i) => {
    const seen = new Set<Doc>();
    const matched: Doc[] = [];
    for (const k of matchKeys(doc, localField)) {
      for (const f of byKey.get(k) ?? []) {
        if (seen.has(f)) continue;
        seen.add(f);
        matched.push(f);
      }
    }
    const variables = { ...((options.variables as Doc | undefined) ?? {}) };
    letNames.forEach((k, j) => (variables[k] = letValues[i][`v${j}`] ?? null));
    const joined = pipeline.length ? (mingoAggregate(matched.map(cloneDoc), pipeline, { ...options, variables }) as Doc[]) : matched.map(cloneDoc);
    return { ...doc, [as]: joined };
  });
}

/** $sample: `size` distinct documents in random order (all of them, shuffled, when there are fewer). */
export function sample(docs: Doc[], spec: Doc): Doc[] {
  const size = spec?.size;
  if (typeof size !== 'number' || Number.isNaN(size)) throw new MongoServerError(28749, '$sample stage must specify a size');
  if (size < 0) throw new MongoServerError(28747, 'size argument to $sample must not be negative');
  const out = docs.slice();
  const n = Math.min(Math.floor(size), out.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (out.length - i));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, n);
}
