import type { mongo, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { TLiveEvent } from '@hireflow/contracts/pipeline';
import { LiveEvent, type LiveEventDoc } from './live-event.model';

/** Who a stream belongs to, as far as seeing events goes (decided when the stream opens). */
export type LiveViewer = {
  customerId: Types.ObjectId;
  userId: Types.ObjectId;
  /** Recruiters, admins and super users see every event of their company; others only those of their jobs. */
  wholeDatabase: boolean;
};

export type LiveSubscriber = {
  viewer: LiveViewer;
  /** One event this viewer may see, in the order the stream delivered it. */
  onEvent: (event: TLiveEvent) => void;
  /** The hub lost events (its resume point fell out of the database's history): reload what is shown. */
  onResync: () => void;
};

/** Whether a viewer may see an event: same company, and either the whole database or on the job's team. */
export function mayView(viewer: LiveViewer, doc: Pick<LiveEventDoc, 'customerId' | 'teamIds'>): boolean {
  if (!doc.customerId || !viewer.customerId.equals(doc.customerId)) return false;
  return viewer.wholeDatabase || (doc.teamIds ?? []).some((id) => viewer.userId.equals(id));
}

/** The event as the stream sends it (ZLiveEvent): no company, no team list. */
export function toLiveEvent(doc: LiveEventDoc): TLiveEvent {
  const id = (v: Types.ObjectId | null | undefined) => (v ? String(v) : null);
  return {
    id: String(doc._id),
    kind: doc.kind as TLiveEvent['kind'],
    at: new Date(doc.at).toISOString(),
    jobId: id(doc.jobId),
    applicationId: id(doc.applicationId),
    candidateId: id(doc.candidateId),
    byUserId: id(doc.byUserId),
    data: (doc.data ?? {}) as TLiveEvent['data'],
  };
}

// The server's error codes for a resume point it no longer has (ChangeStreamHistoryLost, ChangeStreamFatalError).
const HistoryLostCodes = new Set([286, 280]);
const MaxRetryDelayMs = 30_000;

/**
 * One change stream per API process on the LiveEvent collection (inserts only), shared by every open
 * SSE connection of the process: it opens with the first subscriber, closes with the last, and after an
 * error re-opens where it stopped (its resume token). Each event goes to the subscribers allowed to see
 * it. Several API instances each run their own, so an event written through any instance reaches every
 * instance's clients (MongoDB replica set, or the embedded server).
 */
class LiveEventHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private runner: StreamRunner | null = null;

  get size() {
    return this.subscribers.size;
  }

  /** Adds a subscriber; `ready` resolves once the change stream is open, so what is written after it is delivered. */
  subscribe(subscriber: LiveSubscriber, logger: Logger): { ready: Promise<void>; unsubscribe: () => void } {
    this.subscribers.add(subscriber);
    this.runner ??= new StreamRunner(this, logger);
    const runner = this.runner;
    return {
      ready: runner.ready,
      unsubscribe: () => {
        if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0) return;
        if (this.runner === runner) this.runner = null;
        void runner.stop();
      },
    };
  }

  dispatch(doc: LiveEventDoc) {
    let event: TLiveEvent | null = null;
    for (const subscriber of this.subscribers) {
      if (!mayView(subscriber.viewer, doc)) continue;
      event ??= toLiveEvent(doc);
      subscriber.onEvent(event);
    }
  }

  resyncAll() {
    for (const subscriber of this.subscribers) subscriber.onResync();
  }

  /** Drops the change stream as a lost connection would (tests): it re-opens from its resume token. */
  async interrupt() {
    await this.runner?.interrupt();
  }

  /** Shutdown: closes the change stream (open connections are ended by their owners). */
  async stop() {
    const runner = this.runner;
    this.runner = null;
    this.subscribers.clear();
    await runner?.stop();
  }
}

/** The change stream's read loop; a new one per open period of the hub. */
class StreamRunner {
  readonly ready: Promise<void>;
  private markReady!: () => void;
  private stopped = false;
  private stream: mongo.ChangeStream<LiveEventDoc, mongo.ChangeStreamInsertDocument<LiveEventDoc>> | null = null;
  private token: mongo.ResumeToken | undefined;
  private wake: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly hub: LiveEventHub,
    private readonly logger: Logger,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.done = this.loop();
  }

  private async loop() {
    let failures = 0;
    while (!this.stopped) {
      const stream = LiveEvent.collection.watch<LiveEventDoc, mongo.ChangeStreamInsertDocument<LiveEventDoc>>([{ $match: { operationType: 'insert' } }], {
        maxAwaitTimeMS: 5_000,
        ...(this.token ? { resumeAfter: this.token } : {}),
      });
      this.stream = stream;
      // Open once the server answered the aggregate: it then has a resume token (an empty first batch
      // announces it) or returns the first change from tryNext.
      const opened = () => {
        failures = 0;
        this.markReady();
      };
      stream.once('resumeTokenChanged', opened);
      try {
        while (!this.stopped) {
          const change = await stream.tryNext();
          if (this.stopped) break;
          // A closed stream answers null for ever instead of failing: re-open it like after an error.
          if (stream.closed) throw new Error('the change stream closed');
          opened();
          if (change) {
            this.token = change._id;
            this.hub.dispatch(change.fullDocument);
          } else if (stream.resumeToken) {
            this.token = stream.resumeToken;
          }
        }
      } catch (error) {
        if (this.stopped) break;
        failures += 1;
        const code = (error as { code?: number }).code;
        if (code !== undefined && HistoryLostCodes.has(code)) {
          // The resume point is gone: start from now and tell every client to reload what it shows.
          this.token = undefined;
          this.hub.resyncAll();
        }
        this.logger.warn({ err: error, failures }, 'live events: change stream failed; re-opening');
        await this.pause(Math.min(MaxRetryDelayMs, 250 * 2 ** failures));
      } finally {
        this.stream = null;
        await stream.close().catch(() => undefined);
      }
    }
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Closes the current stream without stopping: the loop sees the error and re-opens it from its token. */
  async interrupt() {
    await this.ready;
    await this.stream?.close();
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    // Subscribers waiting for the stream to open stop waiting (their connections are closing too).
    this.markReady();
    await this.stream?.close().catch(() => undefined);
    await this.done;
  }
}

/** The process's hub. */
export const liveEventHub = new LiveEventHub();
