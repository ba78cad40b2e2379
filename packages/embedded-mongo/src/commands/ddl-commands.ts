// Collection and index management: create, drop, dropDatabase, renameCollection, listCollections,
// createIndexes, listIndexes, dropIndexes.
import { Query } from 'mingo';
import { compareValues } from '../bson-compare.js';
import { collectionArg, cursorReply, optDoc, toInt, type CommandHandler } from '../command-context.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { defaultIndexName, type IndexSpec } from '../index-manager.js';
import { MINGO_OPTIONS } from '../mingo-options.js';
import { isTextKey, normaliseTextSpec } from '../text/text-index.js';
import { collationOf } from '../collation/collation.js';

const create: CommandHandler = (cx) => {
  const name = collectionArg(cx);
  if (cx.engine.getColl(cx.db, name)) throw new MongoServerError(48, `Collection ${cx.db}.${name} already exists.`);
  // Views and time series would silently behave like plain collections, so refuse them outright.
  if (cx.body.viewOn !== undefined) throw new MongoServerError(115, 'views are not supported by the embedded MongoDB server');
  if (cx.body.timeseries !== undefined) throw new MongoServerError(115, 'time series collections are not supported by the embedded MongoDB server');
  const options: Doc = {};
  for (const [k, v] of Object.entries(cx.body)) {
    if (k === 'create' || k.startsWith('$') || ['lsid', 'txnNumber', 'autocommit', 'startTransaction', 'writeConcern'].includes(k)) continue;
    options[k] = v;
  }
  if (options.collation !== undefined) {
    const c = collationOf(options.collation);
    if (c) options.collation = c.spec;
    else delete options.collation;
  }
  cx.engine.ensureColl(cx.db, name, options);
  return { ok: 1 };
};

const drop: CommandHandler = (cx) => {
  const name = collectionArg(cx);
  const coll = cx.engine.getColl(cx.db, name);
  if (!coll) return { ok: 1 }; // MongoDB 7 treats dropping a missing collection as success
  const nIndexesWas = coll.indexes.length;
  cx.engine.dropColl(coll);
  return { nIndexesWas, ns: coll.ns, ok: 1 };
};

const dropDatabase: CommandHandler = (cx) => {
  const colls = [...(cx.engine.dbs.get(cx.db)?.values() ?? [])];
  for (const coll of colls) cx.engine.dropColl(coll);
  if (colls.length) cx.engine.noteDropDatabase(cx.db);
  return { dropped: cx.db, ok: 1 };
};

function splitNs(ns: unknown): [string, string] {
  if (typeof ns !== 'string' || !ns.includes('.')) throw new MongoServerError(73, `Invalid namespace specified '${String(ns)}'`);
  const i = ns.indexOf('.');
  return [ns.slice(0, i), ns.slice(i + 1)];
}

const renameCollection: CommandHandler = (cx) => {
  const [fromDb, fromName] = splitNs(cx.body.renameCollection);
  const [toDb, toName] = splitNs(cx.body.to);
  const source = cx.engine.getColl(fromDb, fromName);
  if (!source) throw new MongoServerError(26, 'Source collection ' + cx.body.renameCollection + ' does not exist');
  const target = cx.engine.getColl(toDb, toName);
  if (target) {
    if (!cx.body.dropTarget) throw new MongoServerError(48, 'target namespace exists');
    cx.engine.dropColl(target);
  }
  cx.engine.renameColl(source, toDb, toName);
  return { ok: 1 };
};

const listCollections: CommandHandler = (cx) => {
  const colls = [...(cx.engine.dbs.get(cx.db)?.values() ?? [])].sort((a, b) => compareValues(a.name, b.name));
  const nameOnly = !!cx.body.nameOnly;
  let docs: Doc[] = colls.map((c) =>
    nameOnly
      ? { name: c.name, type: 'collection' }
      : { name: c.name, type: 'collection', options: c.options, info: { readOnly: false }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } },
  );
  const filter = optDoc(cx.body.filter, 'filter');
  if (filter && Object.keys(filter).length) {
    const q = new Query(filter, MINGO_OPTIONS);
    docs = docs.filter((d) => q.test(d));
  }
  const ns = `${cx.db}.$cmd.listCollections`;
  const batch = cx.cursors.open(ns, docs, toInt((cx.body.cursor as Doc | undefined)?.batchSize));
  return cursorReply(ns, batch.id, batch.docs, true);
};

const INDEX_OPTIONS = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'collation', 'hidden', 'weights', 'default_language', 'language_override', 'textIndexVersion', '2dsphereIndexVersion', 'bits', 'min', 'max', 'wildcardProjection'];

function sameOptions(a: IndexSpec, b: IndexSpec): boolean {
  return INDEX_OPTIONS.every((k) => JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null) || (k === 'unique' && !a[k] === !b[k]));
}

function normaliseSpec(raw: Doc): IndexSpec {
  const key = raw.key;
  if (!key || typeof key !== 'object' || !Object.keys(key).length) throw new MongoServerError(67, 'Index key pattern must be a non-empty object');
  const spec: IndexSpec = { v: 2, key: key as Doc, name: typeof raw.name === 'string' ? raw.name : defaultIndexName(key as Doc) };
  for (const [k, v] of Object.entries(raw)) if (k !== 'key' && k !== 'name' && k !== 'v' && k !== 'ns' && k !== 'background') spec[k] = v;
  if (spec.expireAfterSeconds !== undefined) spec.expireAfterSeconds = Number(spec.expireAfterSeconds);
  return isTextKey(spec.key) ? normaliseTextSpec(spec, typeof raw.name === 'string') : spec;
}

