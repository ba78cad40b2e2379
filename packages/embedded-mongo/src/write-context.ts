// Collects the document changes of one command or transaction: the undo log for aborts and the
// set of records to persist when the work is acknowledged.
import type { Collection } from './collection.js';
import type { Doc } from './errors.js';

export interface Change {
  coll: Collection;
  id: string;
  before?: Doc;
  after?: Doc;
  /** A replacement-style update (change streams report it as `replace`, not `update`). */
  replacement?: boolean;
  /** The operators of an operator-style update (change streams describe the update by their paths). */
  operators?: Doc;
}

/** How an update was written, for change events. */
export interface UpdateHow {
  replacement?: boolean;
  operators?: Doc;
}

/** Owner of document locks; only transactions hold locks beyond a single command. */
export interface LockOwner {
  readonly done: Promise<void>;
  readonly active: boolean;
}

export class WriteContext {
  readonly changes: Change[] = [];
  constructor(readonly owner?: LockOwner) {}

  record(coll: Collection, id: string, before: Doc | undefined, after: Doc | undefined, how?: UpdateHow): void {
    this.changes.push(how ? { coll, id, before, after, ...how } : { coll, id, before, after });
  }
}

/** Thrown before any mutation when a non-transactional write must wait for a transaction to finish. */
export class LockWait extends Error {
  constructor(readonly owner: LockOwner) {
    super('document locked by an open transaction');
  }
}

/** Transaction owners remember their lock keys so commit/abort can release them. */
export interface TxnLockOwner extends LockOwner {
  readonly lockKeys: Set<string>;
  /** The commit sequence number the transaction reads at (its snapshot), once it has one. */
  snapshot?: number;
}

/** A committed write others made: the document's committed version before it (undefined: absent). */
interface HistoryEntry {
  seq: number;
  id: string;
  before?: Doc;
}

interface LockEntry {
  owner: TxnLockOwner;
  ns: string;
  id: string;
  /** The document as last committed (undefined: the transaction inserted it). */
  committed?: Doc;
}

/** What a reader must see instead of uncommitted transaction state in one collection. */
export interface CommittedOverlay {
  /** Ids whose current version is uncommitted. */
  hidden: Set<string>;
  /** Their committed versions (absent for documents the transaction inserted). */
  committed: Doc[];
}

/**
 * Document-level write locks held by open transactions. They also remember each document's committed
 * version so that readers outside the transaction see only committed data (read committed).
 *
 * Transactions read from a snapshot: while one is open, every committed write (a plain write when it is
 * applied, a transaction's writes when it commits) is numbered and remembered with the document's
 * version before it, so the transaction's reads see each document as it was at its snapshot, and its
 * writes to a document changed since then fail with WriteConflict, as on MongoDB.
 */
export class LockTable {
  private readonly entries = new Map<string, LockEntry>();
  private readonly byNs = new Map<string, Map<string, LockEntry>>();
  private seq = 0;
  private readonly snapshots = new Set<TxnLockOwner>();
  private readonly history = new Map<string, HistoryEntry[]>();
  /** ns \0 id -> sequence number of the document's latest remembered committed write. */
  private readonly lastWrite = new Map<string, number>();

  /** Starts a transaction's snapshot: it sees what is committed now, and nothing committed later. */
  openSnapshot(owner: TxnLockOwner): void {
    owner.snapshot = this.seq;
    this.snapshots.add(owner);
  }

  /** The oldest snapshot still read from (undefined: none, so no history needs keeping). */
  private oldestSnapshot(): number | undefined {
    let min: number | undefined;
    for (const o of this.snapshots) {
      if (!o.active) this.snapshots.delete(o);
      else if (min === undefined || o.snapshot! < min) min = o.snapshot;
    }
    return min;
  }

