// Text indexes: the spec MongoDB stores ({ _fts: 'text', _ftsx: 1 } with weights and languages) and an
// inverted index from term to (document, score) postings, kept current on insert, update and delete.
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { canonicalLanguage, scoreString, type AnalyseOptions } from './tokenize.js';

const isPlain = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

export const isTextKey = (key: Record<string, unknown>) => Object.values(key).includes('text') || key._fts === 'text';

/**
 * Turns a createIndexes spec with `{ field: 'text' }` keys into the form MongoDB stores and lists:
 * text fields move into `weights` and the key becomes `{ ...prefix, _fts: 'text', _ftsx: 1, ...suffix }`.
 */
export function normaliseTextSpec<T extends { key: Record<string, unknown>; name: string }>(spec: T, nameGiven: boolean): T {
  const out = spec as T & Doc;
  if (spec.key._fts === 'text') return spec;
  const weights: Record<string, number> = {};
  const given = out.weights;
  if (given !== undefined && !isPlain(given) && given !== 'text') throw new MongoServerError(67, 'weights must be an object');
  const key: Record<string, unknown> = {};
  let seenText = false;
  let afterText = false;
  for (const [f, d] of Object.entries(spec.key)) {
    if (d === 'text') {
      if (afterText) throw new MongoServerError(67, 'text fields in a compound text index must be next to each other');
      seenText = true;
      weights[f] = 1;
      continue;
    }
    if (seenText) afterText = true;
    if (!seenText) key[f] = d;
  }
  key._fts = 'text';
  key._ftsx = 1;
  if (afterText) for (const [f, d] of Object.entries(spec.key)) if (d !== 'text' && !(f in key)) key[f] = d;
  if (isPlain(given)) {
    for (const [f, w] of Object.entries(given)) {
      const n = typeof w === 'number' ? w : Number((w as { valueOf(): unknown })?.valueOf?.());
      if (!Number.isFinite(n)) throw new MongoServerError(67, 'weight for text index needs numeric type');
      if (n < 1 || n >= 100000) throw new MongoServerError(67, 'text index weights must be in the exclusive interval (0,99999] but found: ' + n);
      weights[f] = n;
    }
  }
  const lang = out.default_language ?? 'english';
  if (typeof lang !== 'string' || !canonicalLanguage(lang)) {
    throw new MongoServerError(17262, `default_language is not valid: ${String(lang)}`);
  }
  const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const res = { ...out, key, weights: sorted, default_language: lang, language_override: out.language_override ?? 'language', textIndexVersion: 3 } as T & Doc;
  if (!nameGiven) res.name = Object.entries(spec.key).map(([f, d]) => `${f}_${String(d)}`).join('_');
  return res;
}

/** Postings of one term: document numbers (ascending) and their scores. */
interface Postings {
  nums: Int32Array;
  scores: Float64Array;
  n: number;
}

/** One document's indexed strings and language, compared on update to skip unchanged documents. */
export type TextSource = unknown[];

export class TextIndex {
  readonly weights: Map<string, number>;
  readonly wildcardWeight?: number;
  readonly defaultLanguage: 'english' | 'none';
  readonly languageOverride: string;
  /** Equality-prefix fields of a compound text index. */
  readonly prefix: string[];
  private readonly postings = new Map<string, Postings>();
  /** Current number of each indexed document id; numbers are never reused, removed ones are tombstones. */
  private readonly numOf = new Map<string, number>();
  private readonly idOf: (string | undefined)[] = [];
  private readonly termCount: number[] = [];
  private dead = 0;
  private live = 0;
  private scratch = new Float64Array(0);
  private touched = new Int32Array(0);
  private outNums = new Int32Array(0);
  private outScores = new Float64Array(0);

  constructor(spec: Doc) {
    const weights = (spec.weights ?? {}) as Record<string, number>;
    this.weights = new Map(Object.entries(weights).filter(([f]) => f !== '$**').map(([f, w]) => [f, Number(w)]));
    if ('$**' in weights) this.wildcardWeight = Number(weights['$**']);
    this.defaultLanguage = canonicalLanguage(String(spec.default_language ?? 'english')) ?? 'english';
    this.languageOverride = String(spec.language_override ?? 'language');
    const keys = Object.keys(spec.key as Doc);
    this.prefix = keys.slice(0, keys.indexOf('_fts'));
  }

  get size(): number {
    return this.numOf.size;
  }

  languageOf(doc: Doc): 'english' | 'none' {
    const l = doc[this.languageOverride];
    if (typeof l !== 'string') return this.defaultLanguage;
    const c = canonicalLanguage(l);
    if (!c) throw new MongoServerError(17262, `language override unsupported: ${l}`);
    return c;
  }

  /** The strings a document contributes, with weights, in field order: [language, w, s, w, s, ...]. */
  sourceOf(doc: Doc): TextSource | null {
    const out: unknown[] = [this.languageOf(doc)];
    const push = (w: number, v: unknown) => {
      if (typeof v === 'string') out.push(w, v);
      else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(w, x);
    };
    for (const [f, w] of this.weights) for (const v of stringsAt(doc, f)) push(w, v);
    if (this.wildcardWeight !== undefined) {
      const walk = (v: unknown, path: string) => {
        if (typeof v === 'string') {
          if (!this.weights.has(path) && path !== this.languageOverride) out.push(this.wildcardWeight, v);
        } else if (Array.isArray(v)) for (const x of v) walk(x, path);
        else if (isPlain(v)) for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
      };
      for (const [k, v] of Object.entries(doc)) if (k !== '_id') walk(v, k);
    }
    return out.length > 1 ? out : null;
  }

