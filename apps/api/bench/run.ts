// `npm run bench` for the API: every *.bench.ts here, one after another, each printing its figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' } });
  if (result.status !== 0) process.exitCode = 1;
}
