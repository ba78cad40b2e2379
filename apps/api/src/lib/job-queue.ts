import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { ClientSession, Types } from 'mongoose';
import type { Config } from '../config';
import { QueueJob, type QueueJobDoc, type TJobState } from './job-queue.model';

/**
 * The one background job queue: a MongoDB collection with leases, so it runs the same on the
 * embedded database and on a real MongoDB, any API instance may run any job, and a job whose process
 * died (kill -9) is run again once its lease has expired. Handlers therefore run at least once and
 * must be idempotent or tolerate a repeat; a job is marked done exactly once (only the holder of the
 * current lease token may finish it).
 *
 *   enqueueJob('mail.send', payload, { runAt, maxAttempts, dedupeKey })  any process, no worker needed
 *   new JobWorker({ definitions, config, logger }).start()                 polls for due jobs
 *   runJobNow(job, definition, ctx)                                       one attempt in the caller (mail)
 *   registerRecurringJob(definition, everyMs)                             a sweep every everyMs (list it like any job)
 *
 * Nothing a second instance would need lives in memory: the poll loop only looks for due jobs.
 */

export type JobView = Pick<QueueJobDoc, '_id' | 'name' | 'attempts' | 'maxAttempts' | 'customerId' | 'requestedBy'>;

export type JobContext = {
  config: Config;
  logger: Logger;
  job: JobView;
  /** 0-100 and a line for the user; also renews the lease. */
  progress(percent: number, message?: string): Promise<void>;
  /** The worker's clock: handlers that schedule follow-up work judge "now" by it (tests move it instead of waiting). */
  now(): Date;
  /** Aborted when the lease was lost (another worker took the job) or the worker is stopping past its grace. */
  signal: AbortSignal;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds definitions of every payload type
export type JobDefinition<P = any> = {
  name: string;
  /** Its return value is stored as the job's result. */
  handler(payload: P, ctx: JobContext): Promise<unknown>;
  maxAttempts?: number;
  /** Delay before attempt n+1 is baseMs * 2^(n-1), at most maxMs. */
  backoff?: { baseMs: number; maxMs: number };
  /** How long a finished job stays readable (status, result) before the TTL index removes it. */
  keepForSeconds?: number;
  /** What of the payload stays once the job is done or failed (mail bodies carry one-time links). */
  redact?(payload: P): unknown;
  /** After the last attempt failed. */
  onFailed?(payload: P, error: string, ctx: Pick<JobContext, 'config' | 'logger' | 'job'>): Promise<void> | void;
  /** Set by registerRecurringJob: workers keep exactly one pending run of it. */
  recurring?: { everyMs: number };
};

export class PermanentJobError extends Error {}

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  dedupeKey?: string;
  customerId?: Types.ObjectId | null;
  requestedBy?: Types.ObjectId | null;
  /** Enqueue inside this transaction: the job exists (and runs) only if it commits. Not with a dedupeKey (a duplicate aborts it). */
  session?: ClientSession;
};

export const JobDefaults = { maxAttempts: 5, backoff: { baseMs: 10_000, maxMs: 30 * 60_000 }, keepForSeconds: 7 * 24 * 3600, failedKeepForSeconds: 30 * 24 * 3600 };

/** Workers of this process that want to hear about a new job at once instead of at their next poll. */
const localWorkers = new Set<JobWorker>();

/** Stores a job for any worker to run; with a dedupeKey already present, answers that job instead. */
export async function enqueueJob<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<QueueJobDoc> {
  const doc = {
    name,
    payload,
    state: 'queued' as TJobState,
    runAt: opts.runAt ?? new Date(),
    maxAttempts: opts.maxAttempts ?? JobDefaults.maxAttempts,
    customerId: opts.customerId ?? null,
    requestedBy: opts.requestedBy ?? null,
    ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}),
  };
  try {
    const created = (opts.session ? (await QueueJob.create([doc], { session: opts.session }))[0]! : await QueueJob.create(doc)).toObject() as QueueJobDoc;
    for (const worker of localWorkers) worker.nudge();
    return created;
  } catch (error) {
    if (opts.dedupeKey && (error as { code?: number }).code === 11000) {
      const existing = await QueueJob.findOne({ dedupeKey: opts.dedupeKey }).lean<QueueJobDoc>();
      if (existing) return existing;
    }
    throw error;
  }
}

