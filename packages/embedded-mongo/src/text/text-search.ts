// $text queries: parse the search string, read candidates and scores from the text index's postings,
// then apply phrases, negations, case/diacritic sensitivity and the rest of the filter.
import type { Collection } from '../collection.js';
import { sortDocs } from '../doc-utils.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import type { Index } from '../index-manager.js';
import { compileFilter } from '../query-planner.js';
import type { LockOwner } from '../write-context.js';
import { collationOf } from '../collation/collation.js';
import { TextIndex } from './text-index.js';
import { canonicalLanguage, foldForPhrase, termOf, words, type AnalyseOptions } from './tokenize.js';

/** Property carrying a result's text score: non-enumerable, so it never reaches the client by itself. */
export const TEXT_SCORE = '__embeddedTextScore';

const isPlain = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

export const isTextScoreMeta = (v: unknown) => isPlain(v) && Object.keys(v).length === 1 && v.$meta === 'textScore';

/** True when a filter holds a $text expression at top level (or directly under a top-level $and). */
export function hasText(filter: Doc | undefined): boolean {
  if (!filter) return false;
  if ('$text' in filter) return true;
  return Array.isArray(filter.$and) && filter.$and.some((f) => isPlain(f) && hasText(f));
}

/** Refuses $text anywhere a text index cannot answer it ($or, $nor, $not, $elemMatch, nested). */
function checkNoNestedText(v: unknown): void {
  if (Array.isArray(v)) return v.forEach(checkNoNestedText);
  if (!isPlain(v)) return;
  for (const [k, x] of Object.entries(v)) {
    if (k === '$text') throw new MongoServerError(2, '$text is not allowed in this context');
    checkNoNestedText(x);
  }
}

/** Splits a filter into its $text argument and the remaining conditions. */
function splitText(filter: Doc): { text: Doc; rest: Doc } {
  let text: Doc | undefined;
  const take = (f: Doc): Doc => {
    const rest: Doc = {};
    for (const [k, v] of Object.entries(f)) {
      if (k === '$text') {
        if (text) throw new MongoServerError(2, 'Too many text expressions');
        if (!isPlain(v)) throw new MongoServerError(2, '$text expects an object');
        text = v;
      } else if (k === '$and' && Array.isArray(v)) {
        rest.$and = v.map((sub) => (isPlain(sub) ? take(sub) : sub)).filter((sub) => !isPlain(sub) || Object.keys(sub).length);
        if (!(rest.$and as unknown[]).length) delete rest.$and;
      } else {
        checkNoNestedText(v);
        rest[k] = v;
      }
    }
    return rest;
  };
  const rest = take(filter);
  return { text: text!, rest };
}

interface ParsedSearch {
  terms: string[];
  negated: string[];
  phrases: string[];
  negatedPhrases: string[];
}