const createIndexes: CommandHandler = (cx) => {
  const name = collectionArg(cx);
  const raw = cx.body.indexes;
  if (!Array.isArray(raw) || !raw.length) throw new MongoServerError(2, "Must specify at least one index to create");
  const { coll, created } = cx.engine.ensureColl(cx.db, name);
  const before = coll.indexes.length;
  let changed = false;
  for (const r of raw as Doc[]) {
    const spec = normaliseSpec(r);
    // Indexes take the collection's default collation unless they name one; 'simple' means none.
    const collation = collationOf(spec.collation !== undefined ? spec.collation : coll.options.collation);
    if (collation) spec.collation = collation.spec;
    else delete spec.collation;
    const sameName = coll.getIndex(spec.name);
    const sameKey = coll.indexes.find((ix) => JSON.stringify(ix.spec.key) === JSON.stringify(spec.key));
    if (sameName) {
      if (JSON.stringify(sameName.spec.key) !== JSON.stringify(spec.key)) {
        throw new MongoServerError(86, `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
      }
      if (!sameOptions(sameName.spec, spec) && spec.name !== '_id_') {
        throw new MongoServerError(85, `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
      }
      continue;
    }
    if (sameKey && sameOptions(sameKey.spec, spec)) {
      throw new MongoServerError(85, `Index already exists with a different name: ${sameKey.name}`);
    }
    // A collection has at most one text index.
    const otherText = isTextKey(spec.key) && coll.indexes.find((ix) => ix.text);
    if (otherText) {
      throw new MongoServerError(85, `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(otherText.spec)}`);
    }
    coll.addIndex(spec);
    changed = true;
  }
  if (changed) cx.engine.saveCatalog(coll);
  const res: Doc = { numIndexesBefore: before, numIndexesAfter: coll.indexes.length, createdCollectionAutomatically: created, ok: 1 };
  if (!changed) res.note = 'all indexes already exist';
  return res;
};

const listIndexes: CommandHandler = (cx) => {
  const coll = cx.engine.mustGetColl(cx.db, collectionArg(cx));
  const ns = coll.ns;
  const batch = cx.cursors.open(ns, coll.specs() as Doc[], toInt((cx.body.cursor as Doc | undefined)?.batchSize));
  return cursorReply(ns, batch.id, batch.docs, true);
};

const dropIndexes: CommandHandler = (cx) => {
  const coll = cx.engine.mustGetColl(cx.db, collectionArg(cx));
  const nIndexesWas = coll.indexes.length;
  const which = cx.body.index;
  let names: string[];
  if (which === '*') names = coll.indexes.filter((ix) => ix.name !== '_id_').map((ix) => ix.name);
  else if (Array.isArray(which)) names = which.map(String);
  else if (typeof which === 'string') names = [which];
  else if (which && typeof which === 'object') {
    const ix = coll.indexes.find((i) => JSON.stringify(i.spec.key) === JSON.stringify(which));
    if (!ix) throw new MongoServerError(27, `can't find index with key: ${JSON.stringify(which)}`);
    names = [ix.name];
  } else throw new MongoServerError(14, 'index must be a string, object or array');
  for (const n of names) {
    if (n === '_id_') throw new MongoServerError(72, 'cannot drop _id index');
    if (!coll.getIndex(n)) throw new MongoServerError(27, `index not found with name [${n}]`);
  }
  for (const n of names) coll.dropIndex(n);
  cx.engine.saveCatalog(coll);
  return { nIndexesWas, ok: 1 };
};

/** collMod: index TTL/hidden changes and stored collection options (validators are kept, not enforced). */
const collMod: CommandHandler = (cx) => {
  const coll = cx.engine.mustGetColl(cx.db, collectionArg(cx));
  const res: Doc = { ok: 1 };
  const spec = optDoc(cx.body.index, 'index');
  if (spec) {
    const ix = typeof spec.name === 'string'
      ? coll.getIndex(spec.name)
      : coll.indexes.find((i) => JSON.stringify(i.spec.key) === JSON.stringify(spec.keyPattern));
    if (!ix || ix.name === '_id_') throw new MongoServerError(27, `cannot find index ${JSON.stringify(spec.name ?? spec.keyPattern)}`);
    if (spec.expireAfterSeconds !== undefined) {
      res.expireAfterSeconds_old = ix.spec.expireAfterSeconds;
      ix.spec.expireAfterSeconds = Number(spec.expireAfterSeconds);
      res.expireAfterSeconds_new = ix.spec.expireAfterSeconds;
    }
    if (spec.hidden !== undefined) {
      res.hidden_old = !!ix.spec.hidden;
      ix.spec.hidden = !!spec.hidden;
      res.hidden_new = ix.spec.hidden;
    }
  }
  for (const key of ['validator', 'validationLevel', 'validationAction', 'changeStreamPreAndPostImages']) if (key in cx.body) coll.options[key] = cx.body[key];
  cx.engine.saveCatalog(coll);
  return res;
};

export const ddlCommands: Record<string, CommandHandler> = {
  create, drop, dropDatabase, renameCollection, listCollections, createIndexes, listIndexes, dropIndexes, collMod,
};
