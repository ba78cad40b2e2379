import autocannon from 'autocannon';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoadResult = { requestsPerSecond: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

/** Drives a loopback URL for a bounded time and returns throughput and latency percentiles (ms). */
export async function load(opts: { url: string; connections?: number; seconds?: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 5,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
