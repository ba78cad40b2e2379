// Starts the built app (apps/api/dist/server.js serving apps/web/dist) on a free port with a fresh,
// temporary data folder. Shared by the e2e global setup and the bench scripts; it builds nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoDir = path.resolve(webDir, '..', '..');
export const serverEntry = path.join(repoDir, 'apps', 'api', 'dist', 'server.js');
export const webDist = path.join(webDir, 'dist');
export const CaptchaTestText = 'test42';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * Starts the server and resolves once /api/health answers 200. `env` adds variables (the local Google and
 * Microsoft peers). PUBLIC_URL is the address the browser uses, so links and OAuth redirects come back to it.
 */
export async function startAppServer({ timeoutMs = 90_000, log = false, env = {} } = {}) {
  for (const [file, build] of [
    [serverEntry, 'node scripts/pnpm.mjs --filter @hireflow/api build'],
    [path.join(webDist, 'index.html'), 'node scripts/pnpm.mjs --filter @hireflow/web build'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`${build}\` from the repository root first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hireflow-e2e-'));
  // The embedded database and the dev outbox: no outside MongoDB or mail server.
  const { MONGODB_URI: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoDir,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      CAPTCHA_TEST_TEXT: CaptchaTestText,
      RATE_LIMIT_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', log ? 'inherit' : 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
