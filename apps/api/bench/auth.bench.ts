// Sign-in throughput against bcrypt alone, and the latency of an authenticated read under load.
// Run from apps/api: `npx tsx bench/auth.bench.ts`. Prints figures, asserts nothing, ~40-60 s.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import bcrypt from 'bcrypt';
import { startTestApp, TestCaptchaText } from '../src/test/test-app';
import { buildCustomer, tokenFor } from '../src/test/factories';
import { User } from '../src/modules/users/user.model';
import { createCaptcha } from '../src/modules/auth/captcha.service';
import { close, fmt, listen } from './lib';

type AutocannonRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };
type AutocannonOptions = {
  url: string;
  connections: number;
  duration?: number;
  /** A fixed number of requests instead of a duration: none is cut off in flight when time is up. */
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  requests?: { method: string; path: string; setupRequest?: (req: AutocannonRequest) => AutocannonRequest }[];
};
type AutocannonResult = { requests: { average: number }; errors: number; non2xx: number; '2xx': number; duration: number };
type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult>;
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AutocannonOptions) => AutocannonInstance;

const Password = 'Bench-pass-2024';
const Parallelism = 4; // libuv's default thread pool: bcrypt cannot run wider than this
const Seconds = { bcrypt: 4, login: 5, matrix: 10 };
const Rounds = 3;

/** bcrypt.compare with `parallelism` loops in flight for `seconds`: comparisons per second. */
async function bcryptRate(hash: string, parallelism: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await bcrypt.compare(Password, hash);
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: parallelism }, worker));
  return done / ((Date.now() - started) / 1000);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs autocannon and also keeps every response time, for exact percentiles. */
async function drive(opts: AutocannonOptions) {
  const latencies: number[] = [];
  const instance = autocannon(opts);
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { result, latencies, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

export async function main() {
  const ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true', BCRYPT_COST: '12', LOG_LEVEL: 'silent' });
  const { app, config } = ctx;
  const customer = await buildCustomer();
  const passwordHash = await bcrypt.hash(Password, config.bcryptCost);
  const user = await User.create({ customerId: customer._id, firstName: 'Bench', lastName: 'User', email: 'bench@bench.test', role: 'recruiter', passwordHash, emailVerification: { status: true } });
  const server = createServer(app);
  const url = await listen(server);

  console.log(`bcrypt cost ${config.bcryptCost}, parallelism ${Parallelism}, loopback ${url}, embedded in-memory database, rate limits off`);

  // Other work on the machine varies from second to second, so the two are measured in turns.
  const captchas: string[] = [];
  const loginRequest = {
    method: 'POST',
    path: '/api/user/login',
    setupRequest: (req: AutocannonRequest): AutocannonRequest => ({
      ...req,
      headers: { ...req.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: Password, captchaId: captchas.pop() ?? 'exhausted', captchaText: TestCaptchaText }),
    }),
  };
  await bcryptRate(passwordHash, Parallelism, 1); // warm-up
  const totals = { compares: 0, compareSeconds: 0, signIns: 0, signInSeconds: 0, non2xx: 0, errors: 0 };
  const loginLatencies: number[] = [];
  for (let round = 0; round < Rounds; round++) {
    const rate = await bcryptRate(passwordHash, Parallelism, Seconds.bcrypt);
    totals.compares += rate * Seconds.bcrypt;
    totals.compareSeconds += Seconds.bcrypt;
    // Every sign-in uses up one captcha: make enough before the clock starts.
    while (captchas.length < Math.ceil(rate * Seconds.login * 2) + 20) captchas.push((await createCaptcha(config)).capId);
    // A fixed number of sign-ins (about Seconds.login worth), so no sign-in is cut off mid-bcrypt at the end.
    const login = await drive({ url, connections: Parallelism, amount: Math.max(2 * Parallelism, Math.round(rate * Seconds.login)), requests: [loginRequest] });
    totals.signIns += login.result['2xx'];
    totals.signInSeconds += login.result.duration;
    totals.non2xx += login.result.non2xx;
    totals.errors += login.result.errors;
    loginLatencies.push(...login.latencies);
  }
  loginLatencies.sort((a, b) => a - b);
  const compareRate = totals.compares / totals.compareSeconds;
  const signInRate = totals.signIns / totals.signInSeconds;
  console.log(`  bcrypt.compare alone             ${fmt(compareRate, 2).padStart(8)} /s   (${Rounds} x ${Seconds.bcrypt} s)`);
  console.log(
    `  POST /api/user/login (success)   ${fmt(signInRate, 2).padStart(8)} /s   (${Rounds} x ~${Seconds.login} s)   p50 ${fmt(percentile(loginLatencies, 50))} ms   p95 ${fmt(percentile(loginLatencies, 95))} ms` +
      `   (non-2xx ${totals.non2xx}, errors ${totals.errors})`,
  );
  console.log(`  sign-ins / bcrypt alone = ${fmt(signInRate / compareRate, 2)} (goal >= 0.80)`);

  const token = await tokenFor(config, user);
  const matrixOpts = { url: `${url}/api/user-accessmatrix`, connections: 50, headers: { authorization: `Bearer ${token}` } };
  await drive({ ...matrixOpts, duration: 2 }); // warm-up
  const matrix = await drive({ ...matrixOpts, duration: Seconds.matrix });
  console.log(
    `  GET /api/user-accessmatrix, 50 connections: ${fmt(matrix.result.requests.average)} req/s   p50 ${fmt(matrix.p50)} ms   p95 ${fmt(matrix.p95)} ms   p99 ${fmt(matrix.p99)} ms` +
      `   (non-2xx ${matrix.result.non2xx}, errors ${matrix.result.errors})`,
  );

  await close(server);
  await ctx.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
