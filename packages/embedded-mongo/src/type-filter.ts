// `$type` with numeric aliases ('int', 'long', 'double', 'decimal', 'number' and codes 1, 16, 18, 19),
// and 'timestamp' (17). Comparisons with a Decimal128 operand ($eq, $ne, $gt, $gte, $lt, $lte, $in, $nin,
// or plain equality) are likewise taken out and compared exactly on the stored values (numbers of any
// type against the decimal), since the view would compare them as doubles.
// mingo sees numbers through a normalised view where int64, doubles and decimals are all JS numbers, so
// it cannot tell them apart; these conditions are taken out of the filter and tested on the stored
// document, which keeps BSON types (see numeric-types.ts). As in MongoDB, an array matches when one of
// its elements has the type. Every other `$type` (by name or code) at the top level or in `$and` is
// tested here too, on the stored BSON values: mingo knows no `objectId`, `binData`, `minKey`/`maxKey` or
// `javascript`. `$type` inside `$or`/`$nor`/`$elemMatch` stays with mingo (see array-semantics.ts).
import { Binary, BSONRegExp, BSONSymbol, Code, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import type { Doc } from './errors.js';
import { compareExact, numericKind } from './numeric-types.js';

const NUMERIC_ALIASES: Record<string, string> = {
  int: 'int', long: 'long', double: 'double', decimal: 'decimal', number: 'number',
  '1': 'double', '16': 'int', '18': 'long', '19': 'decimal',
  // mingo has no alias for Timestamp (and would take it for a number).
  timestamp: 'timestamp', '17': 'timestamp',
};

const isPlain = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

export function numericAliases(spec: unknown): string[] | undefined {
  const list = Array.isArray(spec) ? spec : [spec];
  const mapped = list.map((t) => NUMERIC_ALIASES[String(t instanceof Int32 || t instanceof Double || t instanceof Long ? Number(t) : t)]);
  // Only when every alias is numeric: mixed lists stay with the general matcher.
  return mapped.length && mapped.every(Boolean) ? mapped : undefined;
}

/** Every BSON type alias and code of the manual's $type table, by its canonical name. */
const ALL_ALIASES: Record<string, string> = {
  ...NUMERIC_ALIASES,
  string: 'string', '2': 'string', object: 'object', '3': 'object', array: 'array', '4': 'array',
  binData: 'binData', '5': 'binData', undefined: 'undefined', '6': 'undefined', objectId: 'objectId', '7': 'objectId',
  bool: 'bool', '8': 'bool', date: 'date', '9': 'date', null: 'null', '10': 'null', regex: 'regex', '11': 'regex',
  dbPointer: 'dbPointer', '12': 'dbPointer', javascript: 'javascript', '13': 'javascript', symbol: 'symbol', '14': 'symbol',
  minKey: 'minKey', '-1': 'minKey', maxKey: 'maxKey', '127': 'maxKey',
};

/** The aliases of a `$type` spec when every one is a known BSON type name or code. */
export function typeAliases(spec: unknown): string[] | undefined {
  const list = Array.isArray(spec) ? spec : [spec];
  const mapped = list.map((t) => ALL_ALIASES[String(t instanceof Int32 || t instanceof Double || t instanceof Long ? Number(t) : t)]);
  return mapped.length && mapped.every(Boolean) ? mapped : undefined;
}

/** The BSON type name of a stored value (undefined for a missing one). */
function bsonType(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp || v instanceof BSONRegExp) return 'regex';
  if (v instanceof Timestamp) return 'timestamp';
  const kind = numericKind(v);
  if (kind) return kind;
  if (v instanceof ObjectId) return 'objectId';
  if (v instanceof Binary) return 'binData';
  if (v instanceof MinKey) return 'minKey';
  if (v instanceof MaxKey) return 'maxKey';
  if (v instanceof Code) return 'javascript';
  if (v instanceof BSONSymbol) return 'symbol';
  return typeof v === 'object' ? 'object' : undefined;
}

function kindMatches(v: unknown, alias: string): boolean {
  if (alias === 'number') return numericKind(v) !== undefined;
  return bsonType(v) === alias;
}

/** Values at a dotted path, descending into arrays as MongoDB does. */
function valuesAt(v: unknown, parts: string[], i = 0): unknown[] {
  if (i === parts.length) return [v];
  if (Array.isArray(v)) {
    const p = parts[i];
    if (/^\d+$/.test(p)) return valuesAt(v[Number(p)], parts, i + 1);
    return v.flatMap((e) => (isPlain(e) ? valuesAt(e, parts, i) : []));
  }
  if (isPlain(v)) return valuesAt(v[parts[i]], parts, i + 1);
  return [];
}

