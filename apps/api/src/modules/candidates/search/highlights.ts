import stem from 'wink-porter2-stemmer';
import type { TSearchHighlight } from '@hireflow/contracts/candidates-search';

// The words MongoDB's English text analysis drops (its stop list): they never match, so they are never marked.
const StopWords = new Set(
  (
    'a about above after again against all am an and any are aren as at be because been before being below between both but by ' +
    'can cannot could couldn d did didn do does doesn doing don down during each few for from further had hadn has hasn have haven ' +
    'having he her here hers herself him himself his how i if in into is isn it its itself let ll m me more most mustn my myself no ' +
    'nor not of off on once only or other ought our ours ourselves out over own re s same shan she should shouldn so some such t ' +
    'than that the their theirs them themselves then there these they this those through to too under until up ve very was wasn we ' +
    'were weren what when where which while who whom why with won would wouldn you your yours yourself yourselves'
  ).split(' '),
);
const WordPattern = /[\p{L}\p{N}\p{M}]+/gu;
const fold = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const termOf = (w: string) => {
  const f = fold(w);
  return StopWords.has(f) ? null : stem(f);
};

/** The terms a search text matches: folded, stop words dropped, stemmed (as the text index analyses words). */
export function searchTerms(q: string): Set<string> {
  const terms = new Set<string>();
  for (const m of q.matchAll(WordPattern)) {
    const t = termOf(m[0]);
    if (t) terms.add(t);
  }
  return terms;
}

const SnippetLength = 160;
const MaxHighlights = 3;

function markWords(text: string, terms: Set<string>): [number, number][] {
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(WordPattern)) {
    if (terms.has(termOf(m[0]) ?? '')) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/** A window of a long text around its first match, cut at word boundaries, with the ranges moved into it. */
function snippet(text: string, ranges: [number, number][]): { text: string; ranges: [number, number][] } {
  const clean = text.replace(/\s+/g, ' ');
  if (clean !== text) return snippet(clean, markWordsAgain(clean, text, ranges));
  if (text.length <= SnippetLength) return { text, ranges };
  const first = ranges[0]![0];
  let start = Math.max(0, first - 50);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + SnippetLength);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > first ? space : end;
  }
  const prefix = start > 0 ? '… ' : '';
  const suffix = end < text.length ? ' …' : '';
  const shift = prefix.length - start;
  return {
    text: `${prefix}${text.slice(start, end)}${suffix}`,
    ranges: ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
  };
}

// Collapsing whitespace moves offsets: find the same words again in the collapsed text.
function markWordsAgain(clean: string, original: string, ranges: [number, number][]): [number, number][] {
  const wanted = new Set(ranges.map(([s, e]) => original.slice(s, e)));
  const out: [number, number][] = [];
  for (const m of clean.matchAll(WordPattern)) if (wanted.has(m[0])) out.push([m.index, m.index + m[0].length]);
  return out;
}

type Highlightable = {
  firstName: string; lastName?: string | null; email?: string | null; currentTitle?: string | null; currentCompany?: string | null;
  skills?: string[] | null; tags?: string[] | null; notesText?: string | null; resumeText?: string | null;
};

/** Up to three short snippets of the fields a search matched, most important field first; plain text, never HTML. */
export function highlightCandidate(c: Highlightable, terms: Set<string>): TSearchHighlight[] {
  if (terms.size === 0) return [];
  const fields: [TSearchHighlight['field'], string][] = [
    ['name', `${c.firstName} ${c.lastName ?? ''}`.trim()],
    ['email', c.email ?? ''],
    ['currentTitle', c.currentTitle ?? ''],
    ['currentCompany', c.currentCompany ?? ''],
    ['skills', (c.skills ?? []).join(', ')],
    ['tags', (c.tags ?? []).join(', ')],
    ['notes', c.notesText ?? ''],
    ['resume', c.resumeText ?? ''],
  ];
  const out: TSearchHighlight[] = [];
  for (const [field, text] of fields) {
    if (!text) continue;
    const ranges = markWords(text, terms);
    if (ranges.length === 0) continue;
    out.push({ field, ...snippet(text, ranges) });
    if (out.length === MaxHighlights) break;
  }
  return out;
}

/** A search text that is a phone number: digits with spaces, dashes, dots, brackets or a leading +, 7+ digits. */
export function phoneDigitsOf(q: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
}

/** The phone field marked whole, when a phone search matched it. */
export function highlightPhone(phone: string): TSearchHighlight[] {
  return phone ? [{ field: 'phone', text: phone, ranges: [[0, phone.length]] }] : [];
}
