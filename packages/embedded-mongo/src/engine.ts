// Catalog of databases and collections, plus the bridge from in-memory changes to durable storage.
import { serialize } from 'bson';
import { ChangeLog, type ChangeLogOptions, type RawEvent } from './change-streams/change-log.js';
import { eventsFromChanges, type TxnIdentity } from './change-streams/events.js';
import { Collection } from './collection.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import type { IndexSpec } from './index-manager.js';
import {
  catalogKey,
  catalogValue,
  docKey,
  LmdbStorage,
  MemoryStorage,
  type StorageBackend,
  type StorageOp,
} from './storage.js';
import { LockTable, type WriteContext } from './write-context.js';

export class Engine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  readonly locks = new LockTable();
  private pending = new Set<Promise<void>>();
  /** Counts catalog writes, so a command can tell whether it issued one it must wait for. */
  catalogWrites = 0;

  /** Committed writes as change events, for change streams. */
  readonly changeLog: ChangeLog;

  private constructor(readonly storage: StorageBackend, changeLogOptions?: ChangeLogOptions) {
    this.changeLog = new ChangeLog(storage, changeLogOptions);
  }

  static open(dbPath?: string, opts: { changeLog?: ChangeLogOptions } = {}): Engine {
    const engine = new Engine(dbPath ? new LmdbStorage(dbPath) : new MemoryStorage(), opts.changeLog);
    try {
      const logOps = engine.changeLog.load();
      if (logOps.length) engine.track(engine.storage.write(logOps));
      for (const entry of engine.storage.loadCatalog()) {
        const coll = engine.attach(entry.db, entry.name, entry.options ?? {});
        coll.loadAll(engine.storage.loadDocs(coll.ns), entry.indexes);
      }
    } catch (err) {
      void engine.storage.close();
      throw err;
    }
    return engine;
  }

  private attach(db: string, name: string, options: Doc): Collection {
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    const coll = new Collection(db, name, options, this.locks);
    colls.set(name, coll);
    return coll;
  }

  getColl(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  mustGetColl(db: string, name: string): Collection {
    const coll = this.getColl(db, name);
    if (!coll) throw new MongoServerError(26, `ns does not exist: ${db}.${name}`);
    return coll;
  }

  /** Returns the collection, creating (and durably cataloguing) it on first write. */
  ensureColl(db: string, name: string, options: Doc = {}): { coll: Collection; created: boolean } {
    const existing = this.getColl(db, name);
    if (existing) return { coll: existing, created: false };
    validateCollectionName(db, name);
    const coll = this.attach(db, name, options);
    this.saveCatalog(coll);
    return { coll, created: true };
  }

  /** Persists a collection's options and index specs. */
  saveCatalog(coll: Collection): void {
    this.track(
      this.storage.write([
        { key: catalogKey(coll.ns), value: catalogValue({ db: coll.db, name: coll.name, options: coll.options, indexes: coll.specs() }) },
      ]),
    );
  }

  dropColl(coll: Collection): void {
    const ops: StorageOp[] = [{ key: catalogKey(coll.ns) }];
    for (const id of coll.docs.keys()) ops.push({ key: docKey(coll.ns, id) });
    this.dbs.get(coll.db)?.delete(coll.name);
    if (this.dbs.get(coll.db)?.size === 0) this.dbs.delete(coll.db);
    this.writeWithEvents(ops, [{ op: 'drop', db: coll.db, coll: coll.name }]);
  }

  /** Records a dropDatabase change event (after the drops of its collections). */
  noteDropDatabase(db: string): void {
    this.writeWithEvents([], [{ op: 'dropDatabase', db }]);
  }

  /** A catalog write carrying change events; they become visible once it is durable. */
  private writeWithEvents(ops: StorageOp[], events: RawEvent[]): void {
    const staged = this.changeLog.stage(events);
    const write = this.storage.write([...ops, ...staged.ops]);
    this.track(write);
    write.then(
      () => this.changeLog.settle(staged, true),
      () => this.changeLog.settle(staged, false),
    );
  }

  renameColl(coll: Collection, toDb: string, toName: string): void {
    validateCollectionName(toDb, toName);
    const ops: StorageOp[] = [{ key: catalogKey(coll.ns) }];
    for (const id of coll.docs.keys()) ops.push({ key: docKey(coll.ns, id) });
    const target = this.attach(toDb, toName, coll.options);
    target.indexes = coll.indexes;
    for (const [id, doc] of coll.docs) {
      target.docs.set(id, doc);
      ops.push({ key: docKey(target.ns, id), value: serialize(doc) });
    }
    ops.push({
      key: catalogKey(target.ns),
      value: catalogValue({ db: toDb, name: toName, options: target.options, indexes: target.specs() }),
    });
    this.dbs.get(coll.db)?.delete(coll.name);
    if (this.dbs.get(coll.db)?.size === 0) this.dbs.delete(coll.db);
    this.writeWithEvents(ops, [{ op: 'rename', db: coll.db, coll: coll.name, to: { db: toDb, coll: toName } }]);
  }

  /** Makes a command's or transaction's changes durable; resolves only once they are on disk. */
  async flush(ctx: WriteContext): Promise<void> {
    const finals = new Map<string, { coll: Collection; after?: Doc }>();
    for (const ch of ctx.changes) finals.set(ch.coll.ns + '\0' + ch.id, { coll: ch.coll, after: ch.after });
    const ops: StorageOp[] = [];
    for (const [key, { coll, after }] of finals) {
      // Skip collections dropped meanwhile so their documents are not resurrected on disk.
      if (this.getColl(coll.db, coll.name) !== coll) continue;
      const id = key.slice(coll.ns.length + 1);
      ops.push({ key: docKey(coll.ns, id), value: after ? serialize(after) : undefined });
    }
    const changes = ctx.changes.splice(0);
    // Change events go into the same storage transaction; a transaction's events share one cluster time.
    const txn = ctx.owner as TxnIdentity | undefined;
    const live = changes.filter((ch) => this.getColl(ch.coll.db, ch.coll.name) === ch.coll);
    const staged = this.changeLog.stage(eventsFromChanges(live, txn), !!txn?.lsid);
    ops.push(...staged.ops);
    try {
      const write = this.storage.write(ops);
      this.track(write);
      await Promise.all([...this.pending]);
      this.changeLog.settle(staged, true);
    } catch (err) {
      this.changeLog.settle(staged, false);
      // Not durable, so not acknowledged: put memory back to what is on disk.
      for (let i = changes.length - 1; i >= 0; i--) {
        const ch = changes[i];
        if (ch.coll.get(ch.id) === ch.after) ch.coll.restore(ch.id, ch.before);
      }
      throw err;
    }
  }

  private track(p: Promise<void>): void {
    this.catalogWrites++;
    this.pending.add(p);
    p.finally(() => this.pending.delete(p)).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.changeLog.close();
    await Promise.allSettled([...this.pending]);
    await this.storage.close();
  }
}

export function validateCollectionName(db: string, name: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) throw new MongoServerError(73, `Invalid database name: '${db}'`);
  if (!name || name.includes('$') || name.includes('\0') || name.startsWith('.') || name.startsWith('system.')) {
    if (!name.startsWith('system.')) throw new MongoServerError(73, `Invalid collection name: ${name}`);
  }
}

export type { IndexSpec };
