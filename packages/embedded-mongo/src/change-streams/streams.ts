// Change stream cursors: aggregate with $changeStream as the first stage opens one on a collection,
// a database ({aggregate: 1}) or the whole deployment (admin, allChangesForCluster). getMore waits up to
// maxTimeMS (default 1 s, as for MongoDB's awaitData cursors) and is woken as soon as a write commits.
// https://www.mongodb.com/docs/v7.0/changeStreams/ and /reference/operator/aggregation/changeStream/
import { calculateObjectSize, Long, Timestamp } from 'bson';
import { aggregate as mingoAggregate } from 'mingo';
import type { CommandContext } from '../command-context.js';
import { toInt } from '../command-context.js';
import { cloneDoc } from '../doc-utils.js';
import type { Engine } from '../engine.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { containsExoticNumbers, normaliseValue } from '../match-normalise.js';
import { MINGO_OPTIONS } from '../mingo-options.js';
import { queryDocs } from '../commands/read-commands.js';
import { compareTs, type ChangeLog, type StoredEvent } from './change-log.js';
import { changeEvent, invalidateEvent, type EventOptions } from './events.js';
import { decodeToken, encodeToken } from './resume-token.js';

type Scope = { kind: 'collection'; db: string; coll: string } | { kind: 'database'; db: string } | { kind: 'cluster' };

interface StreamCursor {
  id: Long;
  ns: string;
  scope: Scope;
  /** Sequence number of the last log event looked at. */
  position: number;
  /** startAtOperationTime: events before it are skipped. */
  minTs?: Timestamp;
  pipeline: Doc[];
  opts: EventOptions;
  pbrt: Doc;
  closed: boolean;
  lastUsed: number;
}

const ALLOWED_STAGES = new Set(['$match', '$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith', '$redact', '$changeStreamSplitLargeEvent']);
const SPEC_FIELDS = new Set(['fullDocument', 'fullDocumentBeforeChange', 'resumeAfter', 'startAfter', 'startAtOperationTime', 'allChangesForCluster', 'showExpandedEvents', 'allowToRunOnConfigDB', 'allowToRunOnSystemNS']);
const FULL_DOCUMENT = new Set(['default', 'updateLookup', 'whenAvailable', 'required']);
const BEFORE_CHANGE = new Set(['off', 'whenAvailable', 'required']);
const INTERNAL_DBS = new Set(['admin', 'config', 'local']);
const DEFAULT_AWAIT_MS = 1000;
const IDLE_MS = 10 * 60 * 1000;
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;

const registry = new WeakMap<Engine, ChangeStreams>();

export function changeStreamsOf(engine: Engine): ChangeStreams {
  let cs = registry.get(engine);
  if (!cs) registry.set(engine, (cs = new ChangeStreams(engine)));
  return cs;
}

export function isChangeStreamPipeline(pipeline: unknown[]): boolean {
  return pipeline.some((st) => !!st && typeof st === 'object' && '$changeStream' in st);
}

/** Whether an event belongs in a stream, and whether it ends (invalidates) the stream. */
function relevance(scope: Scope, ev: StoredEvent): { emit: boolean; invalidate: boolean } {
  const systemColl = !!ev.coll?.startsWith('system.');
  switch (scope.kind) {
    case 'collection': {
      const here = ev.db === scope.db && ev.coll === scope.coll;
      if (ev.op === 'dropDatabase') return { emit: false, invalidate: ev.db === scope.db };
      if (ev.op === 'drop' || ev.op === 'rename') return { emit: here, invalidate: here };
      return { emit: here, invalidate: false };
    }
    case 'database': {
      if (ev.op === 'dropDatabase') return { emit: ev.db === scope.db, invalidate: ev.db === scope.db };
      const here = (ev.db === scope.db && !systemColl) || (ev.op === 'rename' && ev.to?.db === scope.db);
      return { emit: here, invalidate: false };
    }
    default:
      return { emit: !INTERNAL_DBS.has(ev.db) && !systemColl, invalidate: false };
  }
}

