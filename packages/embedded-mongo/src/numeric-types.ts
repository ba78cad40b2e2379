// BSON numeric types as MongoDB keeps them. Incoming messages are read without promoting numbers. In
// what may become stored documents (inserted documents, update specs and the filters upserts seed from)
// only the values a plain JavaScript number would write back unchanged become numbers: int32, and doubles
// that are not integral in the int32 range. So an int64 stays a Long and a double 1.0 stays a Double: both
// round-trip as written, and `$type` can tell them apart. Everywhere else in a command (limits, sort and
// projection specs, options) numbers are promoted as before: some clients (mongosh) send every number as
// a double, and `{ a: 1.0 }` as a sort spec must read as 1.
// $inc and $mul follow MongoDB's type rules: int32 overflowing becomes int64, int64 overflowing becomes
// double, anything with a double is a double, and anything with a decimal is an exact Decimal128.
import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import type { Doc } from './errors.js';

const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Unwraps numbers in place. `keep`: only those that serialize back to the same BSON type as plain JS
 * numbers; otherwise all of them, except int64 beyond 2^53 (as the driver's promoteLongs does).
 */
export function retypeNumbers(v: unknown, keep = true): unknown {
  if (v instanceof Int32) return v.value;
  if (v instanceof Double) {
    const n = v.value;
    return keep && Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0) ? v : n;
  }
  if (v instanceof Long && !(v instanceof Timestamp)) {
    if (keep) return v;
    const b = v.toBigInt();
    return b <= SAFE && b >= -SAFE ? Number(b) : v;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (x !== null && typeof x === 'object') v[i] = retypeNumbers(x, keep);
    }
    return v;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Doc;
    for (const k in o) {
      const x = o[k];
      if (x !== null && typeof x === 'object') o[k] = retypeNumbers(x, keep);
    }
  }
  return v;
}

/** Fields of write commands whose values are (or seed) stored documents and keep their numeric types. */
const DOCUMENT_FIELDS: Record<string, string[]> = {
  insert: ['documents'],
  findAndModify: ['query', 'update'],
  findandmodify: ['query', 'update'],
};

/** A decoded command with numbers typed as described above. */
export function retypeCommand(body: Doc): Doc {
  const name = Object.keys(body)[0];
  for (const [k, v] of Object.entries(body)) {
    if (v === null || typeof v !== 'object') continue;
    if (name === 'update' && k === 'updates' && Array.isArray(v)) {
      for (const stmt of v as Doc[]) {
        if (!stmt || typeof stmt !== 'object') continue;
        for (const [sk, sv] of Object.entries(stmt)) if (sv !== null && typeof sv === 'object') stmt[sk] = retypeNumbers(sv, sk === 'q' || sk === 'u');
      }
    } else body[k] = retypeNumbers(v, DOCUMENT_FIELDS[name]?.includes(k) ?? false);
  }
  return body;
}

type Kind = 'int' | 'long' | 'double' | 'decimal';

export function numericKind(v: unknown): Kind | undefined {
  if (v instanceof Timestamp) return undefined; // a Long subclass in the bson package, but not a number
  if (typeof v === 'number') return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX ? 'int' : 'double';
  if (v instanceof Int32) return 'int';
  if (v instanceof Long) return 'long';
  if (v instanceof Double) return 'double';
  if (v instanceof Decimal128) return 'decimal';
  return undefined;
}

const RANK: Record<Kind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

/** A decimal as an exact scaled integer: value = m * 10^e. */
export interface Dec {
  m: bigint;
  e: number;
}

export function toDec(v: unknown): Dec {
  let s: string;
  if (v instanceof Decimal128) s = v.toString();
  else if (v instanceof Long) return { m: v.toBigInt(), e: 0 };
  else s = String(Number(v instanceof Int32 || v instanceof Double ? v.value : v));
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s.trim());
  if (!m) return { m: 0n, e: 0 }; // NaN/Infinity are not produced by the callers' checks
  const frac = m[3] ?? '';
  return { m: BigInt((m[1] || '') + ((m[2] || '0') + frac)), e: Number(m[4] ?? 0) - frac.length };
}

