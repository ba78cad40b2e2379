// Zip bombs against POST /api/user/import: a ~0.4 MB .xlsx that unpacks to 400 MB, honest and lying
// about its size, one at a time and four in parallel. Prints time to refuse, the longest event-loop
// stall and the peak RSS of the process; then (last, since peak RSS only grows) what the unguarded
// in-memory parse of the same file costs. Run from apps/api: `npx tsx bench/zip-bomb.bench.ts`.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { buildXlsxBomb } from '../src/test/zip-bomb';
import { close, listen } from './lib';

const MB = 1024 * 1024;
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

const ctx = await startTestApp();
const server = createServer(ctx.app);
const url = await listen(server);
const customer = await buildCustomer();
const token = await tokenFor(ctx.config, await buildUser({ customerId: customer._id, admin: true }));

const honest = buildXlsxBomb({ fillBytes: 400 * MB });
const lying = buildXlsxBomb({ fillBytes: 400 * MB, lie: true });
console.log(`bomb: ${(honest.length / 1024).toFixed(0)} KB on the wire, unpacks to ${mb(400 * MB)}`);

async function post(body: Buffer) {
  const res = await fetch(`${url}/api/user/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': xlsxType }, body });
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

async function measure(label: string, run: () => Promise<{ status: number; message: string }[]>) {
  global.gc?.();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const answers = await run();
  const ms = performance.now() - started;
  delay.disable();
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms to refuse   longest event-loop stall ${(delay.max / 1e6).toFixed(0).padStart(4)} ms   ` +
      `RSS ${mb(rssBefore)} -> peak ${mb(peakRss())}   answers ${[...new Set(answers.map((a) => a.status))].join(',')}`,
  );
  if (answers.some((a) => a.status !== 413)) console.log(`  unexpected: ${JSON.stringify(answers[0])}`);
}

await post(buildXlsxBomb({ fillBytes: 1024 })); // warm-up: one small honest import
await measure('honest 400 MB bomb', async () => [await post(honest)]);
await measure('lying 400 MB bomb', async () => [await post(lying)]);
await measure('4 bombs in parallel (2 + 2 lying)', () => Promise.all([post(honest), post(lying), post(honest), post(lying)]));
console.log(`message: ${(await post(honest)).message}`);

if (process.env.BENCH_UNGUARDED !== '0') {
  // The parse the import used before the guard (ExcelJS loading the whole workbook in memory).
  const started = performance.now();
  await new ExcelJS.Workbook().xlsx.load(honest as unknown as ArrayBuffer).catch(() => undefined);
  console.log(`unguarded in-memory parse (before)  ${(performance.now() - started).toFixed(0)} ms, blocking;   peak RSS ${mb(peakRss())}`);
}

await close(server);
await ctx.stop();
