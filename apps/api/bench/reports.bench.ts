// Every report over one company with two years of history: 500,000 applications and 3,000,000 stage events
// (issue 19). Run from apps/api: `npm run bench -- reports` (the full size holds about six million documents: the
// runner starts an embedded server with a 20 GB heap in a process of its own and passes MONGODB_URI); BENCH_REPORT_APPLICATIONS,
// BENCH_REPORT_EVENTS, BENCH_REPORT_JOBS and BENCH_SAMPLES make a quick run smaller. Seeds with raw bulk
// inserts, rebuilds the maintained tallies (timed), then times GET /api/reports/<name> for every report
// (widest range, default filters; and one job filter per theme) and the Excel export of the largest table.
// BENCH_REPORTS_DATABASE=<name> with MONGODB_URI keeps the seeded database under that name and reuses it on the next
// run (seed and tally repair are then skipped): seed once, time many times.
// Prints figures, asserts nothing (a report not built yet answers 404 and is reported as such); bounded by MaxSeconds.
import { createServer } from 'node:http';
import type { Types } from 'mongoose';
import { ReportCatalog, ReportNames, type TReportName, type TReportTheme } from '@hireflow/contracts/reports';
import { startTestApp } from '../src/test/test-app';
import { Customer } from '../src/modules/org/customer.model';
import { User } from '../src/modules/users/user.model';
import { Job } from '../src/modules/jobs/job.model';
import { Candidate } from '../src/modules/candidates/candidate.model';
import { Application } from '../src/modules/candidates/applications/application.model';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { rebuildAllTallies } from '../src/modules/reports/tallies/rebuild';
import { ReportExportJob } from '../src/modules/reports/report-export';
import { ExpireExportFileJob } from '../src/modules/exports/exports.service';
import { close, fmt, listen } from './lib';
import { seedBulkHistory, type BulkHistory } from './seed-history-bulk';

const Applications = Number(process.env.BENCH_REPORT_APPLICATIONS ?? 500_000);
// The walks are cut short at today, so asking for 6.5 per application gives about six (3,000,000 at full size).
const Events = Number(process.env.BENCH_REPORT_EVENTS ?? Applications * 6.5);
const Jobs = Number(process.env.BENCH_REPORT_JOBS ?? Math.max(10, Math.round(Applications / 250)));
const Samples = Number(process.env.BENCH_SAMPLES ?? 10);
// BENCH_REPORTS=vacancy-analysis,hiring-team times only these.
const Timed = process.env.BENCH_REPORTS ? ReportNames.filter((name) => process.env.BENCH_REPORTS!.split(',').includes(name)) : ReportNames;
// Bounded so it stops by itself; a full-size run on a loaded 2-core machine may need BENCH_REPORT_MAX_SECONDS raised.
const MaxSeconds = Number(process.env.BENCH_REPORT_MAX_SECONDS ?? 300 * 60);
const Day = 86_400_000;