/** Many jobs of one name in one write (a bulk import's invitations); a duplicate dedupeKey is skipped. */
export async function enqueueJobs<P>(name: string, items: { payload: P; opts?: EnqueueOptions }[]): Promise<number> {
  if (!items.length) return 0;
  const docs = items.map(({ payload, opts = {} }) => ({
    name,
    payload,
    state: 'queued',
    runAt: opts.runAt ?? new Date(),
    maxAttempts: opts.maxAttempts ?? JobDefaults.maxAttempts,
    customerId: opts.customerId ?? null,
    requestedBy: opts.requestedBy ?? null,
    ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}),
  }));
  const inserted = await QueueJob.insertMany(docs, { ordered: false }).then(
    (rows) => rows.length,
    (error: { code?: number; insertedDocs?: unknown[]; writeErrors?: { code?: number; err?: { code?: number } }[] }) => {
      const onlyDuplicates = (error.writeErrors ?? []).every((w) => (w.code ?? w.err?.code) === 11000);
      if (!onlyDuplicates || !error.insertedDocs) throw error;
      return error.insertedDocs.length;
    },
  );
  for (const worker of localWorkers) worker.nudge();
  return inserted;
}

const recurringKey = (name: string) => `recurring:${name}`;

/**
 * A job that runs every `everyMs` (a sweep: reminders, daily clean-ups), on whichever instance claims it.
 * List the answer in background-jobs.ts like any definition. Exactly one run is pending per name: its
 * dedupeKey is `recurring:<name>`; each run frees the key and enqueues its successor at the worker's
 * now() + everyMs, and every worker's start() enqueues a first run (due at once) unless one is pending.
 * A run that throws is logged and the next run tries again (handlers must be idempotent sweeps); a run
 * whose process died is run again once its lease expires, like any job.
 */
export function registerRecurringJob(definition: JobDefinition<Record<string, never>>, everyMs: number): JobDefinition<Record<string, never>> {
  if (!(everyMs >= 1000)) throw new Error(`recurring job ${definition.name}: everyMs must be at least 1000`);
  return {
    ...definition,
    recurring: { everyMs },
    async handler(payload, ctx) {
      try {
        return await definition.handler(payload, ctx);
      } catch (error) {
        ctx.logger.error({ err: error }, 'recurring job run failed; the next run tries again');
        return { error: errorText(error) };
      } finally {
        await QueueJob.updateOne({ _id: ctx.job._id, dedupeKey: recurringKey(definition.name) }, { $unset: { dedupeKey: 1 } });
        await enqueueJob(definition.name, {}, { runAt: new Date(ctx.now().getTime() + everyMs), dedupeKey: recurringKey(definition.name), maxAttempts: definition.maxAttempts });
      }
    },
  };
}

/**
 * Makes sure each recurring definition has one pending run (a worker's start() calls it): a key left on a
 * finished or failed run is freed, then a run due `now` is enqueued unless one is queued or running.
 */
export async function ensureRecurringJobs(definitions: JobDefinition[], now: Date) {
  for (const definition of definitions) {
    if (!definition.recurring) continue;
    const dedupeKey = recurringKey(definition.name);
    await QueueJob.updateMany({ dedupeKey, state: { $in: ['done', 'failed'] } }, { $unset: { dedupeKey: 1 } });
    await enqueueJob(definition.name, {}, { runAt: now, dedupeKey, maxAttempts: definition.maxAttempts });
  }
}

