#!/usr/bin/env node
// `npm start`: install, build what is stale, then run the one server (API + built SPA) on PORT (3000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const pnpm = (args) => {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/pnpm.mjs'), ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Newest modification time of the given files and everything below the given folders (0 when none exist). */
function newest(...dirs) {
  let latest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      latest = Math.max(latest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return latest;
}
const builtAt = (file) => (existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0);

console.log('› Installing dependencies (pnpm)…');
pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent']);

const shared = ['packages/contracts/src', 'packages/embedded-mongo/src'];
if (builtAt('apps/api/dist/server.js') < newest('apps/api/src', ...shared)) {
  console.log('› Building the API…');
  pnpm(['--filter', '@hireflow/api', 'build']);
}
if (builtAt('apps/web/dist/index.html') < newest('apps/web/src', 'apps/web/index.html', 'packages/contracts/src')) {
  console.log('› Building the web app…');
  pnpm(['--filter', '@hireflow/web', 'build']);
}
console.log(`› Ready to start after ${((Date.now() - started) / 1000).toFixed(1)} s`);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), ...process.env },
});
// Ctrl-C reaches the server too (same process group); it shuts down cleanly and we exit with it.
const forward = (signal) => server.kill(signal);
process.on('SIGINT', () => {});
process.on('SIGTERM', () => forward('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
