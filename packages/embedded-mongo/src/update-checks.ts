// Checks an operator update against the document before mingo applies it, so the failures MongoDB 7
// reports are reported here too instead of silently doing nothing:
// - two operators on one path (or one a prefix of the other): 40 ConflictingUpdateOperators
// - $inc/$mul with a non-numeric argument, or on a non-numeric field: 14 TypeMismatch
// - $push/$addToSet/$pull/$pullAll onto a non-array field: 2 BadValue; $pop: 14 TypeMismatch
// - a path through a scalar ("a.b" where a is a string): 28 PathNotViable
// Paths with positional parts ($, $[], $[id]) are left to mingo.
import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';

const isNumeric = (v: unknown) => typeof v === 'number' || (v instanceof Long && !(v instanceof Timestamp)) || v instanceof Int32 || v instanceof Double || v instanceof Decimal128;
const isPlainObject = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** MongoDB's type name of a value, as error messages show it. */
export function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'missing';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? 'int' : 'double';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof Timestamp) return 'timestamp';
  if (v instanceof Long) return 'long';
  if (v instanceof Int32) return 'int';
  if (v instanceof Double) return 'double';
  if (v instanceof Decimal128) return 'decimal';
  if (v instanceof RegExp) return 'regex';
  if (isPlainObject(v)) return 'object';
  const bsontype = (v as { _bsontype?: string })._bsontype;
  return bsontype ? bsontype.toLowerCase() : typeof v;
}

const ARRAY_OPS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);
const NUMERIC_OPS = new Set(['$inc', '$mul']);
// Operators that create the path when missing: a scalar in the way makes the path not viable.
const CREATING_OPS = new Set(['$set', '$setOnInsert', '$inc', '$mul', '$min', '$max', '$push', '$addToSet', '$currentDate', '$bit']);

function idText(doc: Doc): string {
  const id = doc._id;
  return `{ _id: ${typeof id === 'string' ? JSON.stringify(id) : String(id)} }`;
}

type Lookup = { found: true; value: unknown } | { found: false; blockedAt?: { path: string; value: unknown; next: string } };

/** Follows a dotted path (array elements by numeric index) through plain values. */
function lookup(doc: Doc, path: string): Lookup {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(p)) return { found: false, blockedAt: { path: parts.slice(0, i).join('.'), value: cur, next: p } };
      cur = cur[Number(p)];
    } else if (isPlainObject(cur)) {
      if (!(p in cur)) return { found: false };
      cur = cur[p];
    } else {
      return { found: false, blockedAt: { path: parts.slice(0, i).join('.'), value: cur, next: p } };
    }
    if (cur === undefined) return { found: false };
  }
  return { found: true, value: cur };
}

/** The value at a dotted path, undefined when missing or not reachable. */
export function valueAt(doc: Doc, path: string): unknown {
  const at = lookup(doc, path);
  return at.found ? at.value : undefined;
}

/** Every arrayFilters identifier must be used by a `$[identifier]` in the update (9 FailedToParse). */
export function checkArrayFilters(spec: unknown, arrayFilters: unknown): void {
  if (!Array.isArray(arrayFilters) || !arrayFilters.length || !spec || typeof spec !== 'object' || Array.isArray(spec)) return;
  const used = new Set<string>();
  for (const args of Object.values(spec as Doc)) {
    if (!args || typeof args !== 'object') continue;
    for (const path of Object.keys(args as Doc)) for (const m of path.matchAll(/\$\[([a-z][a-zA-Z0-9]*)\]/g)) used.add(m[1]);
  }
  for (const f of arrayFilters as Doc[]) {
    const key = Object.keys(f ?? {}).find((k) => !k.startsWith('$'));
    const id = key?.split('.')[0];
    if (id && !used.has(id)) {
      throw new MongoServerError(9, `The array filter for identifier '${id}' was not used in the update ${JSON.stringify(spec)}`);
    }
  }
}

/** Throws 40 when two update paths overlap (equal, or one a prefix of the other). */
export function checkConflicts(mods: Doc): void {
  const seen: string[] = [];
  for (const [op, args] of Object.entries(mods)) {
    if (!args || typeof args !== 'object') continue;
    for (const path of Object.keys(args as Doc)) {
      const targets = op === '$rename' ? [path, String((args as Doc)[path])] : [path];
      for (const t of targets) {
        const clash = seen.find((s) => s === t || s.startsWith(t + '.') || t.startsWith(s + '.'));
        if (clash !== undefined) {
          const at = clash.length <= t.length ? clash : t;
          throw new MongoServerError(40, `Updating the path '${t}' would create a conflict at '${at}'`);
        }
        seen.push(t);
      }
    }
  }
}

/** Checks arguments and the current field types for each operator path; `inserting` for upserts. */
export function checkUpdateTargets(doc: Doc, mods: Doc): void {
  checkConflicts(mods);
  for (const [op, args] of Object.entries(mods)) {
    if (!args || typeof args !== 'object') continue;
    for (const [path, arg] of Object.entries(args as Doc)) {
      if (NUMERIC_OPS.has(op) && !isNumeric(arg)) {
        const verb = op === '$inc' ? 'increment' : 'multiply';
        throw new MongoServerError(14, `Cannot ${verb} with non-numeric argument: {${path}: ${JSON.stringify(arg)}}`);
      }
      if (path.split('.').some((p) => p.startsWith('$'))) continue;
      const at = lookup(doc, path);
      if (!at.found) {
        if (at.blockedAt && CREATING_OPS.has(op)) {
          const shown = at.blockedAt.path ? `{${at.blockedAt.path}: ${JSON.stringify(at.blockedAt.value)}}` : 'the document';
          throw new MongoServerError(28, `Cannot create field '${at.blockedAt.next}' in element ${shown}`);
        }
        continue;
      }
      const value = at.value;
      const type = bsonTypeName(value);
      if (NUMERIC_OPS.has(op) && !isNumeric(value)) {
        throw new MongoServerError(14, `Cannot apply ${op} to a value of non-numeric type. ${idText(doc)} has the field '${path}' of non-numeric type ${type}`);
      }
      if (ARRAY_OPS.has(op) && !Array.isArray(value)) {
        if (op === '$push') throw new MongoServerError(2, `The field '${path}' must be an array but is of type ${type} in document ${idText(doc)}`);
        if (op === '$addToSet') throw new MongoServerError(2, `Cannot apply $addToSet to non-array field. Field named '${path}' has non-array type ${type}`);
        if (op === '$pop') throw new MongoServerError(14, `Path '${path}' contains an element of non-array type '${type}'`);
        throw new MongoServerError(2, `Cannot apply ${op} to a non-array value`);
      }
    }
  }
}