export function findJob(id: Types.ObjectId | string) {
  return QueueJob.findById(id).lean<QueueJobDoc>();
}

export function backoffMs(definition: Pick<JobDefinition, 'backoff'>, attempts: number) {
  const { baseMs, maxMs } = definition.backoff ?? JobDefaults.backoff;
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type RunOptions = { config: Config; logger: Logger; owner: string; leaseMs: number; now: () => Date; stopping?: AbortSignal };

const newToken = () => randomBytes(12).toString('hex');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** The claim update: a fresh lease token, one more attempt. */
function claimUpdate(opts: RunOptions, token: string) {
  const now = opts.now();
  return {
    $set: { state: 'running', leaseOwner: opts.owner, leaseToken: token, leaseUntil: new Date(now.getTime() + opts.leaseMs), startedAt: now },
    $inc: { attempts: 1 },
  };
}

/**
 * Runs one claimed job to its end: renews the lease while the handler runs, then marks it done, or
 * queues the next attempt after a backoff, or marks it failed after the last one. Every write is
 * conditional on the lease token, so a worker that lost its lease changes nothing.
 */
async function runClaimed(job: QueueJobDoc, definition: JobDefinition, opts: RunOptions): Promise<TJobState | 'lost'> {
  const token = job.leaseToken!;
  const mine = { _id: job._id, leaseToken: token, state: 'running' as const };
  const logger = opts.logger.child({ job: { id: String(job._id), name: job.name, attempt: job.attempts } });
  const aborter = new AbortController();
  const onStop = () => aborter.abort(new Error('worker stopping'));
  opts.stopping?.addEventListener('abort', onStop);
  const view: JobView = { _id: job._id, name: job.name, attempts: job.attempts, maxAttempts: job.maxAttempts, customerId: job.customerId, requestedBy: job.requestedBy };
  const extend = () => new Date(opts.now().getTime() + opts.leaseMs);
  const renew = async (extra: Record<string, unknown> = {}) => {
    const res = await QueueJob.updateOne(mine, { $set: { leaseUntil: extend(), ...extra } });
    if (res.matchedCount === 0) aborter.abort(new Error('lease lost'));
  };
  const timer = setInterval(() => void renew().catch((error: unknown) => logger.warn({ err: error }, 'job lease could not be renewed')), Math.max(50, Math.floor(opts.leaseMs / 3)));
  timer.unref();
  const ctx: JobContext = {
    config: opts.config,
    logger,
    job: view,
    signal: aborter.signal,
    now: opts.now,
    progress: (percent, message = '') => renew({ progress: { percent: Math.max(0, Math.min(100, Math.round(percent))), message } }),
  };

  let outcome: { ok: true; result: unknown } | { ok: false; error: string; permanent: boolean };
  try {
    if (job.attempts > job.maxAttempts) throw new PermanentJobError('its worker stopped during the last attempt (lease expired)');
    outcome = { ok: true, result: (await definition.handler(job.payload, ctx)) ?? null };
  } catch (error) {
    outcome = { ok: false, error: errorText(error), permanent: error instanceof PermanentJobError };
  } finally {
    clearInterval(timer);
    opts.stopping?.removeEventListener('abort', onStop);
  }

  const now = opts.now();
  const unlease = { leaseOwner: null, leaseToken: null, leaseUntil: null };
  const payload = definition.redact ? definition.redact(job.payload) : job.payload;
  if (outcome.ok) {
    const res = await QueueJob.updateOne(mine, {
      $set: {
        ...unlease,
        state: 'done',
        result: outcome.result,
        payload,
        progress: { percent: 100, message: '' },
        lastError: null,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + (definition.keepForSeconds ?? JobDefaults.keepForSeconds) * 1000),
      },
    });
    if (res.matchedCount === 0) return lostLease(logger);
    logger.debug('job done');
    return 'done';
  }
  if (!outcome.permanent && job.attempts < job.maxAttempts) {
    const delay = backoffMs(definition, job.attempts);
    const res = await QueueJob.updateOne(mine, { $set: { ...unlease, state: 'queued', runAt: new Date(now.getTime() + delay), lastError: outcome.error } });
    if (res.matchedCount === 0) return lostLease(logger);
    logger.warn({ err: outcome.error, retryInMs: delay }, 'job attempt failed; it will be retried');
    return 'queued';
  }
  const res = await QueueJob.updateOne(mine, {
    $set: { ...unlease, state: 'failed', payload, lastError: outcome.error, finishedAt: now, expiresAt: new Date(now.getTime() + JobDefaults.failedKeepForSeconds * 1000) },
  });
  if (res.matchedCount === 0) return lostLease(logger);
  logger.error({ err: outcome.error, attempts: job.attempts }, 'job failed after its last attempt');
  try {
    await definition.onFailed?.(job.payload, outcome.error, { config: opts.config, logger, job: view });
  } catch (error) {
    logger.error({ err: error }, 'job failure hook failed');
  }
  return 'failed';
}

