// The change log: every committed write as an ordered, durable event (the embedded server's oplog).
// Events get a sequence number and cluster time when their command or transaction is flushed, are
// written in the same storage transaction as the documents, and become visible to change streams once
// that transaction is durable (in sequence order). The log keeps a bounded window (count and age);
// resuming from before the window fails with ChangeStreamHistoryLost (286).
import { calculateObjectSize, deserialize, serialize, Timestamp } from 'bson';
import type { Doc } from '../errors.js';
import type { StorageBackend, StorageOp } from '../storage.js';

export type EventOp = 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'rename' | 'dropDatabase';

export interface UpdateDescription {
  updatedFields: Doc;
  removedFields: string[];
  truncatedArrays: { field: string; newSize: number }[];
}

/** What a write produces before it is sequenced. */
export interface RawEvent {
  op: EventOp;
  db: string;
  coll?: string;
  to?: { db: string; coll: string };
  /** documentKey: { _id } */
  key?: Doc;
  /** fullDocument of insert and replace events. */
  doc?: Doc;
  upd?: UpdateDescription;
  /** Pre- and post-images, kept only for collections with changeStreamPreAndPostImages enabled. */
  pre?: Doc;
  post?: Doc;
  lsid?: Doc;
  txnNumber?: unknown;
}

export interface StoredEvent extends RawEvent {
  seq: number;
  ts: Timestamp;
  wall: Date;
}

export interface ChangeLogOptions {
  /** Most events kept (default 10,000). */
  maxEvents?: number;
  /** Oldest event kept, in milliseconds (default 24 hours). */
  maxAgeMs?: number;
  /** Most bytes of events kept, BSON size (default 128 MB): inserts carry whole documents. */
  maxBytes?: number;
}

interface Entry {
  ev: StoredEvent;
  state: 'pending' | 'ok' | 'failed';
  bytes: number;
  /** Stored record holding this event (one per staged batch) and whether this is its last event. */
  record?: string;
  lastOfRecord?: boolean;
}

export interface Staged {
  ops: StorageOp[];
  entries: Entry[];
}

const EVENT_PREFIX = 'o:';
const META_KEY = 'm:changelog';
export const eventKey = (seq: number) => EVENT_PREFIX + seq.toString(16).padStart(16, '0');

export function compareTs(a: Timestamp, b: Timestamp): number {
  return a.t - b.t || a.i - b.i;
}

export class ChangeLog {
  /** Retained events in sequence order; the tail may still be pending. */
  private entries: Entry[] = [];
  private lastSeq = 0;
  private lastTs = new Timestamp({ t: 0, i: 0 });
  /** Highest sequence number whose event (and all before it) is settled. */
  visibleSeq = 0;
  /** Highest sequence number dropped from the window, and its cluster time. */
  truncatedSeq = 0;
  truncatedTs = new Timestamp({ t: 0, i: 0 });
  /** Identifies this log in resume tokens, so tokens of another log are refused rather than misread. */
  epoch = Math.floor(Math.random() * 0xffffffff);
  private readonly waiters = new Set<() => void>();
  /** Sequence numbers pruned from memory whose stored copies the next staged write deletes. */
  private unpersistedPrunes: string[] = [];
  readonly maxEvents: number;
  readonly maxAgeMs: number;
  readonly maxBytes: number;
  private bytes = 0;
  closed = false;

  constructor(
    private readonly storage: StorageBackend,
    opts: ChangeLogOptions = {},
  ) {
    this.maxEvents = Math.max(1, opts.maxEvents ?? 10_000);
    this.maxAgeMs = opts.maxAgeMs ?? 24 * 60 * 60 * 1000;
    this.maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
  }

  /** Reads the persisted window at start-up; returns storage operations to write (a new log's identity). */
  load(): StorageOp[] {
    const meta = this.storage.get(META_KEY);
    const m = meta ? (deserialize(meta) as { truncatedSeq: number; truncatedTs: Timestamp; epoch?: number }) : undefined;
    if (m) {
      this.truncatedSeq = m.truncatedSeq;
      this.truncatedTs = m.truncatedTs;
    }
    const ops: StorageOp[] = [];
    if (m?.epoch !== undefined) this.epoch = m.epoch;
    else if (this.storage.durable) ops.push(this.metaOp());
    this.loadEvents(ops);
    const last = this.entries[this.entries.length - 1]?.ev;
    this.lastSeq = last?.seq ?? this.truncatedSeq;
    this.lastTs = last?.ts ?? this.truncatedTs;
    this.visibleSeq = this.lastSeq;
    // A window that shrank (or aged) while the server was down is trimmed now.
    this.prune(Date.now());
    ops.push(...this.takePrunes());
    return ops;
  }

  private loadEvents(ops: StorageOp[]): void {
    // Each record holds the events of one staged batch as consecutive BSON documents.
    for (const { key, value } of this.storage.readRange(EVENT_PREFIX, 'o;')) {
      const buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      let last: Entry | undefined;
      for (let at = 0; at + 4 <= buf.length; ) {
        const size = buf.readInt32LE(at);
        const ev = deserialize(buf.subarray(at, at + size)) as StoredEvent;
        at += size;
        if (ev.seq <= this.truncatedSeq) continue;
        last = { ev, state: 'ok', bytes: size, record: key };
        this.entries.push(last);
        this.bytes += size;
      }
      if (last) last.lastOfRecord = true;
      else ops.push({ key });
    }
  }

  /** Storage deletions for records whose events have all left the window, plus the updated metadata. */
  private takePrunes(): StorageOp[] {
    if (!this.unpersistedPrunes.length) return [];
    const ops: StorageOp[] = this.unpersistedPrunes.map((key) => ({ key }));
    ops.push(this.metaOp());
    this.unpersistedPrunes = [];
    return ops;
  }

