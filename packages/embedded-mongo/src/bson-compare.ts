// BSON-order comparison and canonical keys. mingo compares plain JS values only, so everything that
// orders or hashes stored values (indexes, sort, _id lookup, distinct) goes through here instead.
import { Binary, BSONRegExp, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp, BSONSymbol } from 'bson';

/** Sentinels used as index-scan bounds: before/after every value regardless of sort direction. */
export const SCAN_FIRST = Symbol('scan-first');
export const SCAN_LAST = Symbol('scan-last');

/** Rank of a value's type in MongoDB's cross-type sort order. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp || v instanceof BSONRegExp) return 12;
  if (v instanceof ObjectId) return 8;
  if (v instanceof Long || v instanceof Decimal128 || v instanceof Int32 || v instanceof Double) return 3;
  if (v instanceof Binary || v instanceof Uint8Array) return 7;
  if (v instanceof Timestamp) return 11;
  if (v instanceof BSONSymbol) return 4;
  if (v instanceof MinKey) return 1;
  if (v instanceof MaxKey) return 13;
  return 5;
}

function toNumeric(v: unknown): number | bigint {
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  if (v instanceof Long) return v.toBigInt();
  if (v instanceof Int32 || v instanceof Double) return v.valueOf();
  if (v instanceof Decimal128) return Number(v.toString());
  return NaN;
}

function compareNumeric(a: unknown, b: unknown): number {
  const x = toNumeric(a);
  const y = toNumeric(b);
  if (typeof x === 'number' && typeof y === 'number') {
    // MongoDB orders NaN below every other number.
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
    if (Number.isNaN(y)) return 1;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
  // Mixed bigint/number: exact when the double is an integer, else fall back to doubles.
  const [bx, by] = [x, y].map((n) => (typeof n === 'number' && Number.isInteger(n) ? BigInt(n) : n));
  if (typeof bx === 'bigint' && typeof by === 'bigint') return bx < by ? -1 : bx > by ? 1 : 0;
  const nx = Number(x);
  const ny = Number(y);
  return nx < ny ? -1 : nx > ny ? 1 : 0;
}

const cmpPrim = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

function bytesOf(v: Binary | Uint8Array): Uint8Array {
  return v instanceof Binary ? v.buffer.subarray(0, v.position) : v;
}

interface OidInts {
  i0?: number;
  i1: number;
  i2: number;
  i3: number;
}

/** bson 7 keeps ObjectId bytes as four 24-bit ints; comparing those avoids allocating buffers. */
function compareObjectIds(a: ObjectId, b: ObjectId): number {
  const x = a as unknown as OidInts;
  const y = b as unknown as OidInts;
  if (typeof x.i0 === 'number' && typeof y.i0 === 'number') {
    return cmpPrim(x.i0, y.i0) || cmpPrim(x.i1, y.i1) || cmpPrim(x.i2, y.i2) || cmpPrim(x.i3, y.i3);
  }
  return Buffer.compare(a.id, b.id);
}

export function compareValues(a: unknown, b: unknown): number {
  // Fast paths for the common same-type cases.
  const ta = typeof a;
  if (ta === typeof b && (ta === 'string' || (ta === 'number' && !Number.isNaN(a) && !Number.isNaN(b)))) {
    return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  }
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3:
      return compareNumeric(a, b);
    case 4:
      return cmpPrim(String(a), String(b));
    case 5:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case 6: {
      const xs = a as unknown[];
      const ys = b as unknown[];
      for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
        const c = compareValues(xs[i], ys[i]);
        if (c) return c;
      }
      return cmpPrim(xs.length, ys.length);
    }
    case 7: {
      const x = bytesOf(a as Binary);
      const y = bytesOf(b as Binary);
      if (x.length !== y.length) return x.length < y.length ? -1 : 1;
      const st = cmpPrim(a instanceof Binary ? a.sub_type : 0, b instanceof Binary ? b.sub_type : 0);
      return st || Buffer.compare(x, y);
    }
    case 8:
      return compareObjectIds(a as ObjectId, b as ObjectId);
    case 9:
      return cmpPrim(Number(a), Number(b));
    case 10:
      return cmpPrim((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return (a as Timestamp).compare(b as Timestamp);
    case 12: {
      const [sa, fa] = regexParts(a);
      const [sb, fb] = regexParts(b);
      return cmpPrim(sa, sb) || cmpPrim(fa, fb);
    }
  }
  return 0;
}

function regexParts(v: unknown): [string, string] {
  if (v instanceof RegExp) return [v.source, v.flags];
  const r = v as BSONRegExp;
  return [r.pattern, r.options];
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const va = a[ka[i]];
    const vb = b[kb[i]];
    const c = cmpPrim(typeRank(va), typeRank(vb)) || cmpPrim(ka[i], kb[i]) || compareValues(va, vb);
    if (c) return c;
  }
  return cmpPrim(ka.length, kb.length);
}

/**
 * Canonical string for equality: values MongoDB considers equal (1, 1.0, Long(1)) map to the same key.
 * Used for the _id map, unique checks and distinct.
 */
export function keyString(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  switch (typeof v) {
    case 'number':
      return Object.is(v, -0) ? 'n0' : 'n' + v;
    case 'bigint':
      return 'n' + numericKey(v);
    case 'string':
      return 's' + v;
    case 'boolean':
      return v ? 'b1' : 'b0';
  }
  if (v instanceof ObjectId) return 'o' + v.toHexString();
  if (v instanceof Date) return 'd' + v.getTime();
  if (Array.isArray(v)) return 'a' + JSON.stringify(v.map(keyString));
  if (v instanceof Long) return 'n' + numericKey(v.toBigInt());
  if (v instanceof Int32 || v instanceof Double) return keyString(v.valueOf());
  if (v instanceof Decimal128) return 'n' + Number(v.toString());
  if (v instanceof Binary) return 'B' + v.sub_type + ':' + Buffer.from(bytesOf(v)).toString('base64');
  if (v instanceof Uint8Array) return 'B0:' + Buffer.from(v).toString('base64');
  if (v instanceof RegExp) return 'r' + String(v);
  if (v instanceof BSONRegExp) return 'r/' + v.pattern + '/' + v.options;
  if (v instanceof Timestamp) return 't' + v.toString();
  if (v instanceof MinKey) return 'm';
  if (v instanceof MaxKey) return 'M';
  if (v instanceof BSONSymbol) return 's' + v.valueOf();
  const obj = v as Record<string, unknown>;
  return 'O' + JSON.stringify(Object.keys(obj).map((k) => [k, keyString(obj[k])]));
}

function numericKey(n: bigint): string {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? String(Number(n)) : n.toString();
}

/** Compares index keys field by field, honouring per-field direction and the scan sentinels. */
export function compareKeys(a: readonly unknown[], b: readonly unknown[], dirs: readonly number[], cmp: (x: unknown, y: unknown) => number = compareValues): number {
  for (let i = 0; i < dirs.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === SCAN_FIRST || y === SCAN_LAST) return -1;
    if (x === SCAN_LAST || y === SCAN_FIRST) return 1;
    const c = cmp(x, y);
    if (c) return c * dirs[i];
  }
  return 0;
}