function lostLease(logger: Logger): 'lost' {
  logger.warn('job lease was taken over by another worker; this run changes nothing');
  return 'lost';
}

/**
 * Enqueues a job already claimed by the caller and makes its first attempt there (a request that wants
 * to say whether the mail went out). The lease is like any worker's, so if this process dies the queue
 * runs it again; if the attempt fails, the retries follow in the background on any instance.
 */
export async function runJobNow<P>(definition: JobDefinition<P>, payload: P, ctx: { config: Config; logger: Logger }, opts: Omit<EnqueueOptions, 'runAt' | 'dedupeKey'> = {}): Promise<{ jobId: Types.ObjectId; state: TJobState | 'lost' }> {
  const run: RunOptions = { ...ctx, owner: `${processOwner}:inline`, leaseMs: leaseMsOf(ctx.config), now: () => new Date() };
  const now = run.now();
  const created = await QueueJob.create({
    name: definition.name,
    payload,
    maxAttempts: opts.maxAttempts ?? definition.maxAttempts ?? JobDefaults.maxAttempts,
    customerId: opts.customerId ?? null,
    requestedBy: opts.requestedBy ?? null,
    runAt: now,
    state: 'running',
    attempts: 1,
    leaseOwner: run.owner,
    leaseToken: newToken(),
    leaseUntil: new Date(now.getTime() + run.leaseMs),
    startedAt: now,
  });
  const job = created.toObject() as QueueJobDoc;
  return { jobId: job._id, state: await runClaimed(job, definition as JobDefinition, run) };
}

const processOwner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
const leaseMsOf = (config: Partial<Pick<Config, 'jobLeaseSeconds'>>) => (config.jobLeaseSeconds ?? 60) * 1000;

export type WorkerOptions = {
  definitions: JobDefinition[];
  config: Config;
  logger: Logger;
  /** Defaults from config (JOB_CONCURRENCY, JOB_POLL_MS, JOB_LEASE_SECONDS). */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  owner?: string;
  /** The clock the worker judges due jobs and leases by (tests move it instead of waiting). */
  now?: () => Date;
};

/** Claims due jobs of the names it knows, at most `concurrency` at a time, until stopped. */
export class JobWorker {
  readonly owner: string;
  private readonly definitions: Map<string, JobDefinition>;
  private readonly opts: RunOptions;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly running = new Map<string, Promise<unknown>>();
  private stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private again = false;
  private started = false;

  constructor(options: WorkerOptions) {
    this.owner = options.owner ?? `${processOwner}:${randomBytes(2).toString('hex')}`;
    this.definitions = new Map(options.definitions.map((d) => [d.name, d]));
    this.concurrency = Math.max(1, options.concurrency ?? options.config.jobConcurrency);
    this.pollMs = options.pollMs ?? options.config.jobPollMs;
    this.opts = {
      config: options.config,
      logger: options.logger.child({ worker: this.owner }),
      owner: this.owner,
      leaseMs: options.leaseMs ?? leaseMsOf(options.config),
      now: options.now ?? (() => new Date()),
      stopping: this.stopping.signal,
    };
  }

