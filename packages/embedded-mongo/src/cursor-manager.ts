// Server-side cursors: lazily evaluated result iterators handed out in batches by find/aggregate/getMore.
import { calculateObjectSize, Long } from 'bson';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';

const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;

interface CursorState {
  id: Long;
  ns: string;
  source: Iterator<Doc>;
  peeked?: IteratorResult<Doc>;
  lastUsed: number;
  lsidKey?: string;
}

export interface Batch {
  id: Long;
  docs: Doc[];
}

export class CursorManager {
  private readonly cursors = new Map<string, CursorState>();
  private nextId = BigInt(Date.now()) * 1000n;

  get openCount(): number {
    return this.cursors.size;
  }

  /** Takes the first batch; registers a cursor only if results remain. */
  open(ns: string, source: Iterable<Doc>, batchSize: number | undefined, opts: { singleBatch?: boolean; lsidKey?: string } = {}): Batch {
    const state: CursorState = { id: Long.ZERO, ns, source: source[Symbol.iterator](), lastUsed: Date.now(), lsidKey: opts.lsidKey };
    // batchSize 0: the cursor is established with an empty first batch; getMore returns the results.
    if (batchSize === 0 && !opts.singleBatch) return { id: this.register(state), docs: [] };
    const docs = this.take(state, batchSize ?? 101);
    if (opts.singleBatch || this.exhausted(state)) return { id: Long.ZERO, docs };
    return { id: this.register(state), docs };
  }

  private register(state: CursorState): Long {
    state.id = Long.fromBigInt(++this.nextId);
    this.cursors.set(state.id.toString(), state);
    return state.id;
  }


  getMore(id: Long, ns: string, batchSize: number | undefined): Batch {
    const key = id.toString();
    const state = this.cursors.get(key);
    if (!state) throw new MongoServerError(43, `cursor id ${key} not found`);
    if (state.ns !== ns) throw new MongoServerError(13, `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${state.ns}`);
    state.lastUsed = Date.now();
    const docs = this.take(state, batchSize);
    if (this.exhausted(state)) {
      this.cursors.delete(key);
      return { id: Long.ZERO, docs };
    }
    return { id: state.id, docs };
  }

  kill(ids: Long[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) (this.cursors.delete(id.toString()) ? killed : notFound).push(id);
    return { killed, notFound };
  }

  killSession(lsidKey: string): void {
    for (const [key, c] of this.cursors) if (c.lsidKey === lsidKey) this.cursors.delete(key);
  }

  /** Drops cursors idle longer than maxIdleMs (MongoDB's default is 10 minutes). */
  reap(maxIdleMs: number): void {
    const cutoff = Date.now() - maxIdleMs;
    for (const [key, c] of this.cursors) if (c.lastUsed < cutoff) this.cursors.delete(key);
  }

  private next(state: CursorState): IteratorResult<Doc> {
    if (state.peeked) {
      const r = state.peeked;
      state.peeked = undefined;
      return r;
    }
    return state.source.next();
  }

  private exhausted(state: CursorState): boolean {
    state.peeked ??= state.source.next();
    return !!state.peeked.done;
  }

  private take(state: CursorState, batchSize: number | undefined): Doc[] {
    const docs: Doc[] = [];
    const limit = batchSize && batchSize > 0 ? batchSize : Infinity;
    let bytes = 0;
    while (docs.length < limit) {
      if (bytes > 0 && this.exhausted(state)) break;
      const r = this.next(state);
      if (r.done) {
        state.peeked = r;
        break;
      }
      docs.push(r.value);
      bytes += calculateObjectSize(r.value);
      if (bytes >= MAX_BATCH_BYTES) break;
    }
    return docs;
  }
}
