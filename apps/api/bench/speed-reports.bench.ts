// The speed reports (velocity, bottleneck, time to hire) over two years of a large company, default filters
// and the widest date range. Run from apps/api: `npx tsx bench/speed-reports.bench.ts`.
// Seeds what these reports read without an organisation filter: the maintained src tallies (one document
// per day and source, with every stage counter) and the hire events (time to hire by job reads them raw),
// among other stage events. Prints figures, asserts nothing; bounded by MaxSeconds.
import { Types } from 'mongoose';
import { DayBinEdges } from '../src/modules/reports/tallies/histogram';
import { ReportTally } from '../src/modules/reports/tallies/report-tally.model';
import { StageEvent } from '../src/modules/candidates/applications/stage-event.model';
import { Job } from '../src/modules/jobs/job.model';
import { runReport, companyScope } from '../src/modules/reports/reports.service';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer } from '../src/test/factories';
import { fmt } from './lib';

const Hires = Number(process.env.BENCH_HIRES ?? 25_000);
const OtherEvents = Number(process.env.BENCH_OTHER_EVENTS ?? 200_000);
const JobCount = 5_000;
const Days = 730;
const Samples = Number(process.env.BENCH_SAMPLES ?? 20);
const MaxSeconds = 10 * 60;
const DayMs = 86_400_000;
const watchdog = setTimeout(() => {
  console.error(`speed-reports.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
try {
  await ctx.worker.stop({ graceMs: 0 });
  const customer = await buildCustomer({ name: 'Big' });
  const customerId = customer._id;
  const now = new Date(Date.UTC(2026, 10, 24, 12));
  const today = Math.floor(now.getTime() / DayMs) * DayMs;
  const started = performance.now();
  const jobIds = Array.from({ length: JobCount }, () => new Types.ObjectId());
  await Job.collection.insertMany(jobIds.map((_id, i) => ({ _id, customerId, title: `Job ${i}`, status: 'open', stages: [] })));

  const sources = ['career_site', 'referral', 'agency', 'sourced', 'import'];
  const bins = (scale: number) => Object.fromEntries(DayBinEdges.map((_, i) => [`b${i}`, Math.max(0, Math.round(scale * Math.exp(-i / 8)))]));
  const tallies = [];
  for (let d = 0; d < Days; d++) {
    for (const key of sources) {
      const kinds = { screening: 0, interview: 0, offer: 0 };
      tallies.push({
        customerId, dim: 'src', key, day: new Date(today - d * DayMs),
        n: {
          applied: 140, entered: { screening: 140, interview: 40, offer: 10, hired: 7 }, exited: { screening: 130, interview: 38, offer: 9 },
          open: { screening: 2, interview: 1, offer: 0 }, stay: Object.fromEntries(Object.keys(kinds).map((k) => [k, bins(12)])),
          staySum: { screening: 600, interview: 300, offer: 40 }, reached: { screening: 140, interview: 40, offer: 10, hired: 7 },
          passed: { screening: 40, interview: 10, offer: 7 }, hired: 7, tth: bins(1), tthSum: 200,
        },
      });
    }
  }
  await ReportTally.collection.insertMany(tallies, { ordered: false });
  const Batch = 20_000;
  const event = (i: number, hired: boolean) => ({
    customerId, applicationId: new Types.ObjectId(), jobId: jobIds[i % JobCount], candidateId: new Types.ObjectId(), fromStageId: new Types.ObjectId(),
    fromKind: hired ? 'offer' : 'screening', toStageId: new Types.ObjectId(), toKind: hired ? 'hired' : 'interview',
    at: new Date(today - Math.floor(((i * 7919) % (Days * 24)) / 24) * DayMs), by: null, reason: '', withdrawn: false,
    source: sources[i % sources.length], daysToHire: hired ? (i * 13) % 120 : null,
  });
  for (let s = 0; s < Hires; s += Batch) await StageEvent.collection.insertMany(Array.from({ length: Math.min(Batch, Hires - s) }, (_, k) => event(s + k, true)), { ordered: false });
  for (let s = 0; s < OtherEvents; s += Batch) await StageEvent.collection.insertMany(Array.from({ length: Math.min(Batch, OtherEvents - s) }, (_, k) => event(s + k, false)), { ordered: false });
  console.log(`seed: ${fmt(tallies.length)} tally documents, ${fmt(Hires)} hires among ${fmt(Hires + OtherEvents)} stage events in ${fmt((performance.now() - started) / 1000, 1)} s`);

  const from = new Date(today - (Days - 1) * DayMs).toISOString().slice(0, 10);
  const to = new Date(today).toISOString().slice(0, 10);
  for (const [label, query] of [['last 90 days (the default)', { preset: 'last90' }], [`${Days} days`, { preset: 'custom', from, to }]] as const)
  for (const name of ['velocity', 'bottleneck', 'time-to-hire'] as const) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Samples; i++) {
      const t0 = performance.now();
      const res = await runReport({ name, scope: companyScope(customerId), query: { ...query }, now });
      times.push(performance.now() - t0);
      rows = res.totalRows;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
    console.log(`${name}, ${label}, ${rows} rows: p50 ${fmt(at(50))} ms, p95 ${fmt(at(95))} ms`);
  }
} finally {
  await ctx.stop();
}
