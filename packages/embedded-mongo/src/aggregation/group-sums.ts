// $group stages whose accumulators are all $sum of a field path or of a number (counters summed over many
// documents, as report summaries do) or $push of a field path (the sparse parts of such summaries). mingo
// evaluates each accumulator over each group's documents in turn, so a hundred counters over thousands of
// documents walk every document a hundred times; here each document is walked once, following only the
// fields it has (a trie of the summed paths), so sparse counters cost what is present. Group ids are computed
// by mingo, as for any $group. A Decimal128 or another numeric wrapper among the summed values, or an array on
// a pushed path, hands the stage back to mingo (answering null).
import { aggregate as mingoAggregate } from 'mingo';
import { keyString } from '../bson-compare.js';
import { rawDocOf } from '../decimal-accumulators.js';
import type { Doc } from '../errors.js';
import { numericKind } from '../numeric-types.js';

type Options = Record<string, unknown>;
// `names`/`nodes` repeat `children` as arrays: walking them by index allocates nothing per document.
type Trie = { sums: number[]; children: Map<string, Trie>; names: string[]; nodes: Trie[] };

const isFieldPath = (e: unknown): e is string => typeof e === 'string' && e.startsWith('$') && !e.startsWith('$$') && e.length > 1;

/** True when every accumulator of the $group spec is { $sum: '$path' }, { $sum: <number> } or { $push: '$path' }. */
export function isSumOrPushGroup(spec: unknown): spec is Doc {
  if (!spec || typeof spec !== 'object' || !('_id' in spec)) return false;
  const fields = Object.entries(spec as Doc).filter(([k]) => k !== '_id');
  return (
    fields.length > 0 &&
    fields.every(([, acc]) => {
      if (!acc || typeof acc !== 'object' || Array.isArray(acc)) return false;
      const keys = Object.keys(acc);
      if (keys.length !== 1) return false;
      if (keys[0] === '$push') return isFieldPath((acc as Doc).$push);
      if (keys[0] !== '$sum') return false;
      const e = (acc as Doc).$sum;
      return isFieldPath(e) || typeof e === 'number';
    })
  );
}

class NotPlain extends Error {}

function isPlainObject(v: unknown): v is Doc {
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/** Adds the numbers found along the trie's paths in `value` to `totals`. */
function walk(node: Trie, value: unknown, totals: number[]): void {
  const sums = node.sums;
  if (sums.length) {
    if (typeof value === 'number') {
      for (let s = 0; s < sums.length; s++) totals[sums[s]!] += value;
    } else if (typeof value === 'bigint' || (value !== null && typeof value === 'object' && numericKind(value) !== undefined)) {
      // Int32, Double, Long, Decimal128: mingo's exact accumulators decide their sum.
      throw new NotPlain();
    }
  }
  if (!node.children.size || !isPlainObject(value)) return;
  if (node.names.length <= 4) {
    for (let c = 0; c < node.names.length; c++) walk(node.nodes[c]!, value[node.names[c]!], totals);
    return;
  }
  for (const name in value) {
    const child = node.children.get(name);
    if (child) walk(child, value[name], totals);
  }
}

/** The $group computed here, or null when a summed value needs mingo's exact arithmetic. */
export function groupSums(docs: Doc[], spec: Doc, options: Options): Doc[] | null {
  const fields = Object.keys(spec).filter((k) => k !== '_id');
  const root: Trie = { sums: [], children: new Map(), names: [], nodes: [] };
  const perDoc: number[] = fields.map(() => 0);
  const pushes: { field: number; path: string[] }[] = [];
  fields.forEach((field, i) => {
    const acc = spec[field] as Doc;
    if ('$push' in acc) {
      pushes.push({ field: i, path: (acc.$push as string).slice(1).split('.') });
      return;
    }
    const e = acc.$sum;
    if (typeof e === 'number') {
      perDoc[i] = e;
      return;
    }
    let node = root;
    for (const part of (e as string).slice(1).split('.')) {
      let next = node.children.get(part);
      if (!next) {
        node.children.set(part, (next = { sums: [], children: new Map(), names: [], nodes: [] }));
        node.names.push(part);
        node.nodes.push(next);
      }
      node = next;
    }
    node.sums.push(i);
  });
  const ids = groupIds(docs, spec._id, options);
  const groups = new Map<string, { id: unknown; totals: number[]; lists: unknown[][] }>();
  try {
    for (let d = 0; d < docs.length; d++) {
      const id = ids[d] ?? null;
      const key = keyString(id);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { id, totals: fields.map(() => 0), lists: pushes.map(() => []) }));
      for (let i = 0; i < perDoc.length; i++) group.totals[i] += perDoc[i];
      walk(root, rawDocOf(docs[d]), group.totals);
      // $push takes what the later stages would see (the document itself), and skips a missing value.
      for (let p = 0; p < pushes.length; p++) {
        const value = pushedValue(docs[d], pushes[p]!.path);
        if (value !== undefined) group.lists[p]!.push(value);
      }
    }
  } catch (err) {
    if (err instanceof NotPlain) return null;
    throw err;
  }
  // Each output document is a copy of one template (made by JSON.parse, so it keeps fast properties): adding
  // dozens of fields one by one to a new object turns it into a dictionary, several times the size.
  const template = JSON.parse(JSON.stringify({ _id: null, ...Object.fromEntries(fields.map((f) => [f, 0])) })) as Doc;
  return [...groups.values()].map((g) => {
    const out: Doc = { ...template };
    out._id = g.id;
    for (let i = 0; i < fields.length; i++) out[fields[i]!] = g.totals[i];
    for (let p = 0; p < pushes.length; p++) out[fields[pushes[p]!.field]!] = g.lists[p];
    return out;
  });
}

/** The value at a dotted path of plain sub-documents (undefined when missing); an array on the way is left to mingo. */
function pushedValue(doc: Doc, path: string[]): unknown {
  let value: unknown = doc;
  for (const part of path) {
    if (Array.isArray(value)) throw new NotPlain();
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Doc)[part];
  }
  return value;
}

/** Each document's group id: a top-level field or a constant directly, anything else through mingo. */
function groupIds(docs: Doc[], idExpr: unknown, options: Options): unknown[] {
  if (idExpr === null || typeof idExpr === 'number' || typeof idExpr === 'boolean' || (typeof idExpr === 'string' && !idExpr.startsWith('$'))) return docs.map(() => idExpr);
  if (isFieldPath(idExpr) && !idExpr.includes('.')) {
    const field = idExpr.slice(1);
    return docs.map((d) => d[field] ?? null);
  }
  // $let keeps the id in expression context ({ a: 1 } is a document there, not an inclusion as in $project).
  const projected = mingoAggregate(docs, [{ $project: { _id: 0, k: { $let: { vars: {}, in: idExpr } } } }], options) as Doc[];
  return projected.map((p) => p.k ?? null);
}
