// `npm run dev:oauth`: the local Google and Microsoft peers, and the whole product pointed at them, so the
// sign-in, sign-up, mailbox and calendar flows can be clicked through on a laptop with no account anywhere.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOAuthPeers } from './oauth-peers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const peers = await startOAuthPeers({
  identity: { email: process.env.DEV_OAUTH_EMAIL ?? 'alex.morgan@newco.test', firstName: 'Alex', lastName: 'Morgan' },
  ports: { google: port('DEV_OAUTH_GOOGLE_PORT', 4010), microsoft: port('DEV_OAUTH_MICROSOFT_PORT', 4011) },
});
console.log(`Local Google sign-in:    ${peers.google.url} (Gmail and Calendar API at ${peers.googleApi.url})`);
console.log(`Local Microsoft sign-in: ${peers.microsoft.url} (self-signed certificate: accept it once in the browser; Graph at ${peers.graph.url})`);
console.log('Whoever signs in is the email typed on /login (or DEV_OAUTH_EMAIL, default alex.morgan@newco.test, for sign-up).');

const app = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, ...peers.env } });
const stop = () => app.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', async (code) => {
  await peers.stop();
  process.exit(code ?? 0);
});