export class ChangeStreams {
  private readonly cursors = new Map<string, StreamCursor>();
  private readonly log: ChangeLog;

  constructor(private readonly engine: Engine) {
    this.log = engine.changeLog;
  }

  get openCount(): number {
    return this.cursors.size;
  }

  /** aggregate whose first stage is $changeStream. */
  open(cx: CommandContext, pipeline: Doc[]): Doc {
    if (cx.txn) throw new MongoServerError(263, 'Operation not permitted in transaction :: caused by :: $changeStream cannot run in a multi-document transaction');
    const [first, ...rest] = pipeline;
    if (!first || !('$changeStream' in first)) throw new MongoServerError(40602, '$changeStream is only valid as the first stage in a pipeline.');
    const spec = first.$changeStream;
    if (!spec || typeof spec !== 'object' || Array.isArray(spec)) throw new MongoServerError(50808, '$changeStream stage expects a document as argument.');
    const s = spec as Doc;
    for (const k of Object.keys(s)) if (!SPEC_FIELDS.has(k)) throw new MongoServerError(40415, `BSON field '$changeStream.${k}' is an unknown field.`);
    for (const stage of rest) {
      const [name] = Object.keys(stage ?? {});
      if (name === '$changeStream') throw new MongoServerError(40602, '$changeStream is only valid as the first stage in a pipeline.');
      if (!ALLOWED_STAGES.has(name)) throw new MongoServerError(20, `${name} is not permitted in a $changeStream pipeline`);
    }
    const fullDocument = (s.fullDocument ?? 'default') as EventOptions['fullDocument'];
    if (!FULL_DOCUMENT.has(fullDocument)) throw new MongoServerError(2, `unknown full document option: '${String(s.fullDocument)}'`);
    const before = (s.fullDocumentBeforeChange ?? 'off') as EventOptions['fullDocumentBeforeChange'];
    if (!BEFORE_CHANGE.has(before)) throw new MongoServerError(2, `unknown full document before change option: '${String(s.fullDocumentBeforeChange)}'`);

    const scope = this.scopeOf(cx, s);
    const resumeOptions = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter((k) => s[k] !== undefined);
    if (resumeOptions.length > 1) throw new MongoServerError(40674, 'Only one type of resume option is allowed, but multiple were found.');

    let position = this.log.visibleSeq;
    let minTs: Timestamp | undefined;
    let pbrt: Doc | undefined;
    if (s.resumeAfter !== undefined || s.startAfter !== undefined) {
      const token = decodeToken(s.resumeAfter ?? s.startAfter);
      if (s.resumeAfter !== undefined && token.invalidate) {
        throw new MongoServerError(260, "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification.");
      }
      if (token.epoch !== this.log.epoch || !this.log.hasHistoryAfter(token.seq)) throw historyLost();
      position = token.seq;
      pbrt = encodeToken(token.ts, token.seq, this.log.epoch);
    } else if (s.startAtOperationTime !== undefined) {
      const ts = s.startAtOperationTime;
      if (!(ts instanceof Timestamp)) throw new MongoServerError(14, "BSON field '$changeStream.startAtOperationTime' is the wrong type, expected type 'timestamp'");
      if (this.log.truncatedSeq > 0 && compareTs(this.log.truncatedTs, ts) >= 0) throw historyLost();
      position = Math.min(this.log.seqBeforeTime(ts), this.log.visibleSeq);
      minTs = ts;
      pbrt = encodeToken(ts, position, this.log.epoch);
    }
    pbrt ??= encodeToken(this.log.find(position)?.ts ?? this.log.currentTime(), position, this.log.epoch);

    const ns = scope.kind === 'collection' ? `${scope.db}.${scope.coll}` : `${cx.db}.$cmd.aggregate`;
    this.reap();
    const cur: StreamCursor = {
      id: Long.fromBigInt(BigInt.asUintN(62, BigInt(Math.floor(Math.random() * 2 ** 52)) * 2048n + 1n)),
      ns, scope, position, minTs, pipeline: rest, opts: { fullDocument, fullDocumentBeforeChange: before }, pbrt, closed: false, lastUsed: Date.now(),
    };
    const batchSize = toInt((cx.body.cursor as Doc | undefined)?.batchSize);
    const docs = this.collect(cur, batchSize ?? 101);
    if (!cur.closed) this.cursors.set(cur.id.toString(), cur);
    return this.reply(cur, docs, true);
  }