  /** Term scores of a document as MongoDB computes them: per string, summed over fields. */
  static termScores(source: TextSource): Map<string, number> {
    const opts: AnalyseOptions = { language: source[0] as 'english' | 'none' };
    const scores = new Map<string, number>();
    for (let i = 1; i < source.length; i += 2) scoreString(source[i + 1] as string, source[i] as number, opts, scores);
    return scores;
  }

  add(id: string, source: TextSource): void {
    if (this.numOf.has(id)) this.remove(id);
    const num = this.idOf.length;
    this.idOf.push(id);
    this.numOf.set(id, num);
    const scores = TextIndex.termScores(source);
    this.termCount.push(scores.size);
    for (const [term, score] of scores) {
      let p = this.postings.get(term);
      if (!p) this.postings.set(term, (p = { nums: new Int32Array(2), scores: new Float64Array(2), n: 0 }));
      if (p.n === p.nums.length) {
        const nums = new Int32Array(p.n * 2);
        nums.set(p.nums);
        const sc = new Float64Array(p.n * 2);
        sc.set(p.scores);
        [p.nums, p.scores] = [nums, sc];
      }
      p.nums[p.n] = num;
      p.scores[p.n++] = score;
    }
    this.live += scores.size;
  }

  remove(id: string): void {
    const num = this.numOf.get(id);
    if (num === undefined) return;
    this.numOf.delete(id);
    this.idOf[num] = undefined;
    this.dead += this.termCount[num];
    this.live -= this.termCount[num];
    if (this.dead > 100_000 && this.dead > this.live) this.compact();
  }

  /** Drops postings of removed documents once they outnumber the live ones. */
  private compact(): void {
    for (const [term, p] of this.postings) {
      let j = 0;
      for (let i = 0; i < p.n; i++) {
        if (this.idOf[p.nums[i]] === undefined) continue;
        p.nums[j] = p.nums[i];
        p.scores[j++] = p.scores[i];
      }
      if (!j) this.postings.delete(term);
      else p.n = j;
    }
    this.dead = 0;
  }

  has(id: string): boolean {
    return this.numOf.has(id);
  }

  /**
   * Documents holding any of `terms`, with the sum of their scores for those terms, minus documents
   * holding any of `excluded`. Reads only the postings of those terms; ids are resolved with idAt().
   */
  lookup(terms: string[], excluded: string[]): { nums: Int32Array; scores: Float64Array } {
    const n = this.idOf.length;
    if (this.scratch.length < n) {
      this.scratch = new Float64Array(Math.ceil(n * 1.25) + 1024);
      this.touched = new Int32Array(this.scratch.length);
    }
    const acc = this.scratch;
    const touched = this.touched;
    let t = 0;
    for (const term of new Set(terms)) {
      const p = this.postings.get(term);
      if (!p) continue;
      const { nums, scores } = p;
      for (let i = 0; i < p.n; i++) {
        const num = nums[i];
        if (acc[num] === 0) touched[t++] = num;
        acc[num] += scores[i];
      }
    }
    for (const term of excluded) {
      const p = this.postings.get(term);
      if (p) for (let i = 0; i < p.n; i++) if (acc[p.nums[i]] > 0) acc[p.nums[i]] = -1;
    }
    // Results reuse buffers too: callers consume them before the next lookup (all synchronous).
    if (this.outNums.length < t) {
      this.outNums = new Int32Array(this.touched.length);
      this.outScores = new Float64Array(this.touched.length);
    }
    const outNums = this.outNums;
    const outScores = this.outScores;
    let k = 0;
    for (let i = 0; i < t; i++) {
      const num = touched[i];
      const s = acc[num];
      acc[num] = 0;
      if (s <= 0 || this.idOf[num] === undefined) continue;
      outNums[k] = num;
      outScores[k++] = s;
    }
    return { nums: outNums.subarray(0, k), scores: outScores.subarray(0, k) };
  }

  idAt(num: number): string | undefined {
    return this.idOf[num];
  }

  /** Consistency check for tests: every document with text is indexed under its current number. */
  verify(docs: Map<string, Doc>): string[] {
    const problems: string[] = [];
    for (const [id, doc] of docs) {
      const want = this.sourceOf(doc) !== null;
      if (want !== this.numOf.has(id)) problems.push(`text: ${want ? 'missing' : 'stale'} ${id}`);
    }
    for (const id of this.numOf.keys()) if (!docs.has(id)) problems.push(`text: stale ${id}`);
    return problems;
  }

  /** Approximate bytes held by the postings (for figures). */
  byteSize(): number {
    let n = 0;
    for (const [term, p] of this.postings) n += p.nums.byteLength + p.scores.byteLength + term.length * 2 + 64;
    return n + this.idOf.length * 8 + this.numOf.size * 48;
  }
}

/** String values at a dotted path (arrays of strings and arrays of subdocuments included). */
function stringsAt(doc: Doc, path: string): unknown[] {
  const parts = path.split('.');
  let cur: unknown[] = [doc];
  for (const part of parts) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (Array.isArray(v)) {
        for (const el of v) if (isPlain(el) && el[part] !== undefined) next.push(el[part]);
      } else if (isPlain(v) && v[part] !== undefined) next.push(v[part]);
    }
    cur = next;
  }
  return cur;
}
