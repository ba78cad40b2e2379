#!/usr/bin/env node
// The package's command: runs the built CLI (build it first with `pnpm --filter @hireflow/embedded-mongo build`).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('embedded-mongo is not built yet: run `node scripts/pnpm.mjs --filter @hireflow/embedded-mongo build` from the repository root.\n');
  process.exit(1);
}
await import(cli.href);
