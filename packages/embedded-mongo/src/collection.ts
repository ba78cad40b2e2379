// One collection in memory: documents by canonical _id key plus its indexes. Every mutation checks
// all unique indexes before touching anything, so a failed write leaves no trace.
import { keyString } from './bson-compare.js';
import type { Doc } from './errors.js';
import { MongoServerError, writeConflict } from './errors.js';
import { Index, type IndexSpec } from './index-manager.js';
import { noteDocument } from './match-normalise.js';
import type { CommittedOverlay, LockOwner, LockTable, UpdateHow, WriteContext } from './write-context.js';

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

function sameKeys(a: unknown[][] | null, b: unknown[][] | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  // Identical values (the common case: untouched fields keep their value objects) or equal canonical keys.
  return a.every((k, i) => k.every((v, j) => v === b[i][j])) || keyString(a) === keyString(b);
}

export class Collection {
  readonly docs = new Map<string, Doc>();
  indexes: Index[] = [new Index({ ...ID_INDEX, unique: true })];

  constructor(
    readonly db: string,
    public name: string,
    public options: Doc,
    private readonly locks: LockTable,
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get(id: string): Doc | undefined {
    return this.docs.get(id);
  }

  getIndex(name: string): Index | undefined {
    return this.indexes.find((ix) => ix.name === name);
  }

  /** Fails before any mutation if a document is locked by another transaction. */
  checkWritable(ctx: WriteContext, ids: Iterable<string>): void {
    for (const id of ids) this.locks.check(this.ns, id, ctx, writeConflict);
  }

  insert(ctx: WriteContext, doc: Doc): string {
    const id = keyString(doc._id);
    this.checkWritable(ctx, [id]);
    const keys = this.indexes.map((ix) => ix.keysFor(doc));
    this.indexes.forEach((ix, i) => {
      const dup = ix.findConflict(keys[i]);
      if (dup) throw ix.duplicateKeyError(this.ns, dup);
    });
    this.docs.set(id, doc);
    noteDocument(doc);
    this.indexes.forEach((ix, i) => ix.add(id, keys[i]));
    ctx.record(this, id, undefined, doc);
    this.locks.acquire(this.ns, id, ctx, undefined);
    return id;
  }

  replace(ctx: WriteContext, id: string, next: Doc, how?: UpdateHow): void {
    const prev = this.docs.get(id);
    if (!prev) throw new MongoServerError(1, `document ${id} vanished during update`);
    if (keyString(next._id) !== id) {
      throw new MongoServerError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    this.checkWritable(ctx, [id]);
    const oldKeys = this.indexes.map((ix) => ix.keysFor(prev));
    const newKeys = this.indexes.map((ix) => ix.keysFor(next));
    // Most updates leave indexed fields alone; those indexes need neither a check nor a change.
    const changed = this.indexes.map((_, i) => sameKeys(oldKeys[i], newKeys[i]) === false);
    this.indexes.forEach((ix, i) => {
      const dup = changed[i] ? ix.findConflict(newKeys[i], id) : undefined;
      if (dup) throw ix.duplicateKeyError(this.ns, dup);
    });
    this.indexes.forEach((ix, i) => {
      if (!changed[i]) return;
      ix.remove(id, oldKeys[i]);
      ix.add(id, newKeys[i]);
    });
    this.docs.set(id, next);
    noteDocument(next);
    ctx.record(this, id, prev, next, how);
    this.locks.acquire(this.ns, id, ctx, prev);
  }

  remove(ctx: WriteContext, id: string): Doc | undefined {
    const prev = this.docs.get(id);
    if (!prev) return undefined;
    this.checkWritable(ctx, [id]);
    this.indexes.forEach((ix) => ix.remove(id, ix.keysFor(prev)));
    this.docs.delete(id);
    ctx.record(this, id, prev, undefined);
    this.locks.acquire(this.ns, id, ctx, prev);
    return prev;
  }

  /** Documents as a reader outside the locking transactions sees them (committed versions only). */
  overlay(reader?: LockOwner): CommittedOverlay | undefined {
    return this.locks.overlay(this.ns, reader);
  }

  /** Undo path for aborted transactions: put a document back exactly, bypassing checks. */
  restore(id: string, doc: Doc | undefined): void {
    const cur = this.docs.get(id);
    if (cur) this.indexes.forEach((ix) => ix.remove(id, ix.keysFor(cur)));
    if (doc) {
      this.indexes.forEach((ix) => ix.add(id, ix.keysFor(doc)));
      this.docs.set(id, doc);
    } else this.docs.delete(id);
  }

  /** Loads persisted documents at start-up, then bulk-builds every index. */
  loadAll(docs: Iterable<Doc>, specs: IndexSpec[]): void {
    for (const doc of docs) {
      this.docs.set(keyString(doc._id), doc);
      noteDocument(doc);
    }
    this.indexes = [new Index({ ...ID_INDEX, unique: true }), ...specs.filter((s) => s.name !== '_id_').map((s) => new Index(s))];
    for (const ix of this.indexes) ix.build(this.ns, this.docs);
  }

  /** Builds a new index over existing documents; fails with 11000 if a unique constraint is violated. */
  addIndex(spec: IndexSpec): Index {
    const ix = new Index(spec);
    ix.build(this.ns, this.docs);
    this.indexes.push(ix);
    return ix;
  }

  dropIndex(name: string): void {
    this.indexes = this.indexes.filter((ix) => ix.name !== name);
  }

  /** Consistency check used by tests: every index holds exactly the keys its documents produce. */
  verifyIndexes(): string[] {
    const problems: string[] = [];
    for (const ix of this.indexes) {
      if (ix.text) {
        problems.push(...ix.text.verify(this.docs));
        continue;
      }
      const expected = new Set<string>();
      for (const [id, doc] of this.docs) for (const k of ix.keysFor(doc) ?? []) expected.add(keyString(k) + '|' + id);
      const actual = new Set<string>();
      for (const e of ix.entries.ascending()) actual.add(keyString(e.k) + '|' + e.id);
      for (const k of expected) if (!actual.has(k)) problems.push(`${ix.name}: missing ${k}`);
      for (const k of actual) if (!expected.has(k)) problems.push(`${ix.name}: stale ${k}`);
      if (ix.entries.size !== actual.size) problems.push(`${ix.name}: duplicate entries`);
    }
    return problems;
  }

  specs(): IndexSpec[] {
    return this.indexes.map((ix) => (ix.name === '_id_' ? { ...ID_INDEX } : { ...ix.spec }));
  }
}