/** `coffee "cafe latte" -decaf -"instant coffee"`: terms (OR), phrases (AND) and negations. */
export function parseSearch(search: string, opts: AnalyseOptions): ParsedSearch {
  const out: ParsedSearch = { terms: [], negated: [], phrases: [], negatedPhrases: [] };
  const addTerms = (text: string, into: string[]) => {
    for (const w of words(text)) {
      const t = termOf(w, { language: opts.language });
      if (t !== undefined) into.push(t);
    }
  };
  let i = 0;
  while (i < search.length) {
    const ch = search[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const negate = ch === '-' && i + 1 < search.length && !/\s/.test(search[i + 1]);
    const start = negate ? i + 1 : i;
    if (search[start] === '"') {
      const end = search.indexOf('"', start + 1);
      const phrase = search.slice(start + 1, end === -1 ? search.length : end);
      i = end === -1 ? search.length : end + 1;
      if (!phrase.trim()) continue;
      if (negate) out.negatedPhrases.push(phrase);
      else {
        out.phrases.push(phrase);
        addTerms(phrase, out.terms);
      }
      continue;
    }
    let end = start;
    while (end < search.length && !/\s/.test(search[end]) && search[end] !== '"') end++;
    addTerms(search.slice(start, end), negate ? out.negated : out.terms);
    i = end;
  }
  return out;
}

export function textIndexOf(coll: Collection | undefined): Index | undefined {
  return coll?.indexes.find((ix) => ix.text);
}

export interface TextQueryOptions {
  filter: Doc;
  /** Who reads (see FindOptions.reader): outside a transaction, uncommitted versions are swapped for committed ones. */
  reader?: LockOwner | 'latest';
  sort?: Doc;
  skip?: number;
  limit?: number;
  collation?: unknown;
}

function textArgs(text: Doc): { search: string; language: 'english' | 'none' | undefined; caseSensitive: boolean; diacriticSensitive: boolean } {
  for (const k of Object.keys(text)) {
    if (!['$search', '$language', '$caseSensitive', '$diacriticSensitive'].includes(k)) throw new MongoServerError(2, `extra fields in $text: ${k}`);
  }
  if (typeof text.$search !== 'string') throw new MongoServerError(2, '$search needs a String');
  let language: 'english' | 'none' | undefined;
  if (text.$language !== undefined) {
    if (typeof text.$language !== 'string') throw new MongoServerError(2, '$language needs a String');
    language = canonicalLanguage(text.$language);
    if (!language) throw new MongoServerError(17262, `language override unsupported: ${text.$language}`);
  }
  for (const k of ['$caseSensitive', '$diacriticSensitive']) {
    if (text[k] !== undefined && typeof text[k] !== 'boolean') throw new MongoServerError(2, `${k} requires a boolean value`);
  }
  return { search: text.$search, language, caseSensitive: text.$caseSensitive === true, diacriticSensitive: text.$diacriticSensitive === true };
}

/** A document's indexed strings, folded for phrase checks. */
function foldedStrings(source: unknown[], caseSensitive: boolean, diacriticSensitive: boolean): string[] {
  const out: string[] = [];
  for (let i = 2; i < source.length; i += 2) out.push(foldForPhrase(source[i] as string, caseSensitive, diacriticSensitive));
  return out;
}

/** Yields docs (shallow copies carrying their score) matching a filter with $text, in the requested order. */
export function textQueryDocs(coll: Collection | undefined, opts: TextQueryOptions): Iterable<Doc> {
  const { text, rest } = splitText(opts.filter);
  const ix = textIndexOf(coll);
  if (!coll || !ix?.text) throw new MongoServerError(27, 'text index required for $text query');
  const tix = ix.text;
  const args = textArgs(text);
  for (const f of tix.prefix) {
    const v = rest[f];
    if (v === undefined || (isPlain(v) && !('$eq' in v))) {
      throw new MongoServerError(
        2,
        'error processing query: planner returned error :: caused by :: failed to use text index to satisfy $text query (if text index is compound, are equality predicates given for all prefix fields?)',
      );
    }
  }
  const language = args.language ?? tix.defaultLanguage;
  const parsed = parseSearch(args.search, { language });
  if (!parsed.terms.length) return [];
  const lookup = tix.lookup(parsed.terms, parsed.negated);
  let { nums, scores } = lookup;
  const overlay = opts.reader === 'latest' ? undefined : coll.overlay(opts.reader);
  const extra: Doc[] = [];
  if (overlay) {
    // Read committed: documents other transactions changed are answered from their committed versions.
    const visible: number[] = [];
    for (let i = 0; i < nums.length; i++) if (!overlay.hidden.has(tix.idAt(nums[i])!)) visible.push(i);
    const extraScores: number[] = [];
    for (const doc of overlay.committed) {
      const source = tix.sourceOf(doc);
      if (!source) continue;
      const terms = TextIndex.termScores(source);
      if (parsed.negated.some((t) => terms.has(t))) continue;
      let score = 0;
      for (const t of new Set(parsed.terms)) score += terms.get(t) ?? 0;
      if (score > 0) {
        extra.push(doc);
        extraScores.push(score);
      }
    }
    const n = visible.length + extra.length;
    const [nn, ss] = [new Int32Array(n), new Float64Array(n)];
    visible.forEach((i, j) => ((nn[j] = nums[i]), (ss[j] = scores[i])));
    extra.forEach((_, j) => ((nn[visible.length + j] = -1 - j), (ss[visible.length + j] = extraScores[j])));
    [nums, scores] = [nn, ss];
  }
  const docAt = (i: number) => {
    if (nums[i] < 0) return extra[-1 - nums[i]];
    const id = tix.idAt(nums[i]);
    return id === undefined ? undefined : coll.get(id);
  };
  // The other conditions compare under the request's (or the collection's default) collation.
  const collation = collationOf(opts.collation !== undefined ? opts.collation : coll.options.collation);
  const test = compileFilter(rest, collation);
  const sensitive = args.caseSensitive || args.diacriticSensitive;
  const phrases = parsed.phrases.map((p) => foldForPhrase(p, args.caseSensitive, args.diacriticSensitive));
  const negPhrases = parsed.negatedPhrases.map((p) => foldForPhrase(p, args.caseSensitive, args.diacriticSensitive));
  const sensitiveTerms = sensitive ? sensitiveQueryTerms(args.search, language, args) : undefined;
  const accept = (doc: Doc): boolean => {
    if (phrases.length || negPhrases.length || sensitiveTerms) {
      const source = tix.sourceOf(doc);
      if (!source) return false;
      if (phrases.length || negPhrases.length) {
        const strings = foldedStrings(source, args.caseSensitive, args.diacriticSensitive);
        if (!phrases.every((p) => strings.some((s) => s.includes(p)))) return false;
        if (negPhrases.some((p) => strings.some((s) => s.includes(p)))) return false;
      }
      if (sensitiveTerms) {
        const have = new Set<string>();
        for (let i = 2; i < source.length; i += 2) {
          for (const w of words(source[i] as string)) {
            const t = termOf(w, { language: source[0] as 'english' | 'none', caseSensitive: args.caseSensitive, diacriticSensitive: args.diacriticSensitive });
            if (t !== undefined) have.add(t);
          }
        }
        if (!sensitiveTerms.some((t) => have.has(t))) return false;
      }
    }
    return test(doc);
  };
  const scored = (doc: Doc, score: number): Doc => {
    const copy = { ...doc };
    Object.defineProperty(copy, TEXT_SCORE, { value: score, enumerable: false });
    return copy;
  };
  const sort = opts.sort && Object.keys(opts.sort).length ? rewriteSort(opts.sort) : undefined;
  const skip = opts.skip ?? 0;
  const keep = opts.limit ? skip + opts.limit : 0;
  const onlyScore = sort && Object.keys(sort).length === 1 && TEXT_SCORE in sort;
  let out: Doc[];
  if (onlyScore && keep) {
    out = topByScore(scores, keep, (i) => {
      const doc = docAt(i);
      return doc && accept(doc) ? scored(doc, scores[i]) : undefined;
    });
  } else {
    out = [];
    for (let i = 0; i < nums.length; i++) {
      const doc = docAt(i);
      if (doc && accept(doc)) out.push(scored(doc, scores[i]));
      // Unsorted and limited (a count with a limit, a find without sort): any `keep` matches will do.
      if (!sort && keep && out.length >= keep) break;
    }
    if (sort) out = sortDocs(out, sort, collation?.spec, keep);
  }
  return opts.limit || skip ? out.slice(skip, keep || undefined) : out;
}

/** Case/diacritic-sensitive forms of the positive search terms. */
function sensitiveQueryTerms(search: string, language: 'english' | 'none', args: { caseSensitive: boolean; diacriticSensitive: boolean }): string[] {
  const out: string[] = [];
  const positive = search.replace(/-"[^"]*"/g, ' ').split(/\s+/).filter((w) => w && !w.startsWith('-'));
  for (const chunk of positive) {
    for (const w of words(chunk.replace(/"/g, ' '))) {
      const t = termOf(w, { language, caseSensitive: args.caseSensitive, diacriticSensitive: args.diacriticSensitive });
      if (t !== undefined) out.push(t);
    }
  }
  return out;
}

/** `{ score: { $meta: 'textScore' } }` sorts by descending score. */
export function rewriteSort(sort: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(sort)) {
    if (isTextScoreMeta(v)) out[TEXT_SCORE] = -1;
    else out[k] = v;
  }
  return out;
}

/**
 * The `keep` best-scoring accepted candidates, best first. Candidates above a score threshold (estimated
 * from a sample so that about max(20 x keep, 2,000) pass it) go into a max-heap popped until enough pass
 * the filter; only if they run out are the others heaped too. So a selective filter costs only the
 * candidates it looks at, and a large candidate set costs one linear pass, not a heap over all of it.
 */
function topByScore(scores: Float64Array, keep: number, take: (i: number) => Doc | undefined): Doc[] {
  const n = scores.length;
  const out: Doc[] = [];
  const want = Math.max(keep * 20, 2_000);
  let threshold = -Infinity;
  if (n > want * 4) {
    const sample = new Float64Array(1_024);
    for (let i = 0; i < sample.length; i++) sample[i] = scores[Math.floor((i * n) / sample.length)];
    sample.sort();
    threshold = sample[Math.max(0, sample.length - 1 - Math.ceil((sample.length * want) / n))];
  }
  // First the candidates at or above the threshold, then (rarely needed) those below it.
  for (const above of [true, false]) {
    let size = 0;
    for (let i = 0; i < n; i++) if (scores[i] >= threshold === above) size++;
    const heap = new Int32Array(size);
    size = 0;
    for (let i = 0; i < n; i++) if (scores[i] >= threshold === above) heap[size++] = i;
    popBest(heap, scores, keep, take, out);
    if (out.length >= keep) break;
  }
  return out;
}

/** Heap-orders `heap` (candidate positions) by score and takes accepted documents best first. */
function popBest(heap: Int32Array, scores: Float64Array, keep: number, take: (i: number) => Doc | undefined, out: Doc[]): void {
  const n = heap.length;
  const less = (a: number, b: number) => scores[heap[a]] < scores[heap[b]] || (scores[heap[a]] === scores[heap[b]] && heap[a] > heap[b]);
  const down = (i: number, size: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && less(m, l)) m = l;
      if (r < size && less(m, r)) m = r;
      if (m === i) return;
      const x = heap[i];
      heap[i] = heap[m];
      heap[m] = x;
      i = m;
    }
  };
  for (let i = (n >> 1) - 1; i >= 0; i--) down(i, n);
  let size = n;
  while (size > 0 && out.length < keep) {
    const top = heap[0];
    heap[0] = heap[--size];
    down(0, size);
    const doc = take(top);
    if (doc) out.push(doc);
  }
}

