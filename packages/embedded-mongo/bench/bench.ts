// Prints throughput figures for a 100,000-document collection on durable storage. No assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { queryDocs } from '../src/commands/read-commands.js';
import { startEmbeddedMongo } from '../src/index.js';
import { engineOf } from '../src/server-registry.js';

const N = Number(process.env.BENCH_DOCS ?? 100_000);
const BATCH = 1_000;
const dir = mkdtempSync(path.join(tmpdir(), 'embedded-mongo-bench-'));
const server = await startEmbeddedMongo({ dbPath: dir });
const client = await MongoClient.connect(server.uri);
const coll = client.db('bench').collection('people');
await coll.createIndex({ email: 1 }, { unique: true });

const depts = ['eng', 'sales', 'ops', 'hr', 'legal', 'design', 'support', 'finance'];
const mk = (i: number) => ({
  email: `user${i}@example.com`,
  emailCopy: `user${i}@example.com`,
  name: `User ${i}`,
  dept: depts[i % depts.length],
  status: i % 3 === 0 ? 'archived' : 'active',
  score: i % 100,
  createdAt: new Date(1_700_000_000_000 + i * 60_000),
});

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
let t = performance.now();
for (let i = 0; i < N; i += BATCH) await coll.insertMany(Array.from({ length: BATCH }, (_, j) => mk(i + j)), { ordered: false });
let secs = (performance.now() - t) / 1000;
console.log(`insertMany (durable, batches of ${BATCH}): ${fmt(N / secs)} docs/s  (${N} docs in ${secs.toFixed(2)} s)`);

const SINGLE = 2_000;
const single = client.db('bench').collection('singles');
t = performance.now();
for (let i = 0; i < SINGLE; i++) await single.insertOne(mk(i));
secs = (performance.now() - t) / 1000;
console.log(`insertOne (durable, one fsync'd commit each, sequential): ${fmt(SINGLE / secs)} docs/s`);

const PINGS = 2_000;
t = performance.now();
for (let i = 0; i < PINGS; i++) await client.db('admin').command({ ping: 1 });
console.log(`ping round trip (ceiling for any single-query rate): ${fmt(PINGS / ((performance.now() - t) / 1000))} ops/s`);

const LOOKUPS = 5_000;
t = performance.now();
for (let i = 0; i < LOOKUPS; i++) await coll.findOne({ email: `user${(i * 7919) % N}@example.com` });
const indexedOps = LOOKUPS / ((performance.now() - t) / 1000);
console.log(`indexed point lookup (findOne by email): ${fmt(indexedOps)} ops/s`);

const SCANS = 30;
t = performance.now();
for (let i = 0; i < SCANS; i++) await coll.findOne({ emailCopy: `user${(i * 7919) % N}@example.com` });
const scanOps = SCANS / ((performance.now() - t) / 1000);
console.log(`same lookup without an index (collection scan): ${fmt(scanOps)} ops/s`);
console.log(`index speed-up through the driver: ${fmt(indexedOps / scanOps)}x (one caller at a time: the round trip, not the lookup, bounds the indexed rate)`);


// The same comparison inside the engine, without driver and socket round trips.
const engineColl = engineOf(server)!.getColl('bench', 'people')!;
const ENGINE_LOOKUPS = 20_000;
let found = 0;
t = performance.now();
for (let i = 0; i < ENGINE_LOOKUPS; i++) found += [...queryDocs(engineColl, { filter: { email: `user${(i * 7919) % N}@example.com` }, limit: 1 })].length;
const engineIndexed = ENGINE_LOOKUPS / ((performance.now() - t) / 1000);
t = performance.now();
for (let i = 0; i < SCANS; i++) found += [...queryDocs(engineColl, { filter: { emailCopy: `user${(i * 7919) % N}@example.com` }, limit: 1 })].length;
const engineScan = SCANS / ((performance.now() - t) / 1000);
console.log(`engine only (${found} found): indexed ${fmt(engineIndexed)} ops/s vs scan ${fmt(engineScan)} ops/s = ${fmt(engineIndexed / engineScan)}x`);

t = performance.now();
const rows = await coll
  .aggregate([{ $match: { status: 'active' } }, { $group: { _id: '$dept', n: { $sum: 1 }, avgScore: { $avg: '$score' } } }, { $sort: { n: -1 } }])
  .toArray();
console.log(`3-stage aggregation ($match, $group, $sort) over ${N} docs: ${(performance.now() - t).toFixed(0)} ms (${rows.length} groups)`);

await coll.createIndex({ status: 1, dept: 1 });
const COUNTS = 200;
let matched = 0;
t = performance.now();
for (let i = 0; i < COUNTS; i++) matched = await coll.countDocuments({ status: 'active' });
const indexedCountMs = (performance.now() - t) / COUNTS;
t = performance.now();
for (let i = 0; i < 5; i++) await coll.countDocuments({ score: { $gte: 0 } });
const scanCountMs = (performance.now() - t) / 5;
console.log(`countDocuments of ${fmt(matched)} matches: index prefix ${indexedCountMs.toFixed(2)} ms per call vs scan ${scanCountMs.toFixed(0)} ms`);

await client.close();
t = performance.now();
await server.stop();
const reopened = await startEmbeddedMongo({ dbPath: dir });
console.log(`restart (load ${N + SINGLE} docs and rebuild indexes): ${((performance.now() - t) / 1000).toFixed(2)} s`);
await reopened.stop();
rmSync(dir, { recursive: true, force: true });
