// Text analysis for text indexes and $text: tokenizing, case and diacritic folding, English stop words
// and Porter2 (Snowball English) stemming, the same pipeline MongoDB's text index version 3 applies.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient typing must travel with this file into the API's typecheck
/// <reference path="./wink-porter2-stemmer.d.ts" />
import stem from 'wink-porter2-stemmer';

// MongoDB's text search languages (names and codes). English has stemming and stop words here; the others
// are accepted (so documents and indexes MongoDB takes are taken) and analysed like 'none': exact words.
const OTHER_LANGUAGES = new Set(
  'danish da dutch nl finnish fi french fr german de hungarian hu italian it norwegian nb portuguese pt romanian ro russian ru spanish es swedish sv turkish tr'.split(' '),
);

export function canonicalLanguage(lang: string): 'english' | 'none' | undefined {
  const l = lang.toLowerCase();
  if (l === 'english' || l === 'en') return 'english';
  if (l === 'none' || OTHER_LANGUAGES.has(l)) return 'none';
  return undefined;
}

// English stop words (contractions are split at the apostrophe, so their pieces are listed too).
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are aren as at be because been before being below between both but by ' +
    'can cannot could couldn d did didn do does doesn doing don down during each few for from further had hadn has hasn have haven ' +
    'having he her here hers herself him himself his how i if in into is isn it its itself let ll m me more most mustn my myself no ' +
    'nor not of off on once only or other ought our ours ourselves out over own re s same shan she should shouldn so some such t ' +
    'than that the their theirs them themselves then there these they this those through to too under until up ve very was wasn we ' +
    'were weren what when where which while who whom why with won would wouldn you your yours yourself yourselves'
  ).split(' '),
);

export const isStopWord = (lowerTerm: string) => STOP_WORDS.has(lowerTerm);

// Stemming costs microseconds a word while vocabularies are small: remember recent stems.
const stems = new Map<string, string>();
function stemCached(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= 200_000) stems.clear();
    stems.set(word, (s = stem(word)));
  }
  return s;
}

/** Every character that is not a letter, digit or combining mark separates words. */
const DELIMITERS = /[^\p{L}\p{N}\p{M}]+/u;
const MARKS = /\p{M}/gu;

export function removeDiacritics(s: string): string {
  // ASCII text (the common case) has nothing to remove.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(s) ? s : s.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

export interface AnalyseOptions {
  language: 'english' | 'none';
  caseSensitive?: boolean;
  diacriticSensitive?: boolean;
}

/** The raw words of a text, in order. */
export function words(text: string): string[] {
  return text.split(DELIMITERS).filter(Boolean);
}

/**
 * The index term of one word, or undefined for a stop word. Terms are lower case and without diacritics;
 * with caseSensitive/diacriticSensitive the word's own case/accents are kept where the stem is a prefix.
 */
export function termOf(word: string, opts: AnalyseOptions): string | undefined {
  if (opts.caseSensitive || opts.diacriticSensitive) return analyse(word, opts);
  // The common case (insensitive): one lookup per word once it has been seen.
  const cache = opts.language === 'english' ? englishTerms : plainTerms;
  let t = cache.get(word);
  if (t === undefined) {
    if (cache.size >= 200_000) cache.clear();
    cache.set(word, (t = analyse(word, opts) ?? null));
  }
  return t ?? undefined;
}

const englishTerms = new Map<string, string | null>();
const plainTerms = new Map<string, string | null>();

function analyse(word: string, opts: AnalyseOptions): string | undefined {
  const folded = removeDiacritics(word).toLowerCase();
  if (opts.language === 'english' && STOP_WORDS.has(folded)) return undefined;
  const stemmed = opts.language === 'english' ? stemCached(folded) : folded;
  if (!opts.caseSensitive && !opts.diacriticSensitive) return stemmed;
  let source = word;
  if (!opts.diacriticSensitive) source = removeDiacritics(source);
  if (!opts.caseSensitive) source = source.toLowerCase();
  // Put the kept case/accents back onto the stem when it is a prefix of the word (it nearly always is).
  const foldedSource = removeDiacritics(source).toLowerCase();
  return foldedSource.startsWith(stemmed) ? source.slice(0, stemmed.length) : source === foldedSource ? stemmed : source;
}

/** Terms of a text with the per-term score MongoDB's text index gives one string of one field. */
export function scoreString(text: string, weight: number, opts: AnalyseOptions, into: Map<string, number>): void {
  const stats = new Map<string, { count: number; freq: number; exp: number }>();
  let n = 0;
  for (const w of words(text)) {
    const term = termOf(w, opts);
    if (term === undefined) continue;
    let s = stats.get(term);
    if (!s) stats.set(term, (s = { count: 0, freq: 0, exp: 0 }));
    // Repeats count for less and less: 1, 1/2, 1/4, ...
    s.exp = s.exp ? s.exp * 2 : 1;
    s.count++;
    s.freq += 1 / s.exp;
    n++;
  }
  const whole = text.toLowerCase();
  for (const [term, s] of stats) {
    const coeff = (0.5 * s.count) / n + 0.5;
    // A field that is exactly the term scores a little higher.
    const adjustment = whole.length === term.length && whole === term ? 1.1 : 1;
    into.set(term, (into.get(term) ?? 0) + weight * s.freq * coeff * adjustment);
  }
}

/** Text folded the way phrase matching compares it. */
export function foldForPhrase(text: string, caseSensitive: boolean, diacriticSensitive: boolean): string {
  let t = diacriticSensitive ? text : removeDiacritics(text);
  if (!caseSensitive) t = t.toLowerCase();
  return t;
}
