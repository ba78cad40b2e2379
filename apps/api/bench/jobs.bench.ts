// The job list at scale: 5,000 jobs and 500,000 applications in one company (plus a small second one),
// and the public career page's weight. Run from apps/api: `npx tsx bench/jobs.bench.ts`.
// Prints figures, asserts nothing; bounded by MaxSeconds. Seeding uses raw bulk inserts.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { close, fmt, listen } from './lib';
import { seedJobs } from './seed-data';

const JobCount = Number(process.env.BENCH_JOBS ?? 5_000);
const ApplicationCount = Number(process.env.BENCH_APPLICATIONS ?? 500_000);
const Samples = 30;
const MaxSeconds = 15 * 60;

const startedAt = Date.now();
const watchdog = setTimeout(() => {
  console.error(`jobs.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timeCalls(url: string, token: string, query: string) {
  const times: number[] = [];
  let total = 0;
  let rows = 0;
  for (let i = 0; i < Samples; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/jobs?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const json = (await res.json()) as { items: { pipeline: unknown[] }[]; total: number };
    if (!res.ok) throw new Error(`GET /api/jobs?${query} answered ${res.status}: ${JSON.stringify(json)}`);
    times.push(performance.now() - t0);
    total = json.total;
    rows = json.items.length;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total, rows };
}

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
try {
  const [big, small] = await Promise.all([buildCustomer({ name: 'Big' }), buildCustomer({ name: 'Small' })]);
  const recruiters = await Promise.all(Array.from({ length: 20 }, () => buildUser({ customerId: big._id, role: 'recruiter' })));
  const smallRecruiter = await buildUser({ customerId: small._id, role: 'recruiter' });
  const seedStarted = performance.now();
  const refs = await seedJobs(big._id, JobCount, ApplicationCount, recruiters.map((r) => r._id));
  await seedJobs(small._id, 50, 2_000, [smallRecruiter._id]);
  const seedMs = performance.now() - seedStarted;
  console.log(`seed: ${fmt(JobCount)} jobs and ${fmt(ApplicationCount)} applications in ${fmt(seedMs / 1000, 1)} s`);

  const admin = await buildUser({ customerId: big._id, role: 'recruiter', admin: true });
  const token = await tokenFor(ctx.config, admin);
  const recruiterToken = await tokenFor(ctx.config, recruiters[0]!);
  const server = createServer(ctx.app);
  const url = await listen(server);

  const cases: [string, string, string][] = [
    ['all: first page, newest', 'scope=all', token],
    ['all: status open', 'scope=all&status=open', token],
    ['all: department + location', `scope=all&departmentId=${refs.dept}&locationId=${refs.loc}`, token],
    ['all: business unit', `scope=all&businessUnitId=${refs.unit}`, token],
    ['all: recruiter', `scope=all&recruiterId=${recruiters[3]!._id}`, token],
    ['all: search "engineer 12"', 'scope=all&q=engineer%2012', token],
    ['all: sort by applicants', 'scope=all&sort=applicants', token],
    ['all: sort by title, page 40', 'scope=all&sort=title&page=40', token],
    ['mine (a recruiter)', 'scope=mine', recruiterToken],
  ];
  console.log(`\nGET /api/jobs (25 per page, pipeline counts per stage included), ${Samples} sequential calls each:`);
  for (const [label, query, auth] of cases) {
    const r = await timeCalls(url, auth, query);
    console.log(`  ${label.padEnd(30)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p95 ${fmt(r.p95, 1).padStart(7)} ms   rows ${r.rows}, total ${fmt(r.total)}`);
  }

  const page = await fetch(`${url}/careers/${big.slug}/${refs.openJobId}`);
  const html = await page.text();
  const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const js = scripts.join('');
  console.log(`\n/careers/{slug}/{jobId} (status ${page.status}): HTML ${fmt(Buffer.byteLength(html) / 1024, 1)} KB (${fmt(gzipSync(html).byteLength / 1024, 1)} KB gzipped); ${scripts.length ? `executable JS ${fmt(gzipSync(js).byteLength / 1024, 2)} KB gzipped in ${scripts.length} script tags` : 'no executable JS (only the JSON-LD data block)'}`);
  console.log(`total bench time ${fmt((Date.now() - startedAt) / 1000)} s`);
  await close(server);
} finally {
  await ctx.stop();
  clearTimeout(watchdog);
}
