import { readFileSync } from 'node:fs';
import https from 'node:https';

/**
 * Requests to a local mock provider whose certificate is not from a public authority (OAUTH_EXTRA_CA_FILE,
 * refused in production). Node's fetch cannot be given a CA, so these go through node:https with an agent
 * that trusts it. Used for @azure/msal-node's network client and for fetching that provider's keys.
 */
export type SimpleResponse = { status: number; headers: Record<string, string>; text: string };

const agents = new Map<string, https.Agent>();
function agentFor(caFile: string) {
  let agent = agents.get(caFile);
  if (!agent) {
    agent = new https.Agent({ ca: readFileSync(caFile, 'utf8'), keepAlive: false });
    agents.set(caFile, agent);
  }
  return agent;
}

export function requestTrusting(caFile: string, method: string, url: string, opts: { headers?: Record<string, string>; body?: string } = {}): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, agent: agentFor(caFile), headers: opts.headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`timed out: ${url}`)));
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** A fetch-shaped function trusting the CA (for jose's remote key set). */
export const fetchTrusting = (caFile: string) => async (url: string, init?: { headers?: Record<string, string> }) => {
  const res = await requestTrusting(caFile, 'GET', url, { headers: init?.headers });
  return new Response(res.text, { status: res.status, headers: res.headers });
};
