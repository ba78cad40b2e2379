// `npm run bench:load`: the API under many users, with the embedded database in-process (the old way) and
// on its own thread (the default), in one run. Seeds one data dir (the demo data plus a big company's
// users, jobs and applications), then for each setting starts the built server on it (`node dist/server.js`,
// what `npm start` runs), signs in, and drives a realistic mix at 10 and 200 connections: the access
// matrix (every screen), the user list, the jobs list and the public careers page.
// Prints requests/s, p50/p95/p99 and errors; exits 1 when a request failed. Env: BENCH_SECONDS (10 per
// level), BENCH_USERS (5,000), BENCH_JOBS (1,000), BENCH_APPLICATIONS (50,000); for profiling,
// BENCH_SETTINGS=thread (one setting) and BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof) for the server;
// BENCH_DATA_DIR keeps the seeded data dir between runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import bcrypt from 'bcrypt';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { connectDatabase } from '../src/lib/db';
import { seedDemoData } from '../src/seed/seed';
import { DemoPassword } from '../src/seed/demo-accounts';
import { Customer } from '../src/modules/org/customer.model';
import { User } from '../src/modules/users/user.model';
import { fmt } from './lib';
import { seedJobs, seedUsers } from './seed-data';

const Seconds = Number(process.env.BENCH_SECONDS ?? 10);
const Users = Number(process.env.BENCH_USERS ?? 5_000);
const Jobs = Number(process.env.BENCH_JOBS ?? 1_000);
const Applications = Number(process.env.BENCH_APPLICATIONS ?? 50_000);
const Levels = [10, 200];
const AllSettings = ['in-process', 'thread'] as const;
const Settings = AllSettings.filter((s) => !process.env.BENCH_SETTINGS || process.env.BENCH_SETTINGS.split(',').includes(s));
const CaptchaText = 'bench';
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Row = { setting: string; connections: number; rps: number; p50: number; p95: number; p99: number; requests: number; errors: number; non2xx: number };

async function seed(dataDir: string) {
  const started = performance.now();
  const logger = createLogger('warn');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', BCRYPT_COST: '10' });
  const db = await connectDatabase({ dataDir, embedded: 'in-process', logger });
  try {
    await seedDemoData({ config, logger });
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const passwordHash = await bcrypt.hash(DemoPassword, 4);
    await seedUsers(acme._id, Users, passwordHash, 'acme');
    const recruiters = await User.find({ customerId: acme._id, role: 'recruiter' }).limit(20).select('_id').lean();
    await seedJobs(acme._id, Jobs, Applications, recruiters.map((r) => r._id));
  } finally {
    await db.close();
  }
  console.log(`seed: demo data + ${fmt(Users)} users, ${fmt(Jobs)} jobs, ${fmt(Applications)} applications in company "acme" (${fmt((performance.now() - started) / 1000, 1)} s)`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, setting: (typeof AllSettings)[number]): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(apiDir, 'dist/server.js')], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_DB: setting, RATE_LIMIT_DISABLED: 'true', CAPTCHA_TEST_TEXT: CaptchaText, LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server (${setting}) exited: ${stderr}`);
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server (${setting}) did not answer /api/health within 60 s: ${stderr}`);
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(url: string): Promise<string> {
  const captcha = (await (await fetch(`${url}/api/captcha_api`)).json()) as { capId: string };
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@acme.test', password: DemoPassword, captchaId: captcha.capId, captchaText: CaptchaText }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(body)}`);
  return body.token;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** The mix, each connection cycling through it: what a recruiter's screens and the public career site ask for. */
async function drive(url: string, token: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      { method: 'GET', path: '/api/user-accessmatrix' },
      { method: 'POST', path: '/api/user', body: JSON.stringify({}) },
      { method: 'GET', path: '/api/jobs?scope=all' },
      { method: 'GET', path: '/careers/acme' },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error as Error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const build = spawnSync(process.execPath, [path.join(apiDir, 'node_modules/tsup/dist/cli-default.js')], { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) throw new Error('building the API (tsup) failed');

// BENCH_DATA_DIR keeps the seeded data between runs (seeded when empty, never deleted).
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(tmpdir(), 'hireflow-load-'));
const rows: Row[] = [];
try {
  if (!keptDir || !existsSync(path.join(dataDir, 'db'))) await seed(dataDir);
  for (const setting of Settings) {
    const { url, child } = await startServer(dataDir, setting);
    try {
      const token = await signIn(url);
      await drive(url, token, 10, 2); // warm-up (JIT, caches), not reported
      for (const connections of Levels) {
        const r = await drive(url, token, connections, Seconds);
        rows.push({ setting, connections, ...r });
        console.log(
          `${`database ${setting}`.padEnd(21)} ${String(connections).padStart(3)} connections: ${fmt(r.rps).padStart(5)} req/s   p50 ${fmt(r.p50).padStart(5)} ms   p95 ${fmt(r.p95).padStart(5)} ms   p99 ${fmt(r.p99).padStart(5)} ms   ${fmt(r.requests)} requests, ${r.errors} errors, ${r.non2xx} non-2xx`,
        );
      }
    } finally {
      await stopServer(child);
    }
  }
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}

const at = (setting: string, connections: number) => rows.find((r) => r.setting === setting && r.connections === connections);
const failed = rows.reduce((n, r) => n + r.errors + r.non2xx, 0);
const [inProcess, thread] = [at('in-process', 200), at('thread', 200)];
if (inProcess && thread) console.log(`\nthread / in-process at 200 connections: ${fmt(thread.rps / inProcess.rps, 2)}x requests/s (goal >= 1.6x)`);
console.log(`${failed} failed requests in all (goal 0)`);
if (failed) process.exitCode = 1;
