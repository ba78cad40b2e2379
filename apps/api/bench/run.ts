// `npm run bench` for the API: every *.bench.ts here, one after another, each printing its figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
// The reports bench keeps about six million documents in the in-process embedded database (about 14 GB of heap at full size).
const heapMb: Record<string, number> = { 'reports.bench.ts': 20_480 };
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  console.log(`\n=== ${file} ===`);
  const heap = heapMb[file] ? [`--max-old-space-size=${heapMb[file]}`, '--max-semi-space-size=64'] : [];
  const result = spawnSync(process.execPath, [...heap, '--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' } });
  if (result.status !== 0) process.exitCode = 1;
}
