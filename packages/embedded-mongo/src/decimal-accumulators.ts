// $sum and $avg in $group over Decimal128 values, exactly, with a Decimal128 result as MongoDB gives.
// Aggregation stages see documents through a view where Decimal128 is a JS number (match-normalise.ts);
// here the group's accumulators read the stored documents behind those views instead, for field paths
// ('$amount'). Groups without Decimal128 values, other expressions and documents reshaped by earlier
// stages keep mingo's $sum/$avg.
import { Decimal128 } from 'bson';
import { Context } from 'mingo';
import { $avg, $sum } from 'mingo/operators/accumulator';
import type { Doc } from './errors.js';
import { decAdd, fromDec, numericKind, toDec, type Dec } from './numeric-types.js';

type Accumulator = (coll: Parameters<typeof $sum>[0], expr: unknown, options: Parameters<typeof $sum>[2]) => unknown;
const rawOf = new WeakMap<object, Doc>();

/** Remembers which stored document each pipeline input document stands for. */
export function linkRaw(views: Doc[], raws: Doc[]): void {
  for (let i = 0; i < views.length; i++) if (views[i] !== raws[i]) rawOf.set(views[i], raws[i]);
}

/** The stored document an aggregation input document stands for (itself when it is not a view). */
export const rawDocOf = (d: Doc): Doc => rawOf.get(d) ?? d;

function fieldValues(coll: unknown[], expr: string): unknown[] {
  const parts = expr.slice(1).split('.');
  return coll.map((d) => {
    let v: unknown = d && typeof d === 'object' ? (rawOf.get(d) ?? d) : undefined;
    for (const p of parts) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc)[p] : undefined;
    return v;
  });
}

/** The numeric values of the group, when the expression is a field path and one of them is a Decimal128. */
function decimalInputs(coll: unknown[], expr: unknown): unknown[] | undefined {
  if (!isFieldPath(expr)) return undefined;
  const values = fieldValues(coll, expr).filter((v) => numericKind(v) !== undefined);
  return values.some((v) => v instanceof Decimal128) ? values : undefined;
}

function decimalSum(values: unknown[]): Dec {
  return values.reduce<Dec>((acc, v) => decAdd(acc, toDec(v)), { m: 0n, e: 0 });
}

const isFieldPath = (expr: unknown): expr is string => typeof expr === 'string' && expr.startsWith('$') && !expr.startsWith('$$');

const exactSum: Accumulator = (coll, expr, options) => {
  if (!isFieldPath(expr)) return $sum(coll, expr, options);
  // One pass over a field path (report tallies sum a hundred counters over thousands of documents):
  // plain JS numbers are added here; a Decimal128 makes the sum exact, other BSON numbers go to mingo.
  const values = fieldValues(coll, expr);
  let total = 0;
  for (const v of values) {
    if (typeof v === 'number') total += v;
    else if (v instanceof Decimal128) return fromDec(decimalSum(values.filter((x) => numericKind(x) !== undefined)));
    else if (numericKind(v) !== undefined) return $sum(coll, expr, options);
  }
  return total;
};

const exactAvg: Accumulator = (coll, expr, options) => {
  const values = decimalInputs(coll, expr);
  if (!values) return $avg(coll, expr, options);
  const sum = decimalSum(values);
  const n = BigInt(values.length);
  // 34 significant digits of the quotient, then trailing zeros dropped down to the sum's exponent.
  const k = 36 + n.toString().length;
  let m = (sum.m * 10n ** BigInt(k)) / n;
  let e = sum.e - k;
  while (e < sum.e && m % 10n === 0n && m !== 0n) {
    m /= 10n;
    e++;
  }
  return fromDec({ m, e: m === 0n ? sum.e : e });
};

export const DECIMAL_CONTEXT = Context.init({ accumulator: { $__exactSum: exactSum, $__exactAvg: exactAvg } });

/** $group stages with $sum/$avg use the exact accumulators (top-level stages). */
export function withExactDecimals(stages: Doc[]): Doc[] {
  return stages.map((stage) => {
    const group = stage.$group as Doc | undefined;
    if (!group || typeof group !== 'object') return stage;
    const out: Doc = {};
    for (const [field, acc] of Object.entries(group)) {
      const a = acc as Doc | undefined;
      if (field !== '_id' && a && typeof a === 'object' && Object.keys(a).length === 1 && ('$sum' in a || '$avg' in a)) {
        out[field] = '$sum' in a ? { $__exactSum: a.$sum } : { $__exactAvg: a.$avg };
      } else out[field] = acc;
    }
    return { $group: out };
  });
}
