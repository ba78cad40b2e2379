// insert, update, delete, findAndModify. Each statement is applied atomically; lock checks happen
// before any mutation so a statement that must wait for a transaction can simply be retried.
import { calculateObjectSize, ObjectId } from 'bson';
import { keyString } from '../bson-compare.js';
import { collectionArg, optDoc, withLockWait, type CommandContext, type CommandHandler } from '../command-context.js';
import type { Collection } from '../collection.js';
import type { Doc } from '../errors.js';
import { MongoServerError, toServerError } from '../errors.js';
import { applyUpdate, buildUpsert, isOperatorUpdate, validateUpdate, type UpdateSpec } from '../update-apply.js';
import { checkArrayFilters } from '../update-checks.js';
import { project, queryDocs } from './read-commands.js';

function writeError(cx: CommandContext, index: number, err: unknown): Doc {
  const e = toServerError(err);
  // Labelled errors (WriteConflict) abort a transaction as a whole: they are command errors, not write errors.
  if (cx.txn && e.labels.length) throw e;
  return { index, code: e.code, codeName: e.codeName, errmsg: e.message, ...e.extra };
}

/** MongoDB's document size limit (BSONObjMaxUserSize). */
export const MAX_DOC_BYTES = 16 * 1024 * 1024;

function checkInsertSize(doc: Doc): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_DOC_BYTES) throw new MongoServerError(2, `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOC_BYTES}`);
}

function checkUpdatedSize(doc: Doc): void {
  if (calculateObjectSize(doc) > MAX_DOC_BYTES) throw new MongoServerError(17419, `Resulting document after update is larger than ${MAX_DOC_BYTES}`);
}

function statements(cx: CommandContext, field: string): Doc[] {
  const v = cx.body[field];
  if (!Array.isArray(v)) throw new MongoServerError(14, `'${field}' must be an array`);
  return v as Doc[];
}

