// mingo compares plain JS values only: Long beyond 2^53, Decimal128, Int32/Double wrappers and bigint
// would compare as strings or by type name. Documents and filters holding them are matched through a
// normalised view where those become JS numbers (ObjectId, Date and Binary mingo handles natively).
import { Decimal128, Double, Int32, Long } from 'bson';
import type { Doc } from './errors.js';

const exotic = new WeakSet<object>();
const views = new WeakMap<object, Doc>();

function isExoticNumber(v: unknown): boolean {
  return typeof v === 'bigint' || v instanceof Long || v instanceof Decimal128 || v instanceof Int32 || v instanceof Double;
}

export function containsExoticNumbers(v: unknown): boolean {
  if (isExoticNumber(v)) return true;
  if (Array.isArray(v)) return v.some(containsExoticNumbers);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    for (const k in v as Doc) if (containsExoticNumbers((v as Doc)[k])) return true;
  }
  return false;
}

export function normaliseValue<T>(v: T): T {
  if (typeof v === 'bigint') return Number(v) as T;
  if (v instanceof Long) return v.toNumber() as T;
  if (v instanceof Decimal128) return Number(v.toString()) as T;
  if (v instanceof Int32 || v instanceof Double) return v.valueOf() as T;
  if (Array.isArray(v)) return v.map(normaliseValue) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Doc = {};
    for (const [k, x] of Object.entries(v as Doc)) out[k] = normaliseValue(x);
    return out as T;
  }
  return v;
}

/** Called whenever a document enters a collection, so matching knows whether it needs a view. */
export function noteDocument(doc: Doc): void {
  if (containsExoticNumbers(doc)) exotic.add(doc);
}

/** The document as mingo should see it. */
export function matchView(doc: Doc): Doc {
  if (!exotic.has(doc)) return doc;
  let view = views.get(doc);
  if (!view) views.set(doc, (view = normaliseValue(doc)));
  return view;
}