/** The text score of a result document, if it came from a $text query. */
export function textScoreOf(doc: Doc): number | undefined {
  const s = (doc as Record<string, unknown>)[TEXT_SCORE];
  return typeof s === 'number' ? s : undefined;
}

/** Splits `{ $meta: 'textScore' }` fields out of a find projection. */
export function splitMetaProjection(projection: Doc): { rest: Doc; meta: string[] } {
  const rest: Doc = {};
  const meta: string[] = [];
  for (const [k, v] of Object.entries(projection)) {
    if (isTextScoreMeta(v)) meta.push(k);
    else rest[k] = v;
  }
  return { rest, meta };
}

export function missingScoreError(): MongoServerError {
  return new MongoServerError(40218, 'query requires text score metadata, but it is not available');
}

/**
 * Aggregation after a `$match: { $text }`: each document gets its score as a real field and every
 * `{ $meta: 'textScore' }` becomes a path to it (removed again from the results).
 */
export function rewriteMetaInPipeline(stages: Doc[]): Doc[] {
  const walk = (v: unknown): unknown => {
    if (isTextScoreMeta(v)) return '$' + TEXT_SCORE;
    if (Array.isArray(v)) return v.map(walk);
    if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return stages.map((st) => (st.$sort && isPlain(st.$sort) ? { $sort: rewriteSort(st.$sort) } : (walk(st) as Doc)));
}

const containsText = (v: unknown): boolean =>
  Array.isArray(v) ? v.some(containsText) : isPlain(v) ? Object.entries(v).some(([k, x]) => k === '$text' || containsText(x)) : false;

/** Refuses $text in any aggregation stage but a leading $match. */
export function checkTextPlacement(stages: Doc[], first = true): void {
  stages.forEach((st, i) => {
    if (!isPlain(st)) return;
    const [op] = Object.keys(st);
    if (op === '$match' && isPlain(st.$match) && containsText(st.$match) && !(first && i === 0)) {
      throw new MongoServerError(17313, '$match with $text is only allowed as the first pipeline stage');
    }
    if (op === '$facet' && isPlain(st.$facet)) for (const p of Object.values(st.$facet)) if (Array.isArray(p)) checkTextPlacement(p as Doc[], false);
    if ((op === '$lookup' || op === '$unionWith') && isPlain(st[op]) && Array.isArray((st[op] as Doc).pipeline)) checkTextPlacement((st[op] as Doc).pipeline as Doc[], true);
  });
}

export { TextIndex };