const insert: CommandHandler = async (cx) => {
  const docs = statements(cx, 'documents');
  const ordered = cx.body.ordered !== false;
  const { coll } = cx.engine.ensureColl(cx.db, collectionArg(cx));
  let n = 0;
  const writeErrors: Doc[] = [];
  for (let i = 0; i < docs.length; i++) {
    // MongoDB stores _id as the first field whatever order the client sent.
    const { _id, ...rest } = docs[i];
    const doc = { _id: _id === undefined ? new ObjectId() : _id, ...rest };
    try {
      if (Array.isArray(doc._id) || doc._id instanceof RegExp) throw new MongoServerError(2, `can't use an array for _id`);
      checkInsertSize(doc);
      await withLockWait(() => coll.insert(cx.write, doc));
      n++;
    } catch (err) {
      writeErrors.push(writeError(cx, i, err));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

interface UpdateResult {
  matched: number;
  modified: number;
  upsertedId?: unknown;
}

interface UpdateOpts {
  multi?: boolean;
  upsert?: boolean;
  arrayFilters?: Doc[];
  sort?: Doc;
  collation?: unknown;
  hint?: unknown;
}

/** Applies one update statement synchronously (all lock checks precede the first mutation). */
function updateStatement(cx: CommandContext, collName: string, q: Doc, spec: UpdateSpec, opts: UpdateOpts): UpdateResult & { before?: Doc; after?: Doc } {
  let coll: Collection | undefined = cx.engine.getColl(cx.db, collName);
  const targets = [...queryDocs(coll, { filter: q, sort: opts.sort, limit: opts.multi ? 0 : 1, collation: opts.collation, reader: cx.txn ?? 'latest', hint: opts.hint })];
  if (coll && targets.length) {
    const c = coll;
    c.checkWritable(cx.write, targets.map((d) => keyString(d._id)));
    let modified = 0;
    let after: Doc | undefined;
    const how = Array.isArray(spec) ? undefined : isOperatorUpdate(spec) ? { operators: spec } : { replacement: true };
    for (const doc of targets) {
      const res = applyUpdate(doc, spec, { arrayFilters: opts.arrayFilters, query: q });
      after = res.doc;
      if (!res.modified) continue;
      checkUpdatedSize(res.doc);
      c.replace(cx.write, keyString(doc._id), res.doc, how);
      modified++;
    }
    return { matched: targets.length, modified, before: targets[0], after };
  }
  if (!opts.upsert) return { matched: 0, modified: 0 };
  coll ??= cx.engine.ensureColl(cx.db, collName).coll;
  const doc = buildUpsert(q, spec, opts.arrayFilters);
  checkUpdatedSize(doc);
  coll.insert(cx.write, doc);
  return { matched: 0, modified: 0, upsertedId: doc._id, after: doc };
}

const update: CommandHandler = async (cx) => {
  const collName = collectionArg(cx);
  const ordered = cx.body.ordered !== false;
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors: Doc[] = [];
  const stmts = statements(cx, 'updates');
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i];
    try {
      const spec = validateUpdate(s.u);
      checkArrayFilters(spec, s.arrayFilters);
      if (s.multi && !isOperatorUpdate(spec) && !Array.isArray(spec)) {
        throw new MongoServerError(9, 'multi update is not supported for replacement-style update');
      }
      const q = optDoc(s.q, 'q') ?? {};
      const opts = { multi: !!s.multi, upsert: !!s.upsert, arrayFilters: s.arrayFilters as Doc[] | undefined, sort: optDoc(s.sort, 'sort'), collation: s.collation, hint: s.hint };
      const r = await withLockWait(() => updateStatement(cx, collName, q, spec, opts));
      n += r.matched;
      nModified += r.modified;
      if (r.upsertedId !== undefined) {
        n++;
        upserted.push({ index: i, _id: r.upsertedId });
      }
    } catch (err) {
      writeErrors.push(writeError(cx, i, err));
      if (ordered) break;
    }
  }
  const res: Doc = { n, nModified };
  if (upserted.length) res.upserted = upserted;
  if (writeErrors.length) res.writeErrors = writeErrors;
  return { ...res, ok: 1 };
};

const del: CommandHandler = async (cx) => {
  const coll = cx.engine.getColl(cx.db, collectionArg(cx));
  const ordered = cx.body.ordered !== false;
  let n = 0;
  const writeErrors: Doc[] = [];
  const stmts = statements(cx, 'deletes');
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i];
    try {
      if (!coll) continue;
      const limit = Number(s.limit ?? 0);
      n += await withLockWait(() => {
        const targets = [...queryDocs(coll, { filter: optDoc(s.q, 'q') ?? {}, limit: limit === 1 ? 1 : 0, collation: s.collation, reader: cx.txn ?? 'latest', hint: s.hint })];
        const ids = targets.map((d) => keyString(d._id));
        coll.checkWritable(cx.write, ids);
        for (const id of ids) coll.remove(cx.write, id);
        return ids.length;
      });
    } catch (err) {
      writeErrors.push(writeError(cx, i, err));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

const findAndModify: CommandHandler = async (cx) => {
  const collName = collectionArg(cx);
  const { body } = cx;
  const query = optDoc(body.query, 'query') ?? {};
  const sort = optDoc(body.sort, 'sort');
  const fields = optDoc(body.fields, 'fields');
  const shape = (doc: Doc | undefined | null) => (doc ? ([...project([doc], fields)][0] ?? null) : null);
  if (body.remove) {
    if (body.update !== undefined) throw new MongoServerError(9, 'Cannot specify both an update and remove=true');
    if (body.upsert) throw new MongoServerError(9, 'Cannot specify both upsert=true and remove=true');
    const coll = cx.engine.getColl(cx.db, collName);
    const removed = await withLockWait(() => {
      const [target] = queryDocs(coll, { filter: query, sort, limit: 1, collation: body.collation, reader: cx.txn ?? 'latest', hint: body.hint });
      if (!coll || !target) return undefined;
      return coll.remove(cx.write, keyString(target._id));
    });
    return { lastErrorObject: { n: removed ? 1 : 0 }, value: shape(removed), ok: 1 };
  }
  if (body.update === undefined) throw new MongoServerError(9, 'Either an update or remove=true must be specified');
  const spec = validateUpdate(body.update);
  checkArrayFilters(spec, body.arrayFilters);
  const r = await withLockWait(() =>
    updateStatement(cx, collName, query, spec, { upsert: !!body.upsert, arrayFilters: body.arrayFilters as Doc[] | undefined, sort, collation: body.collation, hint: body.hint }),
  );
  const lastErrorObject: Doc = { n: r.matched || (r.upsertedId !== undefined ? 1 : 0), updatedExisting: r.matched > 0 };
  if (r.upsertedId !== undefined) lastErrorObject.upserted = r.upsertedId;
  const value = body.new ? shape(r.after) : shape(r.before);
  return { lastErrorObject, value, ok: 1 };
};

export const writeCommands: Record<string, CommandHandler> = { insert, update, delete: del, findAndModify, findandmodify: findAndModify };
