// Change-stream latency through the driver: time from a write's acknowledgement (insertOne resolves)
// to its event coming out of a waiting watch() cursor, over 1,000 sequential writes, in memory and
// with durable storage. Run: npx tsx bench/change-streams.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';

const WRITES = Number(process.env.WRITES ?? 1000);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(label: string, dbPath?: string): Promise<void> {
  const server = await startEmbeddedMongo({ dbPath });
  const writer = await MongoClient.connect(server.uri);
  const watcher = await MongoClient.connect(server.uri);
  const coll = writer.db('bench').collection('events');
  await coll.insertOne({ warm: true });
  const cs = watcher.db('bench').collection('events').watch([{ $match: { operationType: 'insert' } }], { maxAwaitTimeMS: 10_000 });
  await cs.tryNext();

  const arrived = new Map<number, number>();
  let notify: (() => void) | undefined;
  let stop = false;
  const reader = (async () => {
    while (!stop) {
      const ev = await cs.next().catch(() => undefined);
      if (!ev || ev.operationType !== 'insert') continue;
      arrived.set(ev.fullDocument.i as number, performance.now());
      notify?.();
    }
  })();

  const latencies: number[] = [];
  const fromSend: number[] = [];
  let early = 0;
  for (let i = 0; i < WRITES; i++) {
    const sent = performance.now();
    await coll.insertOne({ i, at: new Date() });
    const ack = performance.now();
    while (!arrived.has(i)) await new Promise<void>((r) => (notify = r));
    const ms = arrived.get(i)! - ack;
    if (ms < 0) early++;
    latencies.push(Math.max(0, ms));
    fromSend.push(arrived.get(i)! - sent);
  }
  stop = true;
  await cs.close();
  await reader;
  latencies.sort((a, b) => a - b);
  fromSend.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2);
  console.log(
    `${label}: ${WRITES} writes, ack -> event p50 ${f(pct(latencies, 50))} ms, p95 ${f(pct(latencies, 95))} ms, p99 ${f(pct(latencies, 99))} ms, max ${f(latencies[latencies.length - 1])} ms` +
      (early ? ` (${early} events arrived before the ack; counted as 0)` : '') +
      `; write sent -> event p50 ${f(pct(fromSend, 50))} ms, p95 ${f(pct(fromSend, 95))} ms`,
  );
  await writer.close();
  await watcher.close();
  await server.stop();
}

await run('in memory');
const dir = mkdtempSync(path.join(tmpdir(), 'cs-bench-'));
try {
  await run('durable (LMDB, fsync per write)', dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
