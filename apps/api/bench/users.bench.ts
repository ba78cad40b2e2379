// The admin user list at scale: 100,000 users in one company and 1,000 in another.
// Run from apps/api: `npx tsx bench/users.bench.ts`. Prints figures, asserts nothing; bounded by MaxSeconds.
// Seeding hashes ONE password and inserts raw documents in bulk (no per-user bcrypt, no per-user save).
import { createServer } from 'node:http';
import bcrypt from 'bcrypt';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, tokenFor } from '../src/test/factories';
import { User } from '../src/modules/users/user.model';
import { close, fmt, listen } from './lib';
import { seedUsers } from './seed-data';

const BigCompany = Number(process.env.BENCH_USERS ?? 100_000);
const SmallCompany = 1_000;
const Samples = 40;
const MaxSeconds = 15 * 60;

const startedAt = Date.now();
const watchdog = setTimeout(() => {
  console.error(`users.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timeCalls(url: string, token: string, body: object) {
  const times: number[] = [];
  let rows = 0;
  let cnt = 0;
  // One unmeasured call first: the first query after seeding pays for the seed's garbage collection.
  for (let i = -1; i < Samples; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { ul: unknown[]; cnt: number };
    if (!res.ok) throw new Error(`POST /api/user answered ${res.status}: ${JSON.stringify(json)}`);
    if (i >= 0) times.push(performance.now() - t0);
    rows = json.ul.length;
    cnt = json.cnt;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows, cnt };
}

const ctx = await startTestApp({ LOG_LEVEL: 'silent' });
try {
  const hashStarted = performance.now();
  const passwordHash = await bcrypt.hash('Bench-pass-2024', 10);
  const hashMs = performance.now() - hashStarted;
  const [big, small] = await Promise.all([buildCustomer({ name: 'Big' }), buildCustomer({ name: 'Small' })]);
  const seedStarted = performance.now();
  const { unit } = await seedUsers(big._id, BigCompany, passwordHash, 'big');
  await seedUsers(small._id, SmallCompany, passwordHash, 'small');
  const seedMs = performance.now() - seedStarted;
  console.log(`seed: ${fmt(BigCompany + SmallCompany)} users in ${fmt(seedMs / 1000, 1)} s (one bcrypt hash: ${fmt(hashMs)} ms; ${fmt(((BigCompany + SmallCompany) / seedMs) * 1000)} users/s)`);

  const admin = (await User.findOne({ customerId: big._id, admin: true }).lean())!;
  const token = await tokenFor(ctx.config, admin);
  const server = createServer(ctx.app);
  const url = await listen(server);

  const cases: [string, object][] = [
    ['first page (no filter)', {}],
    ['filtered: role Recruiters', { filters: { role: 'Recruiters' } }],
    ['filtered: business unit', { filters: { businessUnit: unit } }],
    ['filtered: status Inactive', { filters: { status: 'Inactive' } }],
    ['filtered: search "olivia1"', { filters: { search: 'olivia1' } }],
    ['filtered: broad search "no"', { filters: { search: 'no' } }],
    ['deep page (skip 5,000)', { skip: 5_000 }],
  ];
  console.log(`\nPOST /api/user, ${Samples} sequential calls each, company of ${fmt(BigCompany)} users:`);
  for (const [label, body] of cases) {
    const r = await timeCalls(url, token, body);
    console.log(`  ${label.padEnd(30)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p95 ${fmt(r.p95, 1).padStart(7)} ms   rows ${r.rows}, cnt ${fmt(r.cnt)}`);
  }

  const exportStarted = performance.now();
  const res = await fetch(`${url}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ export: true }) });
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportMs = performance.now() - exportStarted;
  console.log(`\nExcel export of ${fmt(BigCompany)} users: ${fmt(exportMs / 1000, 1)} s, ${fmt(bytes / 1024 / 1024, 1)} MB (status ${res.status})`);
  console.log(`total bench time ${fmt((Date.now() - startedAt) / 1000)} s`);
  await close(server);
} finally {
  await ctx.stop();
  clearTimeout(watchdog);
}
