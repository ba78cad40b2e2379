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
 */
export class LockTable {
  private readonly entries = new Map<string, LockEntry>();
  private readonly byNs = new Map<string, Map<string, LockEntry>>();

  /** Throws WriteConflict (transactions) or LockWait (plain writes) if another transaction holds the doc. */
  check(ns: string, id: string, ctx: WriteContext, onConflict: () => Error): void {
    const entry = this.entries.get(ns + '\0' + id);
    if (!entry || entry.owner === ctx.owner || !entry.owner.active) return;
    if (ctx.owner) throw onConflict();
    throw new LockWait(entry.owner);
  }

  /** Records a transaction's write; `before` is the committed version the first time it touches the doc. */
  acquire(ns: string, id: string, ctx: WriteContext, before: Doc | undefined): void {
    const owner = ctx.owner as TxnLockOwner | undefined;
    if (!owner?.lockKeys) return;
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
    const inNs = this.byNs.get(ns);
    if (!inNs) return undefined;
    let result: CommittedOverlay | undefined;
    for (const entry of inNs.values()) {
      if (entry.owner === reader || !entry.owner.active) continue;
      result ??= { hidden: new Set(), committed: [] };
      result.hidden.add(entry.id);
      if (entry.committed) result.committed.push(entry.committed);
    }
    return result;
  }
}
