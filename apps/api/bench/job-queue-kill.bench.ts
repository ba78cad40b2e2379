// The job queue survives kill -9: enqueue N jobs, run them in a worker process, kill -9 it mid-run
// (once it has finished 40% of them, with a full set of jobs in flight: from then on its handlers stall),
// start another worker process, and check that every job completed (exactly one "done" per job) and
// none was lost. Each run of a handler leaves one row in bench_effects, so a repeat shows as a duplicate
// (the queue runs handlers at least once). src/lib/job-queue.kill.test.ts runs the same with fewer jobs.
//
//   npx tsx apps/api/bench/job-queue-kill.bench.ts            embedded database (in this process)
//   MONGODB_URI=mongodb://... npx tsx apps/api/bench/...      a real MongoDB (a fresh database in it)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { startEmbeddedMongo } from '@hireflow/embedded-mongo';
import { loadConfig } from '../src/config';
import { JobWorker, enqueueJobs, type JobDefinition } from '../src/lib/job-queue';
import { QueueJob } from '../src/lib/job-queue.model';
import { fmt } from './lib';

const Jobs = Number(process.env.BENCH_JOBS ?? 500);
const WorkMs = Number(process.env.BENCH_WORK_MS ?? 20);
const Concurrency = 8;
const LeaseSeconds = 2;
const KillAtFraction = 0.4;
const JobName = 'bench.work';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const effects = () => mongoose.connection.db!.collection<{ i: number; pid: number }>('bench_effects');

/** The first worker stalls after this many jobs, so the kill finds jobs in flight however loaded the machine is. */
const stallAfter = process.env.BENCH_STALL_AFTER ? Number(process.env.BENCH_STALL_AFTER) : Infinity;
let finished = 0;

/** The handler: some work, then one visible effect per run. */
const work: JobDefinition<{ i: number }> = {
  name: JobName,
  maxAttempts: 5,
  handler: async ({ i }) => {
    if (finished >= stallAfter) await new Promise(() => {});
    await sleep(WorkMs);
    await effects().insertOne({ i, pid: process.pid });
    finished++;
  },
};

async function runWorker() {
  await mongoose.connect(process.env.BENCH_URI!, { dbName: process.env.BENCH_DB });
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', JOB_LEASE_SECONDS: String(LeaseSeconds), JOB_POLL_MS: '100', DATA_DIR: '.tmp/bench-kill' });
  const worker = new JobWorker({ definitions: [work], config, logger: pino({ level: 'silent' }), concurrency: Concurrency }).start();
  process.stdout.write('ready\n');
  // Until nothing is left that this worker could run (a kill -9 usually ends it first).
  for (;;) {
    await sleep(200);
    const left = await QueueJob.countDocuments({ name: JobName, state: { $in: ['queued', 'running'] } });
    if (left === 0 && worker.active === 0) break;
  }
  await worker.stop();
  await mongoose.disconnect();
}

function startWorker(uri: string, dbName: string, stall?: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_KILL_WORKER: '1', BENCH_URI: uri, BENCH_DB: dbName, LOG_LEVEL: 'silent', BENCH_STALL_AFTER: stall === undefined ? '' : String(stall) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export type KillFigures = {
  jobs: number;
  doneAtKill: number;
  inFlightAtKill: number;
  completed: number;
  failed: number;
  retried: number;
  duplicates: number;
  lost: number;
  recoveredMs: number;
};

/** Runs the scenario on the database mongoose is connected to (its name is dbName, at uri). */
export async function killScenario({ uri, dbName, jobs }: { uri: string; dbName: string; jobs: number }): Promise<KillFigures> {
  await QueueJob.syncIndexes();
  await enqueueJobs(JobName, Array.from({ length: jobs }, (_, i) => ({ payload: { i }, opts: { maxAttempts: work.maxAttempts } })));
  const done = () => QueueJob.countDocuments({ name: JobName, state: 'done' });
  const running = () => QueueJob.countDocuments({ name: JobName, state: 'running' });

  const stall = Math.floor(jobs * KillAtFraction);
  const first = await startWorker(uri, dbName, stall);
  await until('the first worker to finish part of the jobs and stall on the next ones', async () => (await done()) >= stall && (await running()) >= Concurrency);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const killedAt = Date.now();
  const doneAtKill = await done();
  const inFlightAtKill = await running();

  const second = await startWorker(uri, dbName);
  await until('every job to be finished', async () => (await QueueJob.countDocuments({ name: JobName, state: { $in: ['queued', 'running'] } })) === 0);
  const recoveredMs = Date.now() - killedAt;
  await new Promise((resolve) => second.once('exit', resolve));

  const rows = await QueueJob.find({ name: JobName }, { state: 1, attempts: 1 }).lean();
  const runs = await effects().find({}, { projection: { i: 1 } }).toArray();
  const runsPerJob = new Map<number, number>();
  for (const r of runs) runsPerJob.set(r.i, (runsPerJob.get(r.i) ?? 0) + 1);
  return {
    jobs,
    doneAtKill,
    inFlightAtKill,
    completed: rows.filter((j) => j.state === 'done').length,
    failed: rows.filter((j) => j.state === 'failed').length,
    retried: rows.filter((j) => j.attempts > 1).length,
    duplicates: runs.length - runsPerJob.size,
    lost: Array.from({ length: jobs }, (_, i) => i).filter((i) => !runsPerJob.has(i)).length,
    recoveredMs,
  };
}

async function main() {
  const external = process.env.MONGODB_URI;
  const embedded = external ? null : await startEmbeddedMongo();
  const uri = external ?? embedded!.uri;
  const dbName = `bench_kill_${randomBytes(4).toString('hex')}`;
  await mongoose.connect(uri, { dbName });
  const f = await killScenario({ uri, dbName, jobs: Jobs });

  console.log(`job queue, kill -9 mid-run (${external ? 'MongoDB' : 'embedded database'}; ${Concurrency} jobs at a time, ${WorkMs} ms each, lease ${LeaseSeconds} s)`);
  console.log(`  jobs enqueued                    ${fmt(f.jobs)}`);
  console.log(`  done when the worker was killed  ${fmt(f.doneAtKill)}`);
  console.log(`  in flight when killed            ${fmt(f.inFlightAtKill)}`);
  console.log(`  completed (state done) at end    ${fmt(f.completed)}`);
  console.log(`  failed                           ${fmt(f.failed)}`);
  console.log(`  run again after the kill         ${fmt(f.retried)}`);
  console.log(`  duplicate handler runs           ${fmt(f.duplicates)} (at least once: only jobs in flight at the kill may repeat)`);
  console.log(`  lost (never run)                 ${fmt(f.lost)}`);
  console.log(`  kill -> all done                 ${fmt(f.recoveredMs)} ms (includes starting the new worker process)`);

  const ok = f.completed === f.jobs && f.lost === 0 && f.failed === 0 && f.duplicates <= f.inFlightAtKill;
  console.log(ok ? '  OK: every job completed, none lost' : '  FAILED');
  if (external) await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await embedded?.stop();
  process.exitCode = ok ? 0 : 1;
}

if (process.env.BENCH_KILL_WORKER === '1') {
  runWorker().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
