#!/usr/bin/env node
// Runs the pinned pnpm (package.json "packageManager") through npx, so a fresh machine needs only Node and npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { packageManager } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const args = process.argv.slice(2);
const result = spawnSync('npx', ['--yes', packageManager, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, npm_config_update_notifier: 'false' },
});
process.exit(result.status ?? 1);
