#!/usr/bin/env node
// Reports the gzipped JS and CSS a route loads from the production build, following Vite's manifest:
// the entry, the route's chunks and every static import below them (dynamic imports load later).
// Usage: node scripts/measure-bundle.mjs [--json] [--check]   (after `vite build`; --check fails over budget)
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No build found: run `vite build` in apps/web first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

export const Budget = { jsKb: 170, cssKb: 50 };

/** The routes and the source modules each one loads (lazy route modules and layouts). */
const routes = {
  '/login': ['src/app/routes/auth/login-page.tsx'],
  '/dashboard': ['src/app/shell/app-layout.tsx', 'src/app/routes/dashboard/dashboard-page.tsx'],
};

function entryKey() {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('manifest has no entry');
  return key;
}

function collect(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

function gzipKb(file) {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
}

function measure(files) {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.js')) js += gzipKb(file);
    else if (file.endsWith('.css')) css += gzipKb(file);
  }
  return { jsKb: Number(js.toFixed(1)), cssKb: Number(css.toFixed(1)), files: files.size };
}

const entry = entryKey();
const results = {};
for (const [route, modules] of Object.entries(routes)) {
  results[route] = measure(collect([entry, ...modules]));
}
results['/login then /dashboard'] = measure(collect([entry, ...routes['/login'], ...routes['/dashboard']]));

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budget: Budget, results }, null, 2));
} else {
  console.log('Gzipped JS and CSS per route (from dist/.vite/manifest.json):');
  for (const [route, r] of Object.entries(results)) {
    console.log(`  ${route.padEnd(24)} JS ${String(r.jsKb).padStart(6)} KB   CSS ${String(r.cssKb).padStart(5)} KB   (${r.files} files)`);
  }
  const login = results['/login'];
  const ok = login.jsKb <= Budget.jsKb && login.cssKb <= Budget.cssKb;
  console.log(`  budget for /login: JS <= ${Budget.jsKb} KB, CSS <= ${Budget.cssKb} KB -> ${ok ? 'within budget' : 'OVER BUDGET'}`);
  if (!ok && process.argv.includes('--check')) process.exitCode = 1;
}
