import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import { startTestApp } from '../test/test-app';
import type { Config } from '../config';
import { JobWorker, enqueueJob, ensureRecurringJobs, findJob, registerRecurringJob, runJobNow, PermanentJobError, type JobDefinition } from './job-queue';
import { QueueJob } from './job-queue.model';
import { withTransaction } from '../modules/jobs/with-transaction';

let config: Config;
let logger: Logger;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ config, logger, stop } = await startTestApp());
});
afterAll(async () => stop());

/** A clock the test moves, so backoff and lease expiry need no waiting. */
function testClock(start = new Date('2030-01-01T00:00:00Z')) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let n = 0;
const uniqueName = (what: string) => `test.${what}.${++n}`;

describe('claiming', () => {
  it('gives each due job to exactly one of two workers, and each is done once', async () => {
    const name = uniqueName('exclusive');
    const runs = new Map<string, string[]>();
    const definition = (who: string): JobDefinition<{ i: number }> => ({
      name,
      handler: async (payload) => {
        runs.set(String(payload.i), [...(runs.get(String(payload.i)) ?? []), who]);
        await new Promise((resolve) => setImmediate(resolve));
        return { i: payload.i };
      },
    });
    for (let i = 0; i < 40; i++) await enqueueJob(name, { i });
    const a = new JobWorker({ definitions: [definition('a')], config, logger, concurrency: 3, owner: 'worker-a' });
    const b = new JobWorker({ definitions: [definition('b')], config, logger, concurrency: 3, owner: 'worker-b' });
    await Promise.all([a.drain(), b.drain()]);

    expect(runs.size).toBe(40);
    expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
    const jobs = await QueueJob.find({ name }).lean();
    expect(jobs.map((j) => j.state)).toEqual(Array(40).fill('done'));
    expect(jobs.every((j) => j.attempts === 1 && j.leaseToken === null)).toBe(true);
    expect(new Set(jobs.map((j) => (j.result as { i: number }).i)).size).toBe(40);
  });

  it('runs only jobs that are due, and only the names the worker knows', async () => {
    const clock = testClock();
    const name = uniqueName('due');
    const handler = vi.fn(async () => undefined);
    const later = await enqueueJob(name, {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    const other = await enqueueJob(uniqueName('unknown'), {}, { runAt: new Date(0) });
    const worker = new JobWorker({ definitions: [{ name, handler }], config, logger, now: clock.now });
    await worker.drain();
    expect(handler).not.toHaveBeenCalled();
    clock.advance(60_000);
    await worker.drain();
    expect(handler).toHaveBeenCalledTimes(1);
    expect((await findJob(later._id))?.state).toBe('done');
    expect((await findJob(other._id))?.state).toBe('queued');
  });

  it('answers the existing job for a dedupe key instead of adding a second', async () => {
    const name = uniqueName('dedupe');
    const first = await enqueueJob(name, { v: 1 }, { dedupeKey: `k-${name}` });
    const second = await enqueueJob(name, { v: 2 }, { dedupeKey: `k-${name}` });
    expect(String(second._id)).toBe(String(first._id));
    expect(await QueueJob.countDocuments({ name })).toBe(1);
  });

  it('enqueued inside a transaction, a job exists only if the transaction commits', async () => {
    const name = uniqueName('in-transaction');
    await withTransaction(async (session) => {
      await enqueueJob(name, { i: 1 }, { session });
    });
    await expect(
      withTransaction(async (session) => {
        await enqueueJob(name, { i: 2 }, { session });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await QueueJob.find({ name }).lean()).map((j) => (j.payload as { i: number }).i)).toEqual([1]);
  });
});

describe('retries', () => {
  it('retries a failing job with exponential backoff, then marks it done', async () => {
    const clock = testClock();
    const name = uniqueName('retry');
    let calls = 0;
    const definition: JobDefinition = {
      name,
      backoff: { baseMs: 1000, maxMs: 10_000 },
      handler: async () => {
        calls++;
        if (calls < 3) throw new Error(`SMTP said no (${calls})`);
        return 'sent';
      },
    };
    const job = await enqueueJob(name, {}, { runAt: clock.now(), maxAttempts: 5 });
    const worker = new JobWorker({ definitions: [definition], config, logger, now: clock.now });

    await worker.drain();
    let stored = await findJob(job._id);
    expect(stored).toMatchObject({ state: 'queued', attempts: 1, lastError: 'SMTP said no (1)' });
    expect(stored!.runAt.getTime() - clock.now().getTime()).toBe(1000);

    clock.advance(999);
    await worker.drain();
    expect(calls).toBe(1);
    clock.advance(1);
    await worker.drain();
    stored = await findJob(job._id);
    expect(stored).toMatchObject({ state: 'queued', attempts: 2, lastError: 'SMTP said no (2)' });
    expect(stored!.runAt.getTime() - clock.now().getTime()).toBe(2000);

    clock.advance(2000);
    await worker.drain();
    stored = await findJob(job._id);
    expect(stored).toMatchObject({ state: 'done', attempts: 3, result: 'sent', lastError: null });
    expect(stored!.expiresAt!.getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it('marks a job failed after its last attempt and calls its failure hook once', async () => {
    const clock = testClock();
    const name = uniqueName('fail');
    const onFailed = vi.fn();
    const definition: JobDefinition = { name, backoff: { baseMs: 10, maxMs: 10 }, onFailed, handler: async () => Promise.reject(new Error('still down')) };
    const job = await enqueueJob(name, { to: 'x' }, { runAt: clock.now(), maxAttempts: 3 });
    const worker = new JobWorker({ definitions: [definition], config, logger, now: clock.now });
    for (let i = 0; i < 5; i++) {
      await worker.drain();
      clock.advance(10);
    }
    expect(await findJob(job._id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'still down' });
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith({ to: 'x' }, 'still down', expect.anything());
  });

  it('does not retry a permanent error', async () => {
    const name = uniqueName('permanent');
    const job = await enqueueJob(name, {});
    const worker = new JobWorker({ definitions: [{ name, handler: async () => Promise.reject(new PermanentJobError('no such user')) }], config, logger });
    await worker.drain();
    expect(await findJob(job._id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'no such user' });
  });
});

describe('leases', () => {
  it('gives a job whose worker stopped answering to another worker once the lease expires, and only that one finishes it', async () => {
    const clock = testClock();
    const name = uniqueName('lease');
    const hang = deferred();
    const seen: string[] = [];
    const definition = (who: string, wait?: Promise<void>): JobDefinition => ({
      name,
      handler: async () => {
        seen.push(who);
        if (wait) await wait;
        return who;
      },
    });
    const job = await enqueueJob(name, {}, { runAt: clock.now() });
    const dying = new JobWorker({ definitions: [definition('dying', hang.promise)], config, logger, now: clock.now, leaseMs: 60_000, owner: 'dying' });
    await dying.tick();
    expect(await findJob(job._id)).toMatchObject({ state: 'running', leaseOwner: 'dying', attempts: 1 });

    // Before the lease ends nobody else may take it.
    const rescuerAt = testClock(clock.now());
    const rescuer = new JobWorker({ definitions: [definition('rescuer')], config, logger, now: rescuerAt.now, leaseMs: 60_000, owner: 'rescuer' });
    rescuerAt.advance(59_000);
    await rescuer.drain();
    expect(seen).toEqual(['dying']);

    rescuerAt.advance(1_001);
    await rescuer.drain();
    expect(await findJob(job._id)).toMatchObject({ state: 'done', result: 'rescuer', attempts: 2, leaseOwner: null });

    // The first worker comes back to life and finishes: its lease is gone, so it changes nothing.
    hang.resolve();
    await dying.drain();
    expect(seen).toEqual(['dying', 'rescuer']);
    expect(await findJob(job._id)).toMatchObject({ state: 'done', result: 'rescuer', attempts: 2 });
  });

  it('publishes progress that a reader sees while the job runs', async () => {
    const name = uniqueName('progress');
    const step = deferred();
    const halfway = deferred();
    const job = await enqueueJob(name, {});
    const worker = new JobWorker({
      definitions: [
        {
          name,
          handler: async (_p, ctx) => {
            await ctx.progress(50, 'Half of the rows written');
            halfway.resolve();
            await step.promise;
          },
        },
      ],
      config,
      logger,
    });
    const draining = worker.drain();
    await halfway.promise;
    expect(await findJob(job._id)).toMatchObject({ state: 'running', progress: { percent: 50, message: 'Half of the rows written' } });
    step.resolve();
    await draining;
    expect(await findJob(job._id)).toMatchObject({ state: 'done', progress: { percent: 100 } });
  });

  it('on stop, lets a short job finish and hands a long one back to the queue for another instance', async () => {
    const name = uniqueName('stop');
    const forever = deferred();
    const quick = await enqueueJob(name, { quick: true });
    const slow = await enqueueJob(name, { quick: false });
    const worker = new JobWorker({
      definitions: [{ name, handler: async (p: { quick: boolean }) => (p.quick ? 'quick' : forever.promise) }],
      config,
      logger,
      concurrency: 2,
    });
    await worker.tick();
    await vi.waitFor(async () => expect((await findJob(quick._id))?.state).toBe('done'));
    await worker.stop({ graceMs: 0 });
    expect(await findJob(slow._id)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });

    const next = new JobWorker({ definitions: [{ name, handler: async () => 'picked up' }], config, logger });
    await next.drain();
    expect(await findJob(slow._id)).toMatchObject({ state: 'done', result: 'picked up', attempts: 1 });
    forever.resolve();
  });

  it('runs the first attempt in the caller, and leaves a failed one queued for the workers', async () => {
    const name = uniqueName('inline');
    const definition: JobDefinition<{ ok: boolean }> = { name, backoff: { baseMs: 5000, maxMs: 5000 }, handler: async (p) => (p.ok ? 'ok' : Promise.reject(new Error('down'))) };
    const good = await runJobNow(definition, { ok: true }, { config, logger });
    expect(good.state).toBe('done');
    expect(await findJob(good.jobId)).toMatchObject({ state: 'done', attempts: 1, result: 'ok' });
    const bad = await runJobNow(definition, { ok: false }, { config, logger });
    expect(bad.state).toBe('queued');
    expect(await findJob(bad.jobId)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'down' });
  });
});

describe('recurring jobs', () => {
  it('keeps exactly one pending run per name and runs it again every period, also after a failed run', async () => {
    const clock = testClock(new Date('2031-01-01T00:00:00Z'));
    const name = uniqueName('recurring');
    const runs: string[] = [];
    const definition = registerRecurringJob(
      {
        name,
        handler: async (_payload, ctx) => {
          runs.push(ctx.now().toISOString());
          if (runs.length === 2) throw new Error('the sweep broke once');
          return { n: runs.length };
        },
      },
      60_000,
    );
    // Two instances starting: still one pending run, due at once.
    await ensureRecurringJobs([definition], clock.now());
    await ensureRecurringJobs([definition], clock.now());
    expect(await QueueJob.countDocuments({ name, state: 'queued' })).toBe(1);

    const worker = new JobWorker({ definitions: [definition], config, logger, now: clock.now });
    await worker.drain();
    await worker.drain(); // nothing more is due until a period has passed
    expect(runs).toEqual(['2031-01-01T00:00:00.000Z']);
    const next = await QueueJob.find({ name, state: 'queued' }).lean();
    expect(next.map((j) => j.runAt.toISOString())).toEqual(['2031-01-01T00:01:00.000Z']);

    clock.advance(60_000);
    await worker.drain(); // this run fails: logged, and the next one is still scheduled
    clock.advance(60_000);
    await worker.drain();
    expect(runs).toEqual(['2031-01-01T00:00:00.000Z', '2031-01-01T00:01:00.000Z', '2031-01-01T00:02:00.000Z']);
    const all = await QueueJob.find({ name }).sort({ runAt: 1 }).lean();
    expect(all.map((j) => j.state)).toEqual(['done', 'done', 'done', 'queued']);
    expect(all[1]!.result).toEqual({ error: 'the sweep broke once' });
    expect(all.filter((j) => j.dedupeKey).map((j) => j.state)).toEqual(['queued']);

    // A worker starting later finds the pending run and adds none.
    await ensureRecurringJobs([definition], clock.now());
    expect(await QueueJob.countDocuments({ name, state: 'queued' })).toBe(1);
  });
});
