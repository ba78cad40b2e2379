// Secondary index structure: ordered (key, _id) entries supporting unique/sparse/partial/compound/multikey.
import { Query } from 'mingo';
import { compareKeys, compareValues, keyString, SCAN_FIRST, SCAN_LAST, typeRank } from './bson-compare.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import { MINGO_OPTIONS } from './mingo-options.js';
import { SortedList } from './sorted-list.js';
import { isTextKey, TextIndex, type TextSource } from './text/text-index.js';
import { collatedCompare, collationOf, type Collation } from './collation/collation.js';

export interface IndexSpec {
  v?: number;
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

export interface IndexEntry {
  k: unknown[];
  id: string;
}

/** Bounds on the first non-equality field of a scan. */
export interface RangeBound {
  lo?: unknown;
  loInclusive?: boolean;
  hi?: unknown;
  hiInclusive?: boolean;
}

/** Values at a dotted path, descending into arrays the way MongoDB index keys do. */
export function pathValues(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === parts.length) {
      if (Array.isArray(value)) {
        if (value.length === 0) out.push(value);
        else for (const v of value) out.push(v);
      } else out.push(value);
      return;
    }
    if (Array.isArray(value)) {
      if (/^\d+$/.test(parts[i]) && value.length > Number(parts[i])) walk(value[Number(parts[i])], i + 1);
      for (const el of value) if (el && typeof el === 'object' && !Array.isArray(el)) walk((el as Doc)[parts[i]], i + 1);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const next = (value as Doc)[parts[i]];
    if (next === undefined) return;
    walk(next, i + 1);
  };
  walk(doc, 0);
  return out;
}

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([f, d]) => `${f}_${String(d)}`)
    .join('_');
}

export class Index {
  readonly fields: string[];
  readonly dirs: number[];
  readonly entries: SortedList<IndexEntry>;
  private readonly partial?: Query;
  /** Text and geo indexes hold no ordered entries (geo ones hold nothing; text ones their own postings). */
  readonly inert: boolean;
  /** The inverted index of a text index. */
  readonly text?: TextIndex;
  multikey = false;
  /** An index created with a collation orders and compares its string keys under it. */
  readonly collation?: Collation;
  private readonly cmpValue: (a: unknown, b: unknown) => number;