export function fromDec(d: Dec): Decimal128 {
  return Decimal128.fromStringWithRounding(`${d.m}E${d.e}`);
}

export function decAdd(a: Dec, b: Dec): Dec {
  const e = Math.min(a.e, b.e);
  return { m: a.m * 10n ** BigInt(a.e - e) + b.m * 10n ** BigInt(b.e - e), e };
}

const asNumber = (v: unknown) => (v instanceof Long ? v.toNumber() : v instanceof Int32 || v instanceof Double ? v.value : (v as number));
const asBig = (v: unknown) => (v instanceof Long ? v.toBigInt() : BigInt(asNumber(v)));
const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/** A double result in the representation that keeps its type (Double only where a number would not). */
function double(n: number): unknown {
  return retypeNumbers(new Double(n));
}

/** `current` (missing: undefined) combined with `arg` by $inc or $mul, typed as MongoDB types it. */
export function arithmetic(op: '$inc' | '$mul', current: unknown, arg: unknown): unknown {
  // A missing field: $inc sets the argument, $mul sets zero of the argument's type.
  if (current === undefined) return op === '$inc' ? arg : arithmetic('$mul', numericKind(arg) === 'decimal' ? Decimal128.fromString('0') : 0, arg);
  const ka = numericKind(current)!;
  const kb = numericKind(arg)!;
  const kind = RANK[ka] >= RANK[kb] ? ka : kb;
  if (kind === 'decimal') {
    const a = toDec(current);
    const b = toDec(arg);
    return fromDec(op === '$inc' ? decAdd(a, b) : { m: a.m * b.m, e: a.e + b.e });
  }
  if (kind === 'double') {
    const a = asNumber(current);
    const b = asNumber(arg);
    return double(op === '$inc' ? a + b : a * b);
  }
  const r = op === '$inc' ? asBig(current) + asBig(arg) : asBig(current) * asBig(arg);
  if (kind === 'int' && r >= BigInt(INT32_MIN) && r <= BigInt(INT32_MAX)) return Number(r);
  if (r >= LONG_MIN && r <= LONG_MAX) return Long.fromBigInt(r);
  return double(Number(r));
}

/** A double's exact value as a scaled decimal (every finite double is a finite decimal fraction). */
function exactDoubleDec(n: number): Dec {
  if (Number.isInteger(n)) return { m: BigInt(n), e: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n ? -1n : 1n;
  const exp = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & ((1n << 52n) - 1n);
  let e2: number;
  if (exp === 0) e2 = -1074;
  else {
    mant |= 1n << 52n;
    e2 = exp - 1075;
  }
  // mant * 2^e2 with e2 < 0 equals mant * 5^-e2 * 10^e2.
  return { m: sign * mant * 5n ** BigInt(-e2), e: e2 };
}

function exactDec(v: unknown): Dec | undefined {
  if (v instanceof Decimal128) {
    const s = v.toString();
    return /^-?(Infinity|NaN)$/.test(s) ? undefined : toDec(v);
  }
  if (v instanceof Long) return { m: v.toBigInt(), e: 0 };
  const n = typeof v === 'number' ? v : v instanceof Int32 || v instanceof Double ? v.value : undefined;
  return n === undefined || !Number.isFinite(n) ? undefined : exactDoubleDec(n);
}

/** Exact numeric comparison across int32, int64, double and Decimal128; undefined for NaN/infinities. */
export function compareExact(a: unknown, b: unknown): number | undefined {
  const x = exactDec(a);
  const y = exactDec(b);
  if (!x || !y) return undefined;
  const e = Math.min(x.e, y.e);
  const mx = x.m * 10n ** BigInt(x.e - e);
  const my = y.m * 10n ** BigInt(y.e - e);
  return mx < my ? -1 : mx > my ? 1 : 0;
}
