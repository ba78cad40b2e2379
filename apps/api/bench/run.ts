// `npm run bench` for the API: every *.bench.ts here, one after another, each printing its figures
// (`npm run bench -- reports users` runs the ones whose names contain a given word).
import { readdirSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
// The reports bench keeps about six million documents in the database (about 14 GB of heap at full size). It
// gets an embedded server in a process of its own, as a deployment has: the seed then uses both cores, and
// the reports do not wait on the collector of the database's heap. Measured with --trace-gc on a heap this
// size: each minor collection costs 50-100 ms whatever it frees, so the young generation is large (256 MB
// semi-spaces: fewer of them); and V8's memory reducer, which starts a full collection of the whole heap
// (seconds) when the process looks idle, is off.
const ownDatabase: Record<string, { heapMb: number; benchHeapMb: number }> = { 'reports.bench.ts': { heapMb: 20_480, benchHeapMb: 8_192 } };
const embeddedCli = path.resolve(dir, '../../../packages/embedded-mongo/src/cli.ts');

/** An in-memory embedded server in a child process; answers its URI once it listens. */
async function startDatabaseProcess(heapMb: number): Promise<{ uri: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=256', '--no-memory-reducer', '--import', 'tsx', embeddedCli, '--in-memory', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const ready = /^ready: (\S+)/.exec(line);
    if (ready) {
      child.stdout!.pipe(process.stdout);
      return { uri: ready[1]!, child };
    }
  }
  throw new Error('the embedded database process ended before it listened');
}

const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((word) => f.includes(word))));
for (const file of files.sort()) {
  console.log(`\n=== ${file} ===`);
  const big = ownDatabase[file];
  const own = big && !process.env.MONGODB_URI ? await startDatabaseProcess(big.heapMb) : null;
  // The driver takes a server that has not answered its monitor check within connectTimeoutMS for gone; this
  // one is busy by design (a loaded machine may hold a seed's insert longer than the default 30 s).
  const env = { ...process.env, LOG_LEVEL: 'silent', ...(own ? { MONGODB_URI: `${own.uri}&connectTimeoutMS=120000` } : {}) };
  const heap = big ? [`--max-old-space-size=${big.benchHeapMb}`] : [];
  // Spawned, not spawnSync: this loop keeps passing the database process's output on while the bench runs.
  const bench = spawn(process.execPath, [...heap, '--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', env });
  const [code] = (await once(bench, 'exit')) as [number | null];
  own?.child.kill('SIGTERM');
  if (own && own.child.exitCode === null) await once(own.child, 'exit');
  if (code !== 0) process.exitCode = 1;
}