  owns(id: Long): boolean {
    return this.cursors.has(id.toString());
  }

  /** getMore on a change stream cursor: returns what is there, or waits up to maxTimeMS for events. */
  async getMore(cx: CommandContext, id: Long): Promise<Doc> {
    const cur = this.cursors.get(id.toString())!;
    const ns = `${cx.db}.${String(cx.body.collection)}`;
    if (cur.ns !== ns) throw new MongoServerError(13, `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cur.ns}`);
    const batchSize = toInt(cx.body.batchSize) || Infinity;
    const waitMs = toInt(cx.body.maxTimeMS) ?? DEFAULT_AWAIT_MS;
    const deadline = Date.now() + waitMs;
    cur.lastUsed = Date.now();
    let docs = this.collect(cur, batchSize);
    while (!docs.length && !cur.closed && !this.log.closed && this.cursors.has(id.toString())) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await this.log.waitForChange(left);
      docs = this.collect(cur, batchSize);
    }
    cur.lastUsed = Date.now();
    if (!this.cursors.has(id.toString())) cur.closed = true; // killed while waiting
    if (cur.closed) this.cursors.delete(id.toString());
    return this.reply(cur, docs, false);
  }

  /** Removes the given cursors if they are change streams; returns the ids it owned. */
  kill(ids: Long[]): Long[] {
    const killed = ids.filter((id) => this.cursors.delete(id.toString()));
    if (killed.length) this.log.wake();
    return killed;
  }

  private reply(cur: StreamCursor, docs: Doc[], first: boolean): Doc {
    const id = cur.closed ? Long.ZERO : cur.id;
    const cursor: Doc = first ? { firstBatch: docs } : { nextBatch: docs };
    Object.assign(cursor, { postBatchResumeToken: cur.pbrt, id, ns: cur.ns });
    return { cursor, operationTime: this.log.currentTime(), ok: 1 };
  }

  private scopeOf(cx: CommandContext, s: Doc): Scope {
    const collName = typeof cx.body.aggregate === 'string' ? cx.body.aggregate : undefined;
    if (s.allChangesForCluster === true) {
      if (cx.db !== 'admin' || collName) {
        throw new MongoServerError(73, "A $changeStream with 'allChangesForCluster:true' may only be opened on the 'admin' database, and with no collection name");
      }
      return { kind: 'cluster' };
    }
    if (INTERNAL_DBS.has(cx.db) && !s.allowToRunOnConfigDB) throw new MongoServerError(73, `$changeStream may not be opened on the internal ${cx.db} database`);
    if (collName) {
      if (collName.startsWith('system.') && !s.allowToRunOnSystemNS) throw new MongoServerError(73, `$changeStream may not be opened on the internal ${cx.db}.${collName} collection`);
      return { kind: 'collection', db: cx.db, coll: collName };
    }
    if (cx.body.aggregate !== 1) throw new MongoServerError(73, 'aggregate requires a collection name or 1');
    return { kind: 'database', db: cx.db };
  }

  /** Events after the cursor's position that pass its scope and pipeline, up to `limit`. */
  private collect(cur: StreamCursor, limit: number): Doc[] {
    // A stream that fell behind the window has lost events: it must fail rather than skip them.
    if (cur.position < this.log.truncatedSeq) {
      this.cursors.delete(cur.id.toString());
      throw historyLost();
    }
    const docs: Doc[] = [];
    let bytes = 0;
    for (const ev of this.log.after(cur.position)) {
      if (docs.length >= limit || bytes >= MAX_BATCH_BYTES) break;
      if (cur.minTs && compareTs(ev.ts, cur.minTs) < 0) {
        cur.position = ev.seq;
        continue;
      }
      const { emit, invalidate } = relevance(cur.scope, ev);
      const out = emit ? this.render(cur, ev) : undefined;
      cur.position = ev.seq;
      cur.pbrt = encodeToken(ev.ts, ev.seq, this.log.epoch);
      if (out) {
        docs.push(out);
        bytes += calculateObjectSize(out);
      }
      if (invalidate) {
        const inv = invalidateEvent(ev, this.log.epoch);
        docs.push(inv);
        cur.pbrt = inv._id as Doc;
        cur.closed = true;
        break;
      }
    }
    // Nothing relevant may have happened, but the stream has seen everything up to here.
    if (!docs.length && cur.position < this.log.visibleSeq && !cur.closed) {
      cur.position = this.log.visibleSeq;
      cur.pbrt = encodeToken(this.log.currentTime(), cur.position, this.log.epoch);
    }
    return docs;
  }

  /** The change event as this stream shows it, or undefined if its pipeline filters it out. */
  private render(cur: StreamCursor, ev: StoredEvent): Doc | undefined {
    const base = changeEvent(ev, this.log.epoch);
    const { fullDocument, fullDocumentBeforeChange } = cur.opts;
    if (ev.op === 'update' && fullDocument !== 'default') {
      let doc: Doc | null;
      if (fullDocument === 'updateLookup') doc = this.lookup(ev);
      else doc = ev.post ?? null;
      if (!doc && fullDocument === 'required') {
        throw new MongoServerError(47, `Change stream was configured to require a post-image for all update, delete and replace events, but the post-image was not found for event: ${JSON.stringify(base._id)}`);
      }
      base.fullDocument = doc;
    }
    if ((ev.op === 'update' || ev.op === 'replace' || ev.op === 'delete') && fullDocumentBeforeChange !== 'off') {
      if (!ev.pre && fullDocumentBeforeChange === 'required') {
        throw new MongoServerError(47, `Change stream was configured to require a pre-image for all update, delete and replace events, but the pre-image was not found for event: ${JSON.stringify(base._id)}`);
      }
      base.fullDocumentBeforeChange = ev.pre ?? null;
    }
    const event = inEventOrder(base);
    if (!cur.pipeline.length) return event;
    const input = cloneDoc(event);
    for (const k of ['fullDocument', 'fullDocumentBeforeChange', 'documentKey', 'updateDescription']) {
      if (containsExoticNumbers(input[k])) input[k] = normaliseValue(input[k]);
    }
    let results: Doc[];
    try {
      results = mingoAggregate([input], cur.pipeline, MINGO_OPTIONS) as Doc[];
    } catch (err) {
      throw new MongoServerError(2, err instanceof Error ? err.message : String(err));
    }
    const out = results[0];
    if (!out) return undefined;
    const id = out._id as Doc | undefined;
    if (!id || typeof id !== 'object' || id._data !== (event._id as Doc)._data || Object.keys(id).length !== 1) {
      throw new MongoServerError(
        280,
        'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.',
      );
    }
    return out;
  }

  /** updateLookup: the current committed version of the document, or null if it is gone. */
  private lookup(ev: StoredEvent): Doc | null {
    const coll = ev.coll ? this.engine.getColl(ev.db, ev.coll) : undefined;
    const [doc] = queryDocs(coll, { filter: { _id: ev.key?._id }, limit: 1 });
    return doc ?? null;
  }

  private reap(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [key, c] of this.cursors) if (c.lastUsed < cutoff) this.cursors.delete(key);
  }
}

function historyLost(): MongoServerError {
  return new MongoServerError(286, 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.');
}

const ORDER = ['_id', 'operationType', 'clusterTime', 'wallTime', 'fullDocument', 'ns', 'to', 'documentKey', 'updateDescription', 'fullDocumentBeforeChange', 'lsid', 'txnNumber'];

function inEventOrder(ev: Doc): Doc {
  const out: Doc = {};
  for (const k of ORDER) if (k in ev) out[k] = ev[k];
  return out;
}