  private metaOp(): StorageOp {
    return { key: META_KEY, value: serialize({ truncatedSeq: this.truncatedSeq, truncatedTs: this.truncatedTs, epoch: this.epoch }) };
  }

  /** A fresh cluster time, later than every earlier one (also across restarts). */
  private nextTs(): Timestamp {
    const t = Math.max(Math.floor(Date.now() / 1000), this.lastTs.t);
    this.lastTs = new Timestamp({ t, i: t === this.lastTs.t ? this.lastTs.i + 1 : 1 });
    return this.lastTs;
  }

  /** The latest cluster time handed out (operationTime of replies). */
  currentTime(): Timestamp {
    return this.lastTs.t ? this.lastTs : new Timestamp({ t: Math.floor(Date.now() / 1000), i: 0 });
  }

  /**
   * Sequences events and returns the storage operations that persist them (and prune the window); they
   * belong in the same storage transaction as the writes. `sharedTime` gives all events one cluster
   * time, as a transaction's events have.
   */
  stage(raws: RawEvent[], sharedTime = false): Staged {
    const staged: Staged = { ops: [], entries: [] };
    if (!raws.length) return staged;
    const wall = new Date();
    const shared = sharedTime ? this.nextTs() : undefined;
    // One storage record per batch: a bulk insert adds one key, not one per document.
    const record = eventKey(this.lastSeq + 1);
    const parts: Uint8Array[] = [];
    for (const raw of raws) {
      const ev: StoredEvent = { ...raw, seq: ++this.lastSeq, ts: shared ?? this.nextTs(), wall };
      let bytes: number;
      if (this.storage.durable) {
        const value = serialize(stripUndefined(ev));
        parts.push(value);
        bytes = value.length;
      } else bytes = calculateObjectSize(stripUndefined(ev));
      const entry: Entry = { ev, state: 'pending', bytes, record };
      this.entries.push(entry);
      this.bytes += bytes;
      staged.entries.push(entry);
    }
    staged.entries[staged.entries.length - 1].lastOfRecord = true;
    if (this.storage.durable) staged.ops.push({ key: record, value: Buffer.concat(parts) });
    this.prune(wall.getTime());
    staged.ops.push(...this.takePrunes());
    return staged;
  }

  /** Drops settled events beyond the count or age bound (from the front of the window). */
  private prune(now: number): void {
    const cutoff = now - this.maxAgeMs;
    let drop = 0;
    while (drop < this.entries.length) {
      const e = this.entries[drop];
      if (e.state === 'pending') break;
      if (this.entries.length - drop <= this.maxEvents && this.bytes <= this.maxBytes && e.ev.wall.getTime() >= cutoff) break;
      this.bytes -= e.bytes;
      drop++;
    }
    if (!drop) return;
    for (const { ev, state, record, lastOfRecord } of this.entries.slice(0, drop)) {
      if (this.storage.durable && record && lastOfRecord) this.unpersistedPrunes.push(record);
      if (state === 'ok') {
        this.truncatedSeq = ev.seq;
        this.truncatedTs = ev.ts;
      }
    }
    this.entries.splice(0, drop);
  }

  /** Marks staged events durable (ok) or abandoned; publishes the settled prefix and wakes waiters. */
  settle(staged: Staged, ok: boolean): void {
    if (!staged.entries.length) return;
    for (const e of staged.entries) e.state = ok ? 'ok' : 'failed';
    if (!ok) {
      for (const e of staged.entries) this.bytes -= e.bytes;
      this.entries = this.entries.filter((e) => e.state !== 'failed');
    }
    // Everything before the first pending event is settled, so visible up to there.
    let i = this.indexAfter(this.visibleSeq);
    while (i < this.entries.length && this.entries[i].state !== 'pending') i++;
    const visible = i < this.entries.length ? this.entries[i].ev.seq - 1 : this.lastSeq;
    if (visible > this.visibleSeq) {
      this.visibleSeq = visible;
      // Memory is trimmed now; the stored copies go with the next write (a restart before it only keeps more).
      this.prune(Date.now());
      this.wake();
    }
  }

  /** Index of the first retained entry with seq > `seq`. */
  private indexAfter(seq: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid].ev.seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Visible events after `seq`, in order. */
  *after(seq: number): Generator<StoredEvent> {
    for (let i = this.indexAfter(seq); i < this.entries.length; i++) {
      const e = this.entries[i];
      if (e.ev.seq > this.visibleSeq) return;
      if (e.state === 'ok') yield e.ev;
    }
  }

  /** Sequence number just before the first visible event at or after cluster time `ts`. */
  seqBeforeTime(ts: Timestamp): number {
    for (const ev of this.after(this.truncatedSeq)) if (compareTs(ev.ts, ts) >= 0) return ev.seq - 1;
    return this.visibleSeq;
  }

  /** Whether a stream can continue after `seq` without a gap. */
  hasHistoryAfter(seq: number): boolean {
    return seq >= this.truncatedSeq && seq <= this.lastSeq;
  }

  /** The event with this sequence number, if still retained. */
  find(seq: number): StoredEvent | undefined {
    const i = this.indexAfter(seq - 1);
    const e = this.entries[i];
    return e && e.ev.seq === seq && e.state === 'ok' ? e.ev : undefined;
  }

  /** Resolves when new events become visible, the log closes, or after `ms`. */
  waitForChange(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  wake(): void {
    for (const w of [...this.waiters]) w();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }
}

function stripUndefined(ev: StoredEvent): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(ev)) if (v !== undefined) out[k] = v;
  return out;
}
