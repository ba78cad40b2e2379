// What each route of the SPA costs to download, gzipped: the entry (index.html's script and CSS), the lazy
// chunks of the route and of the layouts above it, and everything those import statically, per Vite's
// build manifest. Chunks a page imports dynamically (an editor opened on demand) are not counted: they load
// when the user asks for them. Shared by scripts/measure-bundle.mjs and its test.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const routesModule = '/src/app/routes/app-routes.tsx';
const manifestFile = '.vite/manifest.json';

/**
 * Route elements that load a chunk as soon as they render (a lazy guard, a frame), by component name. The
 * check below fails when the entry loads a chunk that is neither a route's nor listed here.
 */
export const ChunkLoadingElements = {
  RequireRight: ['src/app/guards/require-right.tsx'],
  // /404 and /notFound (issue 11): inside the app shell for a signed-in user, the larger of its two forms.
  NotFoundFrame: ['src/app/shell/app-layout.tsx'],
};

/** The app's own modules (not its dependencies): their `import()`s are the chunks the router loads. */
const isAppSource = (id) => id.startsWith(path.join(webDir, 'src') + path.sep) && /\.tsx?$/.test(id.split('?')[0]);

/**
 * Replaces each `import('…')` of the app's modules with a marker naming the module it would load, so the
 * router can be walked in Node, calling each route's lazy(), without loading any page.
 */
function routeModuleMarkers(root) {
  return {
    name: 'hireflow-route-module-markers',
    enforce: 'pre',
    async transform(code, id) {
      if (!isAppSource(id)) return null;
      const dynamicImport = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(dynamicImport)) {
        const resolved = await this.resolve(match[2], id);
        if (!resolved) this.error(`cannot resolve ${match[2]} from ${id}`);
        const source = path.relative(root, resolved.id.split('?')[0]).split(path.sep).join('/');
        out += `${code.slice(last, match.index)}Promise.resolve({ default: { routeModule: ${JSON.stringify(source)} } })`;
        last = match.index + match[0].length;
      }
      return out + code.slice(last);
    },
  };
}

function joinPath(parent, child) {
  if (child == null) return parent;
  if (child.startsWith('/') || child === '*') return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/**
 * Walks the app's router (src/app/routes/app-routes.tsx) and returns, for every route with a path, the
 * source modules it loads: the lazy modules of its layouts and its own, in order.
 * @returns {Promise<{ route: string, modules: string[] }[]>}
 */
export async function routeModules(root = webDir) {
  const { createServer } = await import('vite');
  // lazy-page.ts clears a flag in sessionStorage after each load; Node has none.
  globalThis.sessionStorage ??= { getItem: () => null, setItem() {}, removeItem() {} };
  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [routeModuleMarkers(root)],
  });
  try {
    const { appRoutes } = await server.ssrLoadModule(routesModule);
    const found = [];
    const walk = async (routes, parentPath, parentModules) => {
      for (const route of routes) {
        const modules = [...parentModules];
        const elementName = route.element?.type?.name;
        modules.push(...(ChunkLoadingElements[elementName] ?? []));
        if (route.lazy) {
          const loaded = await route.lazy();
          const marker = loaded.Component?.routeModule;
          if (!marker) throw new Error(`route ${joinPath(parentPath, route.path) || '(layout)'}: its lazy() gave no component loaded with import()`);
          modules.push(marker);
        }
        const here = joinPath(parentPath, route.path);
        if (route.children?.length) await walk(route.children, here, modules);
        else if (route.path != null) found.push({ route: here, modules: [...new Set(modules)] });
      }
    };
    await walk(appRoutes, '', []);
    return found;
  } finally {
    await server.close();
  }
}

/**
 * The production build, either the one in dist or a fresh one built in memory (dist untouched).
 * @returns {Promise<{ manifest: Record<string, any>, bytes: (file: string) => Buffer }>}
 */
