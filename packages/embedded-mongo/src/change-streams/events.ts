// Turns recorded document changes into change-log events, and log events into the change event
// documents MongoDB 7 sends (https://www.mongodb.com/docs/v7.0/reference/change-events/).
import { createHash } from 'node:crypto';
import { Binary, Long } from 'bson';
import { keyString } from '../bson-compare.js';
import type { Doc } from '../errors.js';
import type { Change } from '../write-context.js';
import type { RawEvent, StoredEvent, UpdateDescription } from './change-log.js';
import { encodeToken } from './resume-token.js';

const isPlainObject = (v: unknown): v is Doc => !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b) return false;
  if (a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue(a[k], b[k]));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  // BSON values of the same class: compare by canonical key (type and value).
  return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) && keyString(a) === keyString(b);
}

/**
 * updateDescription from the document before and after: changed fields as dotted paths (nested
 * subdocuments are descended into, arrays that only grew report the new elements, arrays that only
 * shrank are listed in truncatedArrays), removed fields by path.
 */
export function describeUpdate(before: Doc, after: Doc): UpdateDescription {
  const desc: UpdateDescription = { updatedFields: {}, removedFields: [], truncatedArrays: [] };
  diffObjects(before, after, '', desc);
  return desc;
}

function diffObjects(a: Doc, b: Doc, prefix: string, desc: UpdateDescription): void {
  for (const k of Object.keys(a)) if (!(k in b) && a[k] !== undefined) desc.removedFields.push(prefix + k);
  for (const [k, v] of Object.entries(b)) {
    if (v === undefined) continue;
    const path = prefix + k;
    const old = a[k];
    if (!(k in a) || old === undefined) desc.updatedFields[path] = v;
    else if (sameValue(old, v)) continue;
    else if (isPlainObject(old) && isPlainObject(v)) diffObjects(old, v, path + '.', desc);
    else if (Array.isArray(old) && Array.isArray(v)) diffArrays(old, v, path, desc);
    else desc.updatedFields[path] = v;
  }
}

function diffArrays(a: unknown[], b: unknown[], path: string, desc: UpdateDescription): void {
  const common = Math.min(a.length, b.length);
  const changed: number[] = [];
  for (let i = 0; i < common; i++) if (!sameValue(a[i], b[i])) changed.push(i);
  // Many changed positions: the whole array is simpler to read (and to apply).
  if (changed.length > common / 2 && changed.length > 1) {
    desc.updatedFields[path] = b;
    return;
  }
  for (const i of changed) desc.updatedFields[`${path}.${i}`] = b[i];
  if (b.length > a.length) for (let i = a.length; i < b.length; i++) desc.updatedFields[`${path}.${i}`] = b[i];
  else if (b.length < a.length) desc.truncatedArrays.push({ field: path, newSize: b.length });
}

const ARRAY_APPEND = new Set(['$push', '$addToSet']);

function valueAtPath(doc: Doc, path: string): { found: boolean; value?: unknown } {
  let cur: unknown = doc;
  for (const p of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(p)) cur = cur[Number(p)];
    else if (isPlainObject(cur) && p in cur) cur = cur[p];
    else return { found: false };
    if (cur === undefined) return { found: false };
  }
  return { found: true, value: cur };
}

/**
 * updateDescription of an operator update, by the operators' paths as MongoDB logs them: a field set
 * ($set, $inc, ...) is reported whole at its path, elements appended by $push/$addToSet as `path.index`,
 * an array changed by $pull/$pop whole, unset fields as removed. Paths with positional parts are diffed
 * from their first component.
 */
