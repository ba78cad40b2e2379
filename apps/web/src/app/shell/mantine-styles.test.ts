import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The app loads Mantine's styles component by component (src/app/front-door-styles.ts in the entry,
// src/app/shell/shell-styles.ts with the signed-in shell) instead of the whole sheet. This test finds which
// component sheets the code needs, by following Mantine's own modules from every component the app imports
// (a component's classes live in its X.module.mjs, its rules in styles/X.layer.css), so a new component
// without its styles fails here instead of showing up unstyled.

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const srcDir = path.join(webDir, 'src');
const pkgDir = (name: string) => path.join(webDir, 'node_modules', ...name.split('/'));
const coreDir = pkgDir('@mantine/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Value (not type) names imported from a module specifier in some code. */
function namedImports(code: string, specifier: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${specifier.replace('/', '\\/')}['"]`, 'g');
  for (const [, typeOnly, list] of code.matchAll(pattern)) {
    if (typeOnly) continue;
    for (const item of list!.split(',')) {
      const name = item.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

// @mantine/core's index: `import { Select } from "./components/Select/Select.mjs";`
const coreIndex = readFileSync(path.join(coreDir, 'esm', 'index.mjs'), 'utf8');
const coreExports = new Map<string, string | null>();
for (const [, list, from] of coreIndex.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
  for (const item of list!.split(',')) {
    const name = item.trim().split(/\s+as\s+/).pop()!.trim();
    // Re-exports of other packages (RemoveScroll) bring no Mantine sheet.
    if (name) coreExports.set(name, from!.startsWith('.') ? path.join(coreDir, 'esm', from!) : null);
  }
}

function coreFiles(name: string): string[] {
  const file = coreExports.get(name);
  if (file === undefined) throw new Error(`@mantine/core exports no ${name}`);
  return file ? [file] : [];
}

/** The component sheets (styles/X.layer.css) that these Mantine modules use, following their imports. */
function sheetsUsedBy(start: string[]): Set<string> {
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // Other packages' own sheets (notifications, tiptap) are imported whole where they are used.
    const module = /([A-Za-z]+)\.module\.mjs$/.exec(file);
    if (module && file.startsWith(coreDir)) sheets.add(module[1]!);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/(?:import|export)\s*(?:[\w*\s{},$]*from\s*)?"([^"]+)"/g)) {
      if (specifier!.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier!));
    }
    for (const name of namedImports(code, '@mantine/core')) queue.push(...coreFiles(name));
  }
  return sheets;
}

/** Component sheets a styles module imports, in its order. */
function importedSheets(file: string): string[] {
  const code = readFileSync(path.join(srcDir, file), 'utf8');
  return [...code.matchAll(/import\s+'@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css'/g)].map((m) => m[1]!);
}

const appCode = sourceFiles(srcDir).map((file) => readFileSync(file, 'utf8'));
const appComponents = [...new Set(appCode.flatMap((code) => namedImports(code, '@mantine/core')))].filter((name) => /^[A-Z]/.test(name) && coreExports.has(name));
// The other Mantine packages the app uses bring their own sheets but draw on core components.
const otherMantine = ['@mantine/notifications', '@mantine/tiptap'].filter((pkg) => appCode.some((code) => code.includes(`'${pkg}'`)));
const needed = sheetsUsedBy([...appComponents.flatMap(coreFiles), ...otherMantine.map((pkg) => path.join(pkgDir(pkg), 'esm', 'index.mjs'))]);
const frontDoor = importedSheets('app/front-door-styles.ts');
const shell = importedSheets('app/shell/shell-styles.ts');
const fullSheetOrder = (() => {
  // The whole sheet orders components so that one built on another comes after it; keep that order.
  const full = readFileSync(path.join(coreDir, 'styles.layer.css'), 'utf8');
  const position = (sheet: string) => {
    const firstRule = readFileSync(path.join(coreDir, 'styles', `${sheet}.layer.css`), 'utf8').match(/\.(m_[0-9a-f]+)/);
    return firstRule ? full.indexOf(`.${firstRule[1]}`) : -1;
  };
  return position;
})();

describe('Mantine styles loaded component by component', () => {
  it('finds the components the app uses', () => {
    expect(appComponents).toEqual(expect.arrayContaining(['Button', 'Select', 'AppShell', 'Modal']));
    // Select is built on Combobox, Input and Popover: their sheets count too.
    expect([...needed]).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Popover', 'Button', 'UnstyledButton']));
  });

  it('imports every sheet the app needs, in the entry or with the shell', () => {
    const loaded = new Set([...frontDoor, ...shell]);
    const missing = [...needed].filter((sheet) => !loaded.has(sheet)).sort();
    expect(missing, `add import '@mantine/core/styles/<name>.layer.css' to src/app/shell/shell-styles.ts for: ${missing.join(', ')}`).toEqual([]);
  });

  it('loads no sheet twice and none the app does not use', () => {
    const both = shell.filter((sheet) => frontDoor.includes(sheet));
    expect(both, 'already in front-door-styles.ts').toEqual([]);
    const unused = shell.filter((sheet) => !needed.has(sheet));
    expect(unused, 'no component of the app uses these').toEqual([]);
  });

  it("keeps the shell's sheets in the order of Mantine's whole sheet (a component after those it builds on)", () => {
    const positions = shell.map(fullSheetOrder);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