  get active() {
    return this.running.size;
  }

  start() {
    if (this.started) return this;
    this.started = true;
    if (this.stopping.signal.aborted) {
      this.stopping = new AbortController();
      this.opts.stopping = this.stopping.signal;
    }
    localWorkers.add(this);
    void ensureRecurringJobs([...this.definitions.values()], this.opts.now()).catch((error: unknown) =>
      this.opts.logger.error({ err: error }, 'recurring jobs could not be scheduled'),
    );
    const loop = () => {
      this.timer = setTimeout(() => void this.tick().finally(() => this.started && loop()), this.pollMs);
      this.timer.unref();
    };
    loop();
    this.nudge();
    return this;
  }

  /** A job was enqueued in this process: look now rather than at the next poll. */
  nudge() {
    if (this.started && !this.stopping.signal.aborted) setImmediate(() => void this.tick());
  }

  /** Claims due jobs into free slots and starts them; answers how many it started. */
  tick(): Promise<number> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = this.claimFreeSlots()
      .catch((error: unknown) => {
        this.opts.logger.error({ err: error }, 'job queue poll failed');
        return 0;
      })
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
    return this.ticking;
  }

  private async claimFreeSlots() {
    let started = 0;
    while (!this.stopping.signal.aborted && this.running.size < this.concurrency) {
      const job = await this.claimOne();
      if (!job) break;
      const definition = this.definitions.get(job.name)!;
      const run = runClaimed(job, definition, this.opts)
        .catch((error: unknown) => this.opts.logger.error({ err: error, jobId: String(job._id) }, 'job run failed to record its outcome'))
        .finally(() => {
          this.running.delete(String(job._id));
          this.nudge();
        });
      this.running.set(String(job._id), run);
      started++;
    }
    return started;
  }

  private claimOne() {
    const now = this.opts.now();
    return QueueJob.findOneAndUpdate(
      {
        name: { $in: [...this.definitions.keys()] },
        $or: [
          { state: 'queued', runAt: { $lte: now } },
          { state: 'running', leaseUntil: { $lt: now } },
        ],
      },
      claimUpdate(this.opts, newToken()),
      { sort: { runAt: 1 }, returnDocument: 'after' },
    ).lean<QueueJobDoc>();
  }

  /** Runs every job that is due now, and what those jobs enqueue, until none is left (tests, scripts). */
  async drain() {
    for (;;) {
      const started = await this.tick();
      if (started === 0 && this.running.size === 0) return;
      if (this.running.size) await Promise.race(this.running.values());
    }
  }

  /**
   * Graceful stop: claims nothing more, lets running jobs finish for up to graceMs, then hands the
   * rest back (queued, due now, attempt not counted) so another instance picks them up at once.
   */
  async stop({ graceMs = 10_000 }: { graceMs?: number } = {}) {
    this.started = false;
    localWorkers.delete(this);
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    const finished = Promise.allSettled(this.running.values());
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace'>((resolve) => (timer = setTimeout(() => resolve('grace'), graceMs)));
    const how = await Promise.race([finished.then(() => 'finished' as const), graceOver]);
    clearTimeout(timer);
    this.stopping.abort(new Error('worker stopping'));
    if (how === 'grace' && this.running.size) {
      const ids = [...this.running.keys()];
      await QueueJob.updateMany(
        { _id: { $in: ids }, leaseOwner: this.owner, state: 'running' },
        { $set: { state: 'queued', runAt: this.opts.now(), leaseOwner: null, leaseToken: null, leaseUntil: null }, $inc: { attempts: -1 } },
      );
      this.opts.logger.info({ released: ids.length }, 'job worker stopped; unfinished jobs handed back to the queue');
    }
  }
}