function typeTest(path: string, aliases: string[]): (doc: Doc) => boolean {
  const parts = path.split('.');
  return (doc) =>
    valuesAt(doc, parts).some((v) => aliases.some((a) => kindMatches(v, a) || (Array.isArray(v) && v.some((e) => kindMatches(e, a)))));
}

const COMPARISONS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/** A condition on one field whose operands include a Decimal128: compared exactly on the stored values. */
function decimalCondition(cond: unknown): Doc | undefined {
  if (cond instanceof Decimal128) return { $eq: cond };
  if (!isPlain(cond)) return undefined;
  const ops = Object.keys(cond);
  if (!ops.length || !ops.every((op) => COMPARISONS.has(op))) return undefined;
  const operands = ops.flatMap((op) => (Array.isArray(cond[op]) ? (cond[op] as unknown[]) : [cond[op]]));
  if (!operands.some((v) => v instanceof Decimal128)) return undefined;
  // Only numeric operands: anything else keeps the general matcher's semantics.
  return operands.every((v) => numericKind(v) !== undefined) ? cond : undefined;
}

function decimalTest(path: string, cond: Doc): (doc: Doc) => boolean {
  const parts = path.split('.');
  const holds = (v: unknown, op: string, arg: unknown): boolean => {
    const c = compareExact(v, arg);
    if (c === undefined) return false;
    switch (op) {
      case '$eq':
      case '$ne':
        return c === 0;
      case '$gt':
        return c > 0;
      case '$gte':
        return c >= 0;
      case '$lt':
        return c < 0;
      default:
        return c <= 0;
    }
  };
  return (doc) => {
    const values = valuesAt(doc, parts).flatMap((v) => (Array.isArray(v) ? v : [v]));
    return Object.entries(cond).every(([op, arg]) => {
      if (op === '$in') return values.some((v) => (arg as unknown[]).some((a) => holds(v, '$eq', a)));
      if (op === '$nin') return !values.some((v) => (arg as unknown[]).some((a) => holds(v, '$eq', a)));
      if (op === '$ne') return !values.some((v) => holds(v, '$eq', arg));
      return values.some((v) => holds(v, op, arg));
    });
  };
}

/** Whether a filter holds a `$type` condition outside `$elemMatch` (where mingo keeps evaluating it). */
function hasTypeCondition(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasTypeCondition);
  if (!isPlain(v)) return false;
  return Object.entries(v).some(([k, x]) => (k === '$type' ? !!typeAliases(x) : k !== '$elemMatch' && hasTypeCondition(x)));
}

/**
 * Splits numeric `$type` conditions (top level and inside `$and`) off a filter. Returns undefined when
 * there are none; otherwise the remaining filter and the tests to run on the stored document.
 */
export function splitNumericTypes(filter: Doc, compile?: (f: Doc) => (doc: Doc) => boolean): { rest: Doc; tests: ((doc: Doc) => boolean)[] } | undefined {
  const tests: ((doc: Doc) => boolean)[] = [];
  const walk = (f: Doc): Doc => {
    const out: Doc = {};
    for (const [k, cond] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(cond)) {
        out.$and = cond.map((c) => (isPlain(c) ? walk(c) : c));
        continue;
      }
      // An $or/$nor with a $type in a branch: each branch is compiled on its own, so its $type is tested here too.
      if ((k === '$or' || k === '$nor') && compile && Array.isArray(cond) && cond.length && cond.every(isPlain) && cond.some(hasTypeCondition)) {
        const branches = (cond as Doc[]).map(compile);
        tests.push(k === '$or' ? (doc) => branches.some((b) => b(doc)) : (doc) => !branches.some((b) => b(doc)));
        continue;
      }
      const decimal = k.startsWith('$') ? undefined : decimalCondition(cond);
      if (decimal) {
        tests.push(decimalTest(k, decimal));
        continue;
      }
      if (!k.startsWith('$') && isPlain(cond) && '$type' in cond) {
        const aliases = typeAliases(cond.$type);
        if (aliases) {
          tests.push(typeTest(k, aliases));
          const { $type: _omit, ...others } = cond;
          if (Object.keys(others).length) out[k] = others;
          continue;
        }
      }
      out[k] = cond;
    }
    return out;
  };
  const rest = walk(filter);
  return tests.length ? { rest, tests } : undefined;
}
