// Bulk reject of 500 applicants (Pipeline.maxBulk) through POST /api/applications/bulk: each one goes
// through moveApplication (its own transaction: application, job counts, stage event, candidate timeline,
// live event). The company holds BENCH_APPLICATIONS applications over 50 jobs; the stage list they are
// picked from is timed too. Prints the times, asserts nothing; bounded by MaxSeconds. Run from apps/api: `npx tsx bench/bulk-reject.bench.ts`.
import { createServer } from 'node:http';
import { Pipeline } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { Application } from '../src/modules/candidates/applications/application.model';
import { close, fmt, listen } from './lib';
import { seedJobs } from './seed-data';

const ApplicationCount = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const Runs = 3;
const MaxSeconds = 10 * 60;

const watchdog = setTimeout(() => {
  console.error(`bulk-reject.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
try {
  const customer = await buildCustomer({ name: 'Bulk' });
  const recruiter = await buildUser({ customerId: customer._id, role: 'recruiter' });
  // 50 jobs; seedJobs makes job i open when i % 8 is 0..2. Job 0 gets every 50th application.
  const refs = await seedJobs(customer._id, 50, ApplicationCount, [recruiter._id]);
  const token = await tokenFor(ctx.config, recruiter);
  const server = createServer(ctx.app);
  const url = await listen(server);
  console.log(`seed: ${fmt(ApplicationCount)} applications over 50 jobs`);
  // The stage list those applicants are picked from: one page of 50, all jobs of the company.
  for (const sort of ['newest', 'name', 'job']) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/workflow/list?kind=screening&scope=all&sort=${sort}&page=3`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { total: number };
      if (!res.ok) throw new Error(`stage list answered ${res.status}`);
      times.push(performance.now() - t0);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    console.log(`GET /api/workflow/list screening, all jobs, sort ${sort.padEnd(6)} page 3: p50 ${fmt(times[4]!, 1)} ms, max ${fmt(times[9]!, 1)} ms (${fmt(total)} applicants)`);
  }
  // Fresh applicants for each run, so every run rejects 500 that are not rejected yet.
  const times: number[] = [];
  for (let run = 0; run < Runs; run++) {
    const ids = (await Application.find({ customerId: customer._id, jobId: refs.openJobId, stageKind: { $ne: 'rejected' } }, { _id: 1 }).limit(Pipeline.maxBulk).lean()).map((a) => String(a._id));
    if (ids.length < Pipeline.maxBulk) throw new Error(`only ${ids.length} applicants left to reject`);
    const t0 = performance.now();
    const res = await fetch(`${url}/api/applications/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ applicationIds: ids, action: { type: 'reject', reason: 'Not enough experience' } }),
    });
    const body = (await res.json()) as { done: number; refused: unknown[] };
    const ms = performance.now() - t0;
    if (!res.ok || body.done !== ids.length) throw new Error(`bulk reject answered ${res.status}: done ${body.done}, refused ${body.refused?.length}`);
    times.push(ms);
    console.log(`  run ${run + 1}: ${ids.length} rejected in ${fmt(ms)} ms (${fmt(ms / ids.length, 1)} ms per applicant)`);
  }
  times.sort((a, b) => a - b);
  console.log(`bulk reject of ${Pipeline.maxBulk} applicants: median ${fmt(times[Math.floor(times.length / 2)]!)} ms over ${Runs} runs`);
  await close(server);
} finally {
  await ctx.stop();
}
