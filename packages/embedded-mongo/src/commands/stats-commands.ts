// collStats and dbStats: sizes computed from the in-memory documents, enough for tools and dashboards.
import { calculateObjectSize } from 'bson';
import { collectionArg, type CommandHandler } from '../command-context.js';
import type { Collection } from '../collection.js';
import { MongoServerError } from '../errors.js';

// Rough per-entry cost of an index entry, reported as index size.
const INDEX_ENTRY_BYTES = 64;

function dataSize(coll: Collection): number {
  let size = 0;
  for (const d of coll.docs.values()) size += calculateObjectSize(d);
  return size;
}

const collStats: CommandHandler = (cx) => {
  const name = collectionArg(cx);
  const coll = cx.engine.getColl(cx.db, name);
  if (!coll) throw new MongoServerError(26, `Collection [${cx.db}.${name}] not found.`);
  const size = dataSize(coll);
  const count = coll.docs.size;
  const indexSizes = Object.fromEntries(coll.indexes.map((ix) => [ix.name, ix.entries.size * INDEX_ENTRY_BYTES]));
  return {
    ns: coll.ns, size, count, avgObjSize: count ? Math.round(size / count) : 0, storageSize: size,
    nindexes: coll.indexes.length, totalIndexSize: Object.values(indexSizes).reduce((a, b) => a + b, 0), indexSizes, capped: false, ok: 1,
  };
};

const dbStats: CommandHandler = (cx) => {
  const colls = [...(cx.engine.dbs.get(cx.db)?.values() ?? [])];
  const objects = colls.reduce((n, c) => n + c.docs.size, 0);
  const size = colls.reduce((n, c) => n + dataSize(c), 0);
  const indexes = colls.reduce((n, c) => n + c.indexes.length, 0);
  return {
    db: cx.db, collections: colls.length, views: 0, objects, avgObjSize: objects ? size / objects : 0, dataSize: size,
    storageSize: size, indexes, indexSize: colls.reduce((n, c) => n + c.indexes.reduce((m, ix) => m + ix.entries.size * INDEX_ENTRY_BYTES, 0), 0),
    totalSize: size, scaleFactor: 1, fsUsedSize: 0, fsTotalSize: 0, ok: 1,
  };
};

export const statsCommands: Record<string, CommandHandler> = { collStats, dbStats };
