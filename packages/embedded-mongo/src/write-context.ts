// Collects the document changes of one command or transaction: the undo log for aborts and the
// set of records to persist when the work is acknowledged.
import type { Collection } from './collection.js';
import type { Doc } from './errors.js';

export interface Change {
  coll: Collection;
  id: string;
  before?: Doc;
  after?: Doc;
}

/** Owner of document locks; only transactions hold locks beyond a single command. */
export interface LockOwner {
  readonly done: Promise<void>;
  readonly active: boolean;
}

export class WriteContext {
  readonly changes: Change[] = [];
  constructor(readonly owner?: LockOwner) {}

  record(coll: Collection, id: string, before: Doc | undefined, after: Doc | undefined): void {
    this.changes.push({ coll, id, before, after });
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

/** Document-level write locks held by open transactions (ns + id -> owner). */
export class LockTable {
  private readonly owners = new Map<string, TxnLockOwner>();

  /** Throws WriteConflict (transactions) or LockWait (plain writes) if another transaction holds the doc. */
  check(ns: string, id: string, ctx: WriteContext, onConflict: () => Error): void {
    const owner = this.owners.get(ns + '\0' + id);
    if (!owner || owner === ctx.owner || !owner.active) return;
    if (ctx.owner) throw onConflict();
    throw new LockWait(owner);
  }

  acquire(ns: string, id: string, ctx: WriteContext): void {
    const owner = ctx.owner as TxnLockOwner | undefined;
    if (!owner?.lockKeys) return;
    const key = ns + '\0' + id;
    this.owners.set(key, owner);
    owner.lockKeys.add(key);
  }

  release(owner: TxnLockOwner): void {
    for (const key of owner.lockKeys) if (this.owners.get(key) === owner) this.owners.delete(key);
    owner.lockKeys.clear();
  }
}
