// Logical sessions and multi-document transactions. A transaction writes straight into the shared
// in-memory state, locking each document it touches; commit persists all of its changes in one
// storage transaction, abort replays the undo log. Conflicting writers get WriteConflict (112).
import { Binary, Long } from 'bson';
import type { Engine } from './engine.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import { WriteContext, type TxnLockOwner } from './write-context.js';

export class Transaction implements TxnLockOwner {
  readonly ctx: WriteContext;
  readonly lockKeys = new Set<string>();
  state: 'active' | 'committed' | 'aborted' = 'active';
  lastUsed = Date.now();
  readonly done: Promise<void>;
  /** The session id as the client sent it (change events of the transaction carry it). */
  lsid?: Doc;
  /** Commit sequence number of the snapshot the transaction reads from (see LockTable). */
  snapshot?: number;
  private finish!: () => void;

  constructor(
    readonly lsidKey: string,
    readonly txnNumber: number,
  ) {
    this.ctx = new WriteContext(this);
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  get active(): boolean {
    return this.state === 'active';
  }

  settle(state: 'committed' | 'aborted'): void {
    this.state = state;
    this.finish();
  }
}

export function lsidKeyOf(body: Doc): string | undefined {
  const lsid = body.lsid as Doc | undefined;
  const id = lsid?.id;
  if (id instanceof Binary) return Buffer.from(id.buffer.subarray(0, id.position)).toString('hex');
  return id === undefined ? undefined : String(id);
}

const toNumber = (v: unknown) => (v instanceof Long ? v.toNumber() : Number(v));

function noSuchTransaction(txnNumber: number): MongoServerError {
  return new MongoServerError(251, `Transaction with { txnNumber: ${txnNumber} } has been aborted.`, {}, ['TransientTransactionError']);
}

export class SessionManager {
  private readonly txns = new Map<string, Transaction>();

  constructor(private readonly engine: Engine) {}

  get activeCount(): number {
    let n = 0;
    for (const t of this.txns.values()) if (t.active) n++;
    return n;
  }

  /** Resolves the transaction a command with autocommit:false belongs to, starting one if asked. */
  transactionFor(body: Doc, command: string): Transaction {
    const lsidKey = lsidKeyOf(body);
    if (!lsidKey) throw new MongoServerError(72, 'Transactions require a logical session id');
    const txnNumber = toNumber(body.txnNumber);
    const current = this.txns.get(lsidKey);
    if (body.startTransaction === true) {
      if (current && current.txnNumber > txnNumber) {
        throw new MongoServerError(225, `Cannot start transaction ${txnNumber} on session because a newer transaction ${current.txnNumber} has already started`);
      }
      if (current?.active) {
        if (current.txnNumber === txnNumber) throw new MongoServerError(251, `Transaction ${txnNumber} has already been started`);
        this.abort(current);
      }
      const txn = new Transaction(lsidKey, txnNumber);
      txn.lsid = body.lsid as Doc | undefined;
      // The snapshot is taken at the transaction's first operation, which is the one starting it.
      this.engine.locks.openSnapshot(txn);
      this.txns.set(lsidKey, txn);
      return txn;
    }
    if (!current || current.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber);
    if (current.state === 'committed' && command !== 'commitTransaction') {
      throw new MongoServerError(256, `Transaction ${txnNumber} has been committed.`);
    }
    if (current.state === 'aborted') throw noSuchTransaction(txnNumber);
    current.lastUsed = Date.now();
    return current;
  }

  async commit(txn: Transaction): Promise<void> {
    if (txn.state === 'committed') return; // a retried commit is a no-op
    let outcome: 'committed' | 'aborted' = 'aborted';
    try {
      // On failure flush() has already put memory back to the persisted state.
      await this.engine.flush(txn.ctx);
      outcome = 'committed';
      // Open snapshots of other transactions must not see these writes.
      this.engine.locks.noteTransactionCommitted(txn);
    } finally {
      this.engine.locks.release(txn);
      txn.settle(outcome);
    }
  }

  abort(txn: Transaction): void {
    if (!txn.active) return;
    const changes = txn.ctx.changes;
    for (let i = changes.length - 1; i >= 0; i--) changes[i].coll.restore(changes[i].id, changes[i].before);
    changes.length = 0;
    this.engine.locks.release(txn);
    txn.settle('aborted');
  }

  endSession(lsidKey: string): void {
    const txn = this.txns.get(lsidKey);
    if (txn) this.abort(txn);
    this.txns.delete(lsidKey);
  }

  /** Aborts transactions idle past the lifetime limit so their locks cannot block others forever. */
  reap(maxIdleMs: number): void {
    const cutoff = Date.now() - maxIdleMs;
    // Finished transactions are only kept so a retried commit can be answered; forget them after a while.
    const forgetBefore = Date.now() - 30 * 60 * 1000;
    for (const [key, txn] of this.txns) {
      if (txn.active && txn.lastUsed < cutoff) this.abort(txn);
      else if (!txn.active && txn.lastUsed < forgetBefore) this.txns.delete(key);
    }
  }

  abortAll(): void {
    for (const txn of this.txns.values()) this.abort(txn);
  }
}
