// Live-update latency: 50 signed-in clients hold GET /api/events open; a hiring manager makes 500 moves one
// after another; for each, the time from the move's answer (acknowledged) to the event's arrival at another
// client, and until all 50 have it. Run from apps/api: `npx tsx bench/live-events.bench.ts`.
// Prints figures, asserts nothing; bounded by MaxSeconds.
import { PipelineApi } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../src/test/test-app';
import { buildUser, tokenFor } from '../src/test/factories';
import { buildPipelineCompany } from '../src/modules/pipeline/pipeline.test-support';
import { listen, openStream } from '../src/lib/live-events/live-events.test-support';
import { fmt } from './lib';

const Clients = Number(process.env.BENCH_LIVE_CLIENTS ?? 50);
const Moves = Number(process.env.BENCH_LIVE_MOVES ?? 500);
const Applicants = 50;
const MaxSeconds = 10 * 60;

const watchdog = setTimeout(() => {
  console.error(`live-events.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(sorted, 50), 1).padStart(6)} ms   p95 ${fmt(percentile(sorted, 95), 1).padStart(6)} ms   max ${fmt(sorted.at(-1)!, 1).padStart(6)} ms`;
};

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
const server = await listen(ctx.app);
try {
  const { co, applicationIds, stage } = await buildPipelineCompany(ctx.app, ctx.config, { applicants: Applicants });
  // Recruiters of the company (each sees every event), one stream each; the mover is the job's hiring manager.
  const viewers = await Promise.all(Array.from({ length: Clients }, async () => `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: co.customerId, role: 'recruiter' }))}`));
  const arrivals = new Map<string, number[]>();
  const waiting = new Map<string, { need: number; done: () => void }>();
  const readers = await Promise.all(viewers.map((auth) => openStream(server.port, { auth })));
  readers.forEach((reader) => {
    reader.onEvent = (event, at) => {
      if (event.kind !== 'application.moved') return;
      const key = `${event.applicationId}:${event.data.card?.stageId}`;
      const list = arrivals.get(key) ?? [];
      list.push(at);
      arrivals.set(key, list);
      const wait = waiting.get(key);
      if (wait && list.length >= wait.need) wait.done();
    };
  });
  await Promise.all(readers.map((r) => r.whenLive()));
  console.log(`${Clients} clients subscribed; ${fmt(Moves)} moves of ${Applicants} applicants, one after another`);

  const toOne: number[] = [];
  const toAll: number[] = [];
  const moveMs: number[] = [];
  const fromSend: number[] = [];
  const stages = [stage('interview'), stage('screening')];
  const startedAt = performance.now();
  for (let i = 0; i < Moves; i++) {
    const applicationId = applicationIds[i % Applicants]!;
    const to = stages[Math.floor(i / Applicants) % 2]!;
    const key = `${applicationId}:${to}`;
    arrivals.delete(key);
    const allArrived = new Promise<void>((done) => waiting.set(key, { need: Clients, done }));
    const sentAt = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}${PipelineApi.move(applicationId)}`, {
      method: 'POST',
      headers: { authorization: co.hm.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ stageId: to }),
    });
    const ackAt = performance.now();
    if (!res.ok) throw new Error(`move ${i}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    moveMs.push(ackAt - sentAt);
    await allArrived;
    waiting.delete(key);
    const times = arrivals.get(key)!;
    // "Another client": a different one each move; an event that came before the answer counts as 0.
    toOne.push(Math.max(0, times[i % times.length]! - ackAt));
    toAll.push(Math.max(0, Math.max(...times) - ackAt));
    fromSend.push(times[i % times.length]! - sentAt);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(`  move answered (POST /move)            ${summary(moveMs)}`);
  console.log(`  acknowledged -> another client has it ${summary(toOne)}   (0 when the event came before the answer)`);
  console.log(`  move sent -> another client has it    ${summary(fromSend)}`);
  console.log(`  acknowledged -> all ${Clients} clients have it ${summary(toAll)}`);
  console.log(`  ${fmt(Moves / seconds, 1)} moves/s end to end; ${fmt(seconds, 1)} s`);
  for (const reader of readers) reader.close();
} finally {
  await server.close();
  await ctx.stop();
  clearTimeout(watchdog);
}
