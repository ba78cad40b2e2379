#!/usr/bin/env node
// Reports, for every route of the router, the gzipped JS and CSS a user downloads to see it (entry and
// shell included, from Vite's build manifest) and checks it against scripts/bundle-budgets.mjs.
// Usage: node scripts/measure-bundle.mjs [--build] [--check] [--json]
//   --build  build in memory first (dist untouched); otherwise measure dist from the last `vite build`
//   --check  exit 1 when a route is over budget or has no budget, or the entry loads a chunk no route accounts for
import { RouteBudgets } from './bundle-budgets.mjs';
import { budgetProblems, formatTable, loadBuild, routeModules, routeWeights, unaccountedChunks, unusedBudgets } from './lib/bundle-weight.mjs';

const args = new Set(process.argv.slice(2));
try {
  const [build, routes] = await Promise.all([loadBuild({ build: args.has('--build') }), routeModules()]);
  const weights = routeWeights(build, routes);
  const problems = budgetProblems(weights, RouteBudgets);
  for (const chunk of unaccountedChunks(build.manifest, routes)) {
    problems.push(`${chunk}: the entry loads it on demand but no route does (a lazy page outside the route tables?)`);
  }
  const unused = unusedBudgets(weights, RouteBudgets);
  if (args.has('--json')) {
    console.log(JSON.stringify({ budgets: RouteBudgets, weights, problems, unused }, null, 2));
  } else {
    console.log('Gzipped JS and CSS a user downloads to see each route (entry and shell included):');
    console.log(formatTable(weights, RouteBudgets));
    if (unused.length) console.log(`\nBudgets for routes this router does not have (yet): ${unused.join(', ')}`);
    console.log(problems.length ? `\n${problems.length} problem(s):\n  ${problems.join('\n  ')}` : '\nEvery route is within its budget.');
  }
  if (problems.length && args.has('--check')) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