  /** Remembers a committed write for the open snapshots (a no-op when no transaction is open). */
  private noteCommitted(ns: string, id: string, before: Doc | undefined): void {
    const oldest = this.oldestSnapshot();
    if (oldest === undefined) {
      if (this.history.size) [this.history, this.lastWrite].forEach((m) => m.clear());
      return;
    }
    const seq = ++this.seq;
    let list = this.history.get(ns);
    if (!list) this.history.set(ns, (list = []));
    while (list.length && list[0].seq <= oldest) {
      const gone = list.shift()!;
      if (this.lastWrite.get(ns + '\0' + gone.id) === gone.seq) this.lastWrite.delete(ns + '\0' + gone.id);
    }
    list.push({ seq, id, before });
    this.lastWrite.set(ns + '\0' + id, seq);
  }

  /** Remembers a committing transaction's writes (call before releasing its locks). */
  noteTransactionCommitted(owner: TxnLockOwner): void {
    for (const key of owner.lockKeys) {
      const entry = this.entries.get(key);
      if (entry?.owner === owner) this.noteCommitted(entry.ns, entry.id, entry.committed);
    }
  }

  /** Throws WriteConflict (transactions) or LockWait (plain writes) if another transaction holds the doc. */
  check(ns: string, id: string, ctx: WriteContext, onConflict: () => Error): void {
    const snapshot = (ctx.owner as TxnLockOwner | undefined)?.snapshot;
    // A transaction may not overwrite a version committed after its snapshot (it cannot see it).
    if (snapshot !== undefined && (this.lastWrite.get(ns + '\0' + id) ?? -1) > snapshot) throw onConflict();
    const entry = this.entries.get(ns + '\0' + id);
    if (!entry || entry.owner === ctx.owner || !entry.owner.active) return;
    if (ctx.owner) throw onConflict();
    throw new LockWait(entry.owner);
  }

  /** Records a transaction's write; `before` is the committed version the first time it touches the doc. */
  acquire(ns: string, id: string, ctx: WriteContext, before: Doc | undefined): void {
    const owner = ctx.owner as TxnLockOwner | undefined;
    if (!owner?.lockKeys) return this.noteCommitted(ns, id, before);
    const key = ns + '\0' + id;
    if (this.entries.get(key)?.owner === owner) return;
    const entry: LockEntry = { owner, ns, id, committed: before };
    this.entries.set(key, entry);
    let inNs = this.byNs.get(ns);
    if (!inNs) this.byNs.set(ns, (inNs = new Map()));
    inNs.set(id, entry);
    owner.lockKeys.add(key);
  }

  release(owner: TxnLockOwner): void {
    for (const key of owner.lockKeys) {
      const entry = this.entries.get(key);
      if (entry?.owner !== owner) continue;
      this.entries.delete(key);
      const inNs = this.byNs.get(entry.ns);
      inNs?.delete(entry.id);
      if (inNs?.size === 0) this.byNs.delete(entry.ns);
    }
    owner.lockKeys.clear();
  }

  /** Uncommitted state in `ns` that `reader` (a transaction, or none) must not see; undefined if none. */
  overlay(ns: string, reader?: LockOwner): CommittedOverlay | undefined {
    const snapshot = (reader as TxnLockOwner | undefined)?.snapshot;
    const later = snapshot === undefined ? undefined : this.history.get(ns)?.filter((h) => h.seq > snapshot);
    const inNs = this.byNs.get(ns);
    if (!inNs && !later?.length) return undefined;
    // Each hidden document's version as the reader must see it: at its snapshot, else last committed.
    const versions = new Map<string, Doc | undefined>();
    for (const h of later ?? []) if (!versions.has(h.id)) versions.set(h.id, h.before);
    for (const entry of inNs?.values() ?? []) {
      if (entry.owner === reader || !entry.owner.active || versions.has(entry.id)) continue;
      versions.set(entry.id, entry.committed);
    }
    if (!versions.size) return undefined;
    const committed: Doc[] = [];
    for (const v of versions.values()) if (v) committed.push(v);
    return { hidden: new Set(versions.keys()), committed };
  }
}