export async function loadBuild({ build = false, root = webDir } = {}) {
  if (!build) {
    const dist = path.join(root, 'dist');
    const file = path.join(dist, manifestFile);
    if (!existsSync(file)) throw new Error('No build found: run `vite build` in apps/web first (or pass --build).');
    return { manifest: JSON.parse(readFileSync(file, 'utf8')), bytes: (name) => readFileSync(path.join(dist, name)) };
  }
  const { build: viteBuild } = await import('vite');
  // React and friends pick their production build from NODE_ENV, as `vite build` from a shell does.
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result;
  try {
    result = await viteBuild({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { write: false } });
  } finally {
    if (previousEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousEnv;
  }
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const files = new Map(outputs.map((o) => [o.fileName, o.type === 'chunk' ? Buffer.from(o.code) : Buffer.from(o.source)]));
  const manifest = files.get(manifestFile);
  if (!manifest) throw new Error('the build wrote no manifest: vite.config.ts needs build.manifest = true');
  return {
    manifest: JSON.parse(manifest.toString('utf8')),
    bytes: (name) => {
      const content = files.get(name);
      if (!content) throw new Error(`the build has no ${name}`);
      return content;
    },
  };
}

export function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (keys.length !== 1) throw new Error(`expected one entry in the manifest, found ${keys.length}`);
  return keys[0];
}

/** Every file (JS and CSS) the given manifest keys load, following static imports only. */
export function filesOf(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const round = (kb) => Math.round(kb * 10) / 10;

/** Gzipped KB of JS and CSS for each route (entry included). */
export function routeWeights(build, routes) {
  const { manifest } = build;
  const entry = entryKey(manifest);
  const gz = new Map();
  const gzipKb = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(build.bytes(file), { level: 9 }).length / 1024);
    return gz.get(file);
  };
  return routes.map(({ route, modules }) => {
    let js = 0;
    let css = 0;
    const files = filesOf(manifest, [entry, ...modules]);
    for (const file of files) {
      if (file.endsWith('.js')) js += gzipKb(file);
      else if (file.endsWith('.css')) css += gzipKb(file);
    }
    return { route, modules, jsKb: round(js), cssKb: round(css), totalKb: round(js + css), files: files.size };
  });
}

/**
 * Chunks the entry loads on demand that no route accounts for: a lazy page or guard added outside the
 * route tables would otherwise escape its budget.
 */
export function unaccountedChunks(manifest, routes) {
  const known = new Set([...routes.flatMap((r) => r.modules), ...Object.values(ChunkLoadingElements).flat()]);
  return (manifest[entryKey(manifest)].dynamicImports ?? []).filter((key) => !known.has(key));
}

/**
 * Compares each route's weight with its budget ({ jsKb?, cssKb?, totalKb? }). Every route needs a budget.
 * @returns {string[]} the problems, one line each (empty when all is within budget)
 */
export function budgetProblems(weights, budgets) {
  const problems = [];
  for (const w of weights) {
    const budget = budgets[w.route];
    if (!budget) {
      problems.push(`${w.route}: no budget (add it to scripts/bundle-budgets.mjs; measured JS ${w.jsKb} KB, CSS ${w.cssKb} KB)`);
      continue;
    }
    for (const [key, label] of [['jsKb', 'JS'], ['cssKb', 'CSS'], ['totalKb', 'JS+CSS']]) {
      if (budget[key] !== undefined && w[key] > budget[key]) problems.push(`${w.route}: ${label} ${w[key]} KB is over its budget of ${budget[key]} KB`);
    }
  }
  return problems;
}

/** Budgets for routes the router does not have (a route removed, or one another branch adds): not a failure. */
export function unusedBudgets(weights, budgets) {
  const measured = new Set(weights.map((w) => w.route));
  return Object.keys(budgets).filter((route) => !measured.has(route));
}

const describeBudget = (b) =>
  !b ? 'none' : [b.jsKb !== undefined && `JS ${b.jsKb}`, b.cssKb !== undefined && `CSS ${b.cssKb}`, b.totalKb !== undefined && `total ${b.totalKb}`].filter(Boolean).join(', ');

/** The report: one line per route with JS, CSS, total and the budget. */
export function formatTable(weights, budgets) {
  const width = Math.max(5, ...weights.map((w) => w.route.length));
  const num = (n) => n.toFixed(1).padStart(6);
  const lines = [`${'route'.padEnd(width)}      JS     CSS   total  budget (KB, gzipped)`];
  for (const w of weights) {
    lines.push(`${w.route.padEnd(width)}  ${num(w.jsKb)}  ${num(w.cssKb)}  ${num(w.totalKb)}  ${describeBudget(budgets[w.route])}`);
  }
  return lines.join('\n');
}