export function describeOperatorUpdate(before: Doc, after: Doc, operators: Doc): UpdateDescription {
  const desc: UpdateDescription = { updatedFields: {}, removedFields: [], truncatedArrays: [] };
  const paths = new Map<string, string>();
  for (const [op, args] of Object.entries(operators)) {
    if (!args || typeof args !== 'object') continue;
    for (const [path, arg] of Object.entries(args as Doc)) {
      if (op === '$rename') {
        paths.set(path, '$unset');
        if (typeof arg === 'string') paths.set(arg, '$set');
      } else paths.set(path, op);
    }
  }
  const diffed = new Set<string>();
  for (const [path, op] of paths) {
    const parts = path.split('.');
    const positional = parts.findIndex((p) => p.startsWith('$'));
    if (positional >= 0) {
      // Diff the field holding the positional part (e.g. 'items' for 'items.$.qty').
      const root = parts.slice(0, Math.max(positional, 1)).join('.');
      if (diffed.has(root)) continue;
      diffed.add(root);
      const a = valueAtPath(before, root);
      const b = valueAtPath(after, root);
      if (isPlainObject(a.value) && isPlainObject(b.value)) diffObjects(a.value, b.value, root + '.', desc);
      else if (Array.isArray(a.value) && Array.isArray(b.value)) diffArrays(a.value, b.value, root, desc);
      else if (b.found && !sameValue(a.value, b.value)) desc.updatedFields[root] = b.value;
      continue;
    }
    const a = valueAtPath(before, path);
    const b = valueAtPath(after, path);
    if (!b.found) {
      if (a.found) desc.removedFields.push(path);
      continue;
    }
    if (a.found && sameValue(a.value, b.value)) continue;
    if (ARRAY_APPEND.has(op) && a.found && Array.isArray(a.value) && Array.isArray(b.value) && a.value.every((v, i) => sameValue(v, (b.value as unknown[])[i]))) {
      for (let i = a.value.length; i < b.value.length; i++) desc.updatedFields[`${path}.${i}`] = b.value[i];
      continue;
    }
    desc.updatedFields[path] = b.value;
  }
  return desc;
}

/** The transaction a write context belongs to, as change events name it. */
export interface TxnIdentity {
  lsid?: Doc;
  txnNumber?: number;
}

// Without authentication every session belongs to the same (empty) user: uid is SHA-256 of ''.
const ANONYMOUS_UID = new Binary(createHash('sha256').update('').digest(), 0);

/** One event per recorded change, in the order the changes were made. */
export function eventsFromChanges(changes: Change[], txn?: TxnIdentity): RawEvent[] {
  const lsid = txn?.lsid ? { id: txn.lsid.id, uid: txn.lsid.uid ?? ANONYMOUS_UID } : undefined;
  const txnNumber = lsid && txn?.txnNumber !== undefined ? Long.fromNumber(txn.txnNumber) : undefined;
  const out: RawEvent[] = [];
  for (const ch of changes) {
    const { coll, before, after } = ch;
    const images = !!(coll.options.changeStreamPreAndPostImages as Doc | undefined)?.enabled;
    const base = { db: coll.db, coll: coll.name, key: { _id: (after ?? before)!._id }, lsid, txnNumber };
    if (!before && after) out.push({ ...base, op: 'insert', doc: after });
    else if (before && !after) out.push({ ...base, op: 'delete', pre: images ? before : undefined });
    else if (before && after) {
      const pre = images ? before : undefined;
      if (ch.replacement) out.push({ ...base, op: 'replace', doc: after, pre });
      else {
        const upd = ch.operators ? describeOperatorUpdate(before, after, ch.operators) : describeUpdate(before, after);
        out.push({ ...base, op: 'update', upd, pre, post: images ? after : undefined });
      }
    }
  }
  return out;
}

export interface EventOptions {
  fullDocument: 'default' | 'updateLookup' | 'whenAvailable' | 'required';
  fullDocumentBeforeChange: 'off' | 'whenAvailable' | 'required';
}

/** The change event document for a log event (fullDocument lookups are done by the caller). */
export function changeEvent(ev: StoredEvent, epoch: number): Doc {
  const out: Doc = { _id: encodeToken(ev.ts, ev.seq, epoch), operationType: ev.op, clusterTime: ev.ts, wallTime: ev.wall };
  if (ev.op === 'insert' || ev.op === 'replace') out.fullDocument = ev.doc;
  out.ns = ev.op === 'dropDatabase' ? { db: ev.db } : { db: ev.db, coll: ev.coll };
  if (ev.to) out.to = ev.to;
  if (ev.key) out.documentKey = ev.key;
  if (ev.op === 'update') out.updateDescription = ev.upd;
  if (ev.lsid) {
    out.lsid = ev.lsid;
    out.txnNumber = ev.txnNumber;
  }
  return out;
}

export function invalidateEvent(ev: StoredEvent, epoch: number): Doc {
  return { _id: encodeToken(ev.ts, ev.seq, epoch, true), operationType: 'invalidate', clusterTime: ev.ts, wallTime: ev.wall };
}