  constructor(readonly spec: IndexSpec) {
    this.collation = collationOf(spec.collation);
    const coll = this.collation;
    this.cmpValue = coll ? (a, b) => collatedCompare(a, b, coll) : compareValues;
    this.fields = Object.keys(spec.key);
    const values = Object.values(spec.key);
    this.inert = values.some((d) => d === 'text' || d === '2dsphere' || d === '2d');
    if (isTextKey(spec.key)) this.text = new TextIndex(spec);
    this.dirs = values.map((d) => (d === -1 || d === '-1' ? -1 : 1));
    this.entries = new SortedList<IndexEntry>((a, b) => compareKeys(a.k, b.k, this.dirs, this.cmpValue) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    if (spec.partialFilterExpression) this.partial = new Query(spec.partialFilterExpression, MINGO_OPTIONS);
  }

  get name(): string {
    return this.spec.name;
  }
  get unique(): boolean {
    return !!this.spec.unique;
  }
  /** Sparse and partial indexes omit documents, so they can't answer every query on their fields. */
  get complete(): boolean {
    return !this.spec.sparse && !this.partial && !this.inert;
  }

  /** All keys a document contributes, or null when the index skips it. */
  keysFor(doc: Doc): unknown[][] | null {
    if (this.text) {
      // One key: the document's indexed strings, so an update that leaves them alone changes nothing.
      if (this.partial && !this.partial.test(doc)) return null;
      const source = this.text.sourceOf(doc);
      return source && [[source]];
    }
    if (this.inert) return null;
    if (this.partial && !this.partial.test(doc)) return null;
    if (this.fields.length === 1 && !this.fields[0].includes('.')) {
      // Fast path: one top-level scalar field.
      const v = doc[this.fields[0]];
      if (!Array.isArray(v)) {
        if (v === undefined && this.spec.sparse) return null;
        return [[v === undefined ? null : v]];
      }
    }
    let present = false;
    const perField = this.fields.map((f) => {
      const vals = pathValues(doc, f);
      if (vals.length) present = true;
      return vals.length ? vals : [null];
    });
    if (this.spec.sparse && !present) return null;
    let keys: unknown[][] = [[]];
    for (const vals of perField) {
      const next: unknown[][] = [];
      for (const k of keys) for (const v of vals) next.push([...k, v === undefined ? null : v]);
      keys = next;
    }
    if (keys.length > 1) {
      this.multikey = true;
      const seen = new Set<string>();
      keys = keys.filter((k) => {
        const s = keyString(k);
        return seen.has(s) ? false : (seen.add(s), true);
      });
    } else if (perField.some((v) => v.length > 1 || Array.isArray(v[0]))) this.multikey = true;
    return keys;
  }

  /**
   * Builds the index over many documents at once: one sort instead of n ordered inserts.
   * Throws the duplicate-key error of the first unique violation.
   */
  build(ns: string, docs: Iterable<[string, Doc]>): void {
    if (this.text) {
      for (const [id, doc] of docs) this.add(id, this.keysFor(doc));
      return;
    }
    const entries: IndexEntry[] = [];
    for (const [id, doc] of docs) {
      const keys = this.keysFor(doc);
      if (keys) for (const k of keys) entries.push({ k, id });
    }
    const cmp = (a: IndexEntry, b: IndexEntry) => compareKeys(a.k, b.k, this.dirs, this.cmpValue) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    entries.sort(cmp);
    if (this.unique) {
      for (let i = 1; i < entries.length; i++) {
        if (entries[i].id !== entries[i - 1].id && compareKeys(entries[i].k, entries[i - 1].k, this.dirs, this.cmpValue) === 0) {
          throw this.duplicateKeyError(ns, entries[i].k);
        }
      }
    }
    this.entries.loadSorted(entries);
  }

  add(id: string, keys: unknown[][] | null): void {
    if (this.text) {
      if (keys) this.text.add(id, keys[0][0] as TextSource);
      return;
    }
    if (keys) for (const k of keys) this.entries.insert({ k, id });
  }

  remove(id: string, keys: unknown[][] | null): void {
    if (this.text) return this.text.remove(id);
    if (keys) for (const k of keys) this.entries.delete({ k, id });
  }

  /** First key of `keys` already held by another document, for unique enforcement. */
  findConflict(keys: unknown[][] | null, selfId?: string): unknown[] | undefined {
    if (!this.unique || !keys) return undefined;
    for (const k of keys) {
      let e = this.entries.firstAtLeast({ k, id: '' });
      if (e && e.id === selfId && compareKeys(e.k, k, this.dirs, this.cmpValue) === 0) e = this.entries.firstAtLeast({ k, id: selfId + '\u0000' });
      if (e && e.id !== selfId && compareKeys(e.k, k, this.dirs, this.cmpValue) === 0) return k;
    }
    return undefined;
  }

  duplicateKeyError(ns: string, key: unknown[]): MongoServerError {
    const keyPattern: Doc = {};
    const keyValue: Doc = {};
    this.fields.forEach((f, i) => {
      keyPattern[f] = this.spec.key[f];
      keyValue[f] = key[i];
    });
    const shown = this.fields.map((f, i) => `${f}: ${formatValue(key[i])}`).join(', ');
    // A collated index names its collation in the message, as MongoDB does.
    const collation = this.collation
      ? ` collation: { ${Object.entries(this.collation.spec).map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')} }`
      : '';
    return new MongoServerError(11000, `E11000 duplicate key error collection: ${ns} index: ${this.name}${collation} dup key: { ${shown} }`, {
      keyPattern,
      keyValue,
    });
  }

  /**
   * Entries whose leading keys equal `eq` (fewer values than fields), counted from their positions. Only
   * a document count when the index is not multikey (one entry per document).
   */
  countPrefix(eq: unknown[]): number {
    const rest = this.fields.length - eq.length;
    const lo = { k: [...eq, ...Array<unknown>(rest).fill(SCAN_FIRST)], id: '' };
    const hi = { k: [...eq, ...Array<unknown>(rest).fill(SCAN_LAST)], id: '' };
    return this.entries.rank(hi) - this.entries.rank(lo);
  }

  /**
   * Ids whose keys match `eq` on the leading fields and `range` on the next one, in index order.
   * Results are a superset filtered again by the full query, so bounds only need to be safe.
   */
  *scan(eq: unknown[], range?: RangeBound, reverse = false): Generator<string> {
    const n = eq.length;
    const rangeDir = this.dirs[n] ?? 1;
    const start: unknown[] = [...eq];
    if (range && n < this.fields.length) {
      const first = rangeDir === 1 ? range.lo : range.hi;
      start.push(first === undefined ? SCAN_FIRST : first);
    }
    while (start.length < this.fields.length) start.push(SCAN_FIRST);
    const bracket = range ? typeRank(range.lo !== undefined ? range.lo : range.hi) : 0;
    const iter = reverse && !n && !range ? this.entries.descending() : this.entries.ascending({ k: start, id: '' });
    for (const e of iter) {
      let ok = true;
      for (let i = 0; i < n; i++) if (this.cmpValue(e.k[i], eq[i]) !== 0) return;
      if (range && n < this.fields.length) {
        const v = e.k[n];
        if (typeRank(v) !== bracket) {
          // Left the bracketed type: with the start bound inside it we are past the end.
          if ((typeRank(v) - bracket) * rangeDir > 0) return;
          continue;
        }
        if (range.lo !== undefined) {
          const c = this.cmpValue(v, range.lo);
          if (c < 0 || (c === 0 && !range.loInclusive)) ok = false;
          if (c < 0 && rangeDir === -1) return;
        }
        if (range.hi !== undefined) {
          const c = this.cmpValue(v, range.hi);
          if (c > 0 || (c === 0 && !range.hiInclusive)) ok = false;
          if (c > 0 && rangeDir === 1) return;
        }
      }
      if (ok) yield e.id;
    }
  }
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (typeof v === 'object' && 'toHexString' in v && typeof v.toHexString === 'function') return `ObjectId('${v.toHexString()}')`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