const startedAt = Date.now();
const watchdog = setTimeout(() => {
  console.error(`reports.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

// The worker runs the report export only: the hourly sweeps (feedback reminders over the seeded interviews, retention,
// invoices) would otherwise run beside the timed calls at the first run of each hour.
const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' }, { keptDatabase: process.env.BENCH_REPORTS_DATABASE, jobs: [ReportExportJob, ExpireExportFileJob] });
try {
  const reused = process.env.BENCH_REPORTS_DATABASE ? await Customer.findOne({ name: 'Reports' }).lean() : null;
  const { admin, history } = reused ? await seededEarlier(reused._id) : await seed();

  const token = await tokenFor(ctx.config, admin);
  const server = createServer(ctx.app);
  const url = await listen(server);
  const headers = { authorization: `Bearer ${token}` };
  const now = Date.now();
  const range = `preset=custom&from=${dayString(now - 730 * Day)}&to=${dayString(now)}`;
  const queryOf = (name: TReportName, extra = '') => {
    const entry = ReportCatalog[name];
    const parts = [entry.dateRange ? range : ''];
    if (entry.filters.includes('candidateId')) parts.push(`candidateId=${history.candidateId}`);
    if (entry.filters.includes('asOf')) parts.push(`asOf=${dayString(now - 365 * Day)}`);
    if (extra) parts.push(extra);
    return parts.filter(Boolean).join('&');
  };

  async function timeReport(name: TReportName, query: string) {
    const times: number[] = [];
    let status = 0;
    let body: { totalRows?: number; rows?: unknown[] } = {};
    for (let i = 0; i < Samples; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/reports/${name}?${query}`, { headers });
      status = res.status;
      body = (await res.json().catch(() => ({}))) as typeof body;
      times.push(performance.now() - t0);
      if (status !== 200) break;
    }
    times.sort((a, b) => a - b);
    return { status, p50: percentile(times, 50), p95: percentile(times, 95), rows: body.totalRows ?? body.rows?.length ?? 0 };
  }
  const line = (label: string, r: Awaited<ReturnType<typeof timeReport>>) =>
    r.status === 200
      ? `  ${label.padEnd(44)} p50 ${fmt(r.p50, 1).padStart(8)} ms   p95 ${fmt(r.p95, 1).padStart(8)} ms   rows ${fmt(r.rows)}${r.p95 >= 300 ? '   (over 300 ms)' : ''}`
      : `  ${label.padEnd(44)} answered ${r.status}${r.status === 404 ? ' (not built on this branch)' : ''}`;

  // One untimed call first: the API process's first request also warms its connections and compiled code.
  await fetch(`${url}/api/reports/reject-analysis?${queryOf('reject-analysis')}`, { headers }).then((res) => res.arrayBuffer());
  console.log(`\nGET /api/reports/<name>, widest range (${dayString(now - 730 * Day)} to ${dayString(now)}), default filters, ${Samples} sequential calls each:`);
  const results = new Map<TReportName, Awaited<ReturnType<typeof timeReport>>>();
  for (const name of Timed) {
    const r = await timeReport(name, queryOf(name));
    results.set(name, r);
    console.log(line(name, r));
  }
  const answered = [...results.values()].filter((r) => r.status === 200);
  console.log(`  ${answered.length} of ${Timed.length} answered 200; ${answered.filter((r) => r.p95 < 300).length} within the goal (p95 < 300 ms)`);

  console.log(`\nOne job filter per theme (jobId, the raw events through the index):`);
  const themes = new Set<TReportTheme>();
  for (const name of Timed) {
    const theme = ReportCatalog[name].theme;
    if (themes.has(theme) || !ReportCatalog[name].filters.includes('jobId')) continue;
    themes.add(theme);
    console.log(line(`${name} (jobId)`, await timeReport(name, queryOf(name, `jobId=${history.jobIds[0]}`))));
  }

  // The Excel export of the largest table shown (the report with the most rows; vacancy-analysis when none answered).
  const largest = [...results.entries()].filter(([, r]) => r.status === 200).sort((a, b) => b[1].rows - a[1].rows)[0]?.[0] ?? 'vacancy-analysis';
  console.log(`\nExcel export of ${largest} (${fmt(results.get(largest)?.rows ?? 0)} rows):`);
  let peakRss = process.memoryUsage().rss;
  const baseRss = peakRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const started = await fetch(`${url}/api/reports/${largest}/export?${queryOf(largest)}`, { method: 'POST', headers });
  if (started.status !== 202) console.log(`  POST /api/reports/${largest}/export answered ${started.status}${started.status === 404 ? ' (export not built on this branch)' : ''}`);
  else {
    const { jobId } = (await started.json()) as { jobId: string };
    let state = 'queued';
    while (state !== 'done' && state !== 'failed' && performance.now() - t0 < 10 * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const res = await fetch(`${url}/api/exports/${jobId}`, { headers });
      state = ((await res.json()) as { state: string }).state;
    }
    console.log(`  ${state} in ${fmt((performance.now() - t0) / 1000, 1)} s; resident memory peak ${mb(peakRss)} (${mb(peakRss - baseRss)} above the start of the export)`);
  }
  clearInterval(sampler);
  console.log(`process peak resident memory (maxRSS, ${process.env.MONGODB_URI ? 'API and export; the database in a process of its own' : 'database in the same process'}): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  console.log(`total bench time ${fmt((Date.now() - startedAt) / 1000)} s`);
  await close(server);
} finally {
  await ctx.stop();
  clearTimeout(watchdog);
}

/** The kept database's company from an earlier run: its report reader, first job and timeline candidate. */
async function seededEarlier(customerId: Types.ObjectId) {
  const [admin, job, candidate, applications] = await Promise.all([
    User.findOne({ customerId, rights: 'viewReports' }).lean(),
    Job.findOne({ customerId }).sort({ _id: 1 }).lean(),
    Candidate.findOne({ customerId, email: 'timeline@bench.test' }).lean(),
    Application.estimatedDocumentCount(),
  ]);
  if (!admin || !job || !candidate) throw new Error(`database ${process.env.BENCH_REPORTS_DATABASE} holds an unfinished seed (no report reader yet): drop it and run again`);
  console.log(`reusing the seed kept in database ${process.env.BENCH_REPORTS_DATABASE} (${fmt(applications)} applications)`);
  const history: Pick<BulkHistory, 'jobIds' | 'candidateId'> = { jobIds: [job._id], candidateId: candidate._id };
  return { admin, history };
}

/** A new company with its people and two years of bulk history, then the tally repair; both timed. */
async function seed() {
  const company = await buildCustomer({ name: 'Reports' });
  const recruiters = await Promise.all(Array.from({ length: 8 }, () => buildUser({ customerId: company._id, role: 'recruiter' })));
  const interviewers = await Promise.all(Array.from({ length: 20 }, () => buildUser({ customerId: company._id, role: 'employee', addlRoles: ['HM'] })));

  let seedStarted = performance.now();
  let lastPrint = 0;
  const history = await seedBulkHistory({
    customerId: company._id, applications: Applications, events: Events, jobs: Jobs,
    recruiterIds: recruiters.map((r) => r._id), interviewerIds: interviewers.map((u) => u._id),
    onProgress: (done) => {
      if (performance.now() - lastPrint < 30_000) return;
      lastPrint = performance.now();
      console.log(`  seeding: ${fmt(done)} of ${fmt(Applications)} applications after ${fmt((performance.now() - seedStarted) / 1000)} s`);
    },
  });
  const seedMs = performance.now() - seedStarted;
  const c = history.counts;
  console.log(
    `seed: ${fmt(c.applications!)} applications, ${fmt(c.stageEvents!)} stage events over ${fmt(Jobs)} jobs and two years; ${fmt(c.interviews!)} interviews, ` +
      `${fmt(c.interviewEvents!)} interview events, ${fmt(c.scorecards!)} scorecards, ${fmt(c.offers!)} offers, ${fmt(c.offerEvents!)} offer events, ` +
      `${fmt(c.activities!)} candidate activities, ${fmt(c.statusEvents!)} status events, in ${fmt(seedMs / 1000, 1)} s`,
  );
  seedStarted = performance.now();
  const rebuilt = await rebuildAllTallies(company._id);
  console.log(`rebuildAllTallies: ${fmt(rebuilt.documents)} tally documents in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`);
  // Made last: a kept database whose company has its report reader holds a finished seed.
  const admin = await buildUser({ customerId: company._id, role: 'recruiter', admin: true, rights: ['viewReports'] });
  return { admin, history };
}
