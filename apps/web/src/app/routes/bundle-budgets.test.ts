import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { budgetProblems, routeWeights, unaccountedChunks, unusedBudgets, webDir, type Build, type Manifest, type RouteWeight } from '../../../scripts/lib/bundle-weight.mjs';

// A made-up build: the entry, a shell, two pages sharing a chunk, and an editor loaded on demand.
const manifest: Manifest = {
  'index.html': { file: 'entry.js', isEntry: true, css: ['entry.css'], imports: ['_react.js'], dynamicImports: ['src/shell.tsx', 'src/page-a.tsx', 'src/page-b.tsx'] },
  '_react.js': { file: 'react.js' },
  'src/shell.tsx': { file: 'shell.js', isDynamicEntry: true, css: ['shell.css'], imports: ['_react.js'] },
  'src/page-a.tsx': { file: 'page-a.js', isDynamicEntry: true, imports: ['_shared.js'], dynamicImports: ['src/editor.tsx'] },
  'src/page-b.tsx': { file: 'page-b.js', isDynamicEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'shared.js' },
  'src/editor.tsx': { file: 'editor.js', isDynamicEntry: true },
};
// Random bytes barely compress, so each file weighs about its size.
const sizes: Record<string, number> = { 'entry.js': 10, 'entry.css': 2, 'react.js': 40, 'shell.js': 5, 'shell.css': 3, 'page-a.js': 4, 'page-b.js': 1, 'shared.js': 6, 'editor.js': 100 };
const noise = (kb: number) => Buffer.from(Array.from({ length: kb * 1024 }, () => Math.floor(Math.random() * 256)));
const build: Build = { manifest, bytes: (file) => noise(sizes[file]!) };
const routes = [
  { route: '/login', modules: ['src/page-b.tsx'] },
  { route: '/page-a', modules: ['src/shell.tsx', 'src/page-a.tsx'] },
];
const near = (value: number, expected: number) => expect(Math.abs(value - expected)).toBeLessThan(0.6);

describe('bundle weight per route', () => {
  it("counts the entry, the route's chunks and their static imports, not what they load on demand", () => {
    const [login, pageA] = routeWeights(build, routes) as [RouteWeight, RouteWeight];
    near(login.jsKb, 10 + 40 + 1 + 6);
    near(login.cssKb, 2);
    near(pageA.jsKb, 10 + 40 + 5 + 4 + 6);
    near(pageA.cssKb, 2 + 3);
    near(pageA.totalKb, pageA.jsKb + pageA.cssKb);
  });

  it('names the route over budget and a route without a budget', () => {
    const weights = routeWeights(build, routes);
    expect(budgetProblems(weights, { '/login': { jsKb: 100, cssKb: 50 }, '/page-a': { totalKb: 100 } })).toEqual([]);
    const problems = budgetProblems(weights, { '/login': { jsKb: 50 }, '/later': { totalKb: 10 } });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^\/login: JS 5\d(\.\d)? KB is over its budget of 50 KB$/);
    expect(problems[1]).toMatch(/^\/page-a: no budget/);
    // A budget ahead of its route (another branch adds it) is reported, not a failure.
    expect(unusedBudgets(weights, { '/login': { jsKb: 50 }, '/later': { totalKb: 10 } })).toEqual(['/later']);
  });

  it('finds a chunk the entry loads that no route accounts for', () => {
    expect(unaccountedChunks(manifest, routes)).toEqual([]);
    expect(unaccountedChunks(manifest, routes.slice(0, 1))).toEqual(['src/shell.tsx', 'src/page-a.tsx']);
  });
});

describe('the real build', () => {
  // Builds the app in memory (about 2 s on an idle machine; dist is left alone), walks the router, and checks
  // every route against scripts/bundle-budgets.mjs: the same as `npm run measure:bundle -- --build --check`.
  it('keeps every route of the router within its budget', async () => {
    const script = path.join(webDir, 'scripts', 'measure-bundle.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--build', '--json'], {
      cwd: webDir,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(stdout) as { weights: RouteWeight[]; problems: string[] };
    expect(report.weights.map((w) => w.route)).toEqual(expect.arrayContaining(['/login', '/dashboard', '/jobs/all', '/job/:id']));
    expect(report.problems, report.problems.join('\n')).toEqual([]);
  });
});
