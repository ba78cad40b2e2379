// The interview reports at scale (issue 19): a company with BENCH_INTERVIEWS interviews (default 120,000) over two
// years on 800 jobs with 60 interviewers: each scheduled, most marked (completed, did not happen, incident) and
// with one or two scorecards: some 330,000 interview events. Tallies rebuilt from the events, then each report
// timed through runReport with the default filters (last 90 days), the widest range (3 years), and one business
// unit of four (the raw path over the interview events of its jobs).
// Run from apps/api: `npx tsx bench/interview-reports.bench.ts`; BENCH_SAMPLES, BENCH_INTERVIEWS make a quick run smaller.
// Prints figures, asserts nothing; bounded by MaxSeconds. Seeding uses raw bulk inserts.
import { Types } from 'mongoose';
import { DidNotHappenReasons, Recommendations } from '@hireflow/contracts/interviews';
import type { TAnyReportName } from '@hireflow/contracts/reports';
import { Interview } from '../src/modules/interviews/interview.model';
import { InterviewEvent } from '../src/modules/interviews/interview-event.model';
import { Job } from '../src/modules/jobs/job.model';
import { User } from '../src/modules/users/user.model';
import { runReport } from '../src/modules/reports/reports.service';
import { rebuildAllTallies } from '../src/modules/reports/tallies/rebuild';
import { startTestApp } from '../src/test/test-app';
import { fmt } from './lib';

const Samples = Number(process.env.BENCH_SAMPLES ?? 15);
const Interviews = Number(process.env.BENCH_INTERVIEWS ?? 120_000);
const Jobs = 800;
const People = 60;
const Units = 4;
const MaxSeconds = 15 * 60;
const Day = 86_400_000;
const Hour = 3_600_000;

const watchdog = setTimeout(() => {
  console.error(`interview-reports.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(a: readonly T[]) => a[Math.floor(random() * a.length)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const now = new Date(Date.UTC(2026, 10, 24, 12));
const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
try {
  const customerId = new Types.ObjectId();
  const unitIds = Array.from({ length: Units }, () => new Types.ObjectId());
  const people = Array.from({ length: People }, () => new Types.ObjectId());
  await User.collection.insertMany(people.map((_id, i) => ({ _id, customerId, firstName: `Person${i}`, lastName: 'Bench', email: `p${i}@bench.test`, status: 'active' })));
  const jobs = Array.from({ length: Jobs }, (_, i) => ({ _id: new Types.ObjectId(), customerId, title: `Job ${i}`, businessUnitId: unitIds[i % Units], hiringManagerId: people[i % 20], status: 'open' }));
  await Job.collection.insertMany(jobs);

  const seeded = performance.now();
  const Batch = 20_000;
  let events = 0;
  for (let done = 0; done < Interviews; done += Batch) {
    const ivs: Record<string, unknown>[] = [];
    const evs: Record<string, unknown>[] = [];
    for (let k = 0; k < Math.min(Batch, Interviews - done); k++) {
      const _id = new Types.ObjectId();
      const job = pick(jobs);
      const start = new Date(now.getTime() - Math.floor(random() * 730) * Day + 10 * Hour);
      const end = new Date(start.getTime() + Hour);
      const panel = [...new Set([pick(people), pick(people)].map(String))].map((id) => new Types.ObjectId(id));
      const roll = random();
      const status = roll < 0.8 ? 'completed' : roll < 0.9 ? 'did_not_happen' : roll < 0.93 ? 'incident' : roll < 0.97 ? 'cancelled' : 'scheduled';
      ivs.push({ _id, customerId, jobId: job._id, start, end, interviewerIds: panel, status, uid: `${String(_id)}@bench.test` });
      const base = { customerId, interviewId: _id, applicationId: new Types.ObjectId(), jobId: job._id };
      const data = { start, end, interviewerIds: panel };
      evs.push({ ...base, kind: 'scheduled', at: new Date(start.getTime() - 4 * Day), by: people[0], data });
      const marked = new Date(end.getTime() + 2 * Hour);
      if (status === 'did_not_happen') evs.push({ ...base, kind: status, at: marked, by: people[0], data: { ...data, note: pick(DidNotHappenReasons) } });
      else if (status === 'incident') evs.push({ ...base, kind: status, at: marked, by: people[0], data: { ...data, note: 'Something happened' } });
      else if (status === 'cancelled') evs.push({ ...base, kind: status, at: new Date(start.getTime() - Day), by: people[0], data });
      else if (status === 'completed') {
        evs.push({ ...base, kind: status, at: marked, by: people[0], data });
        for (const who of panel) evs.push({ ...base, kind: 'feedback_submitted', at: new Date(end.getTime() + (1 + random() * 60) * Hour), by: who, data: { ...data, recommendation: pick(Recommendations) } });
      }
    }
    await Interview.collection.insertMany(ivs, { ordered: false });
    await InterviewEvent.collection.insertMany(evs, { ordered: false });
    events += evs.length;
  }
  const seedSeconds = (performance.now() - seeded) / 1000;
  const rebuilt = performance.now();
  const { documents } = await rebuildAllTallies(customerId);
  console.log(`Seeded ${fmt(Interviews)} interviews, ${fmt(events)} interview events in ${fmt(seedSeconds, 1)} s; tallies rebuilt (${fmt(documents)} documents) in ${fmt((performance.now() - rebuilt) / 1000, 1)} s`);

  const widest = { preset: 'custom' as const, from: new Date(now.getTime() - (3 * 366 - 1) * Day).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
  const views: [string, Record<string, string>][] = [['default (last 90 days)', {}], ['widest range (3 years)', widest], ['one business unit, last 90 days', { businessUnitId: String(unitIds[0]) }]];
  const names: TAnyReportName[] = (process.env.BENCH_REPORTS?.split(',') as TAnyReportName[] | undefined) ?? ['interview-scheduled', 'interview-completed', 'interview-didnothappen', 'interview-incident', 'interview-evaluation', 'hiring-team'];
  console.log(`\nrunReport, ${Samples} sequential calls each (ms):`);
  for (const [label, query] of views) {
    console.log(`  ${label}`);
    for (const name of names) {
      const times: number[] = [];
      for (let s = 0; s < Samples; s++) {
        const t = performance.now();
        await runReport({ name, scope: { kind: 'company', customerId }, query, now });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`    ${name.padEnd(24)} p50 ${fmt(percentile(times, 50)).padStart(5)}  p95 ${fmt(percentile(times, 95)).padStart(5)}`);
    }
  }
} finally {
  await ctx.stop();
}
process.exit(0);
