// Periodic housekeeping: removes documents whose TTL index date has expired, and reaps idle cursors
// and abandoned transactions.
import type { CursorManager } from './cursor-manager.js';
import type { Engine } from './engine.js';
import type { Logger } from './command-dispatch.js';
import type { SessionManager } from './transactions.js';
import { WriteContext } from './write-context.js';

const CURSOR_IDLE_MS = 10 * 60 * 1000;
const TXN_LIFETIME_MS = 60 * 1000;

/** One pass of TTL deletion; returns the number of documents removed. */
export async function expireDocuments(engine: Engine, now = new Date()): Promise<number> {
  const ctx = new WriteContext();
  let removed = 0;
  for (const colls of engine.dbs.values()) {
    for (const coll of colls.values()) {
      for (const ix of coll.indexes) {
        const secs = ix.spec.expireAfterSeconds;
        if (typeof secs !== 'number' || ix.fields.length !== 1) continue;
        const cutoff = new Date(now.getTime() - secs * 1000);
        // Only dates count (arrays expire on their earliest date); the index range scan finds them directly.
        const ids = [...ix.scan([], { hi: cutoff, hiInclusive: true, lo: new Date(-8.64e15), loInclusive: true })];
        for (const id of new Set(ids)) {
          try {
            if (coll.remove(ctx, id)) removed++;
          } catch {
            // Locked by an open transaction: try again next pass.
          }
        }
      }
    }
  }
  await engine.flush(ctx);
  return removed;
}

export class Housekeeper {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly engine: Engine,
    private readonly cursors: CursorManager,
    private readonly sessions: SessionManager,
    private readonly intervalMs: number,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await expireDocuments(this.engine);
      this.cursors.reap(CURSOR_IDLE_MS);
      this.sessions.reap(TXN_LIFETIME_MS);
    } catch (err) {
      this.logger?.error?.(`housekeeping failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
