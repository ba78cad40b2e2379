// $setWindowFields over BENCH_DOCS documents (default 100,000) in 1,000 partitions: a running $sum sorted by
// date (documents window unbounded..current) plus a $rank, reduced by a $group so the figure is the stage's
// work rather than the transfer of every document; then the stage alone in the engine. In memory. No assertions.
import { MongoClient } from 'mongodb';
import { setWindowFields } from '../src/aggregation/window-fields.js';
import { startEmbeddedMongo } from '../src/index.js';
import { MINGO_OPTIONS } from '../src/mingo-options.js';

const N = Number(process.env.BENCH_DOCS ?? 100_000);
const GROUPS = 1_000;
const server = await startEmbeddedMongo();
const client = await MongoClient.connect(server.uri);
const coll = client.db('bench').collection('sales');
const t0 = performance.now();
for (let i = 0; i < N; i += 10_000) {
  await coll.insertMany(
    Array.from({ length: Math.min(10_000, N - i) }, (_, j) => {
      const k = i + j;
      return { account: k % GROUPS, at: new Date(1_700_000_000_000 + ((k * 7919) % N) * 60_000), amount: (k % 97) + 1 };
    }),
    { ordered: false },
  );
}
console.log(`loaded ${N.toLocaleString('en-US')} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

for (let run = 0; run < 2; run++) {
  const t = performance.now();
  const [r] = await coll
    .aggregate(
      [
        {
          $setWindowFields: {
            partitionBy: '$account',
            sortBy: { at: 1 },
            output: { running: { $sum: '$amount', window: { documents: ['unbounded', 'current'] } }, rank: { $rank: {} } },
          },
        },
        { $group: { _id: null, maxRunning: { $max: '$running' }, maxRank: { $max: '$rank' }, n: { $sum: 1 } } },
      ],
      { allowDiskUse: true },
    )
    .toArray();
  const ms = performance.now() - t;
  console.log(`$setWindowFields running $sum + $rank, ${GROUPS} partitions: ${ms.toFixed(0)} ms (n=${r.n}, max running ${r.maxRunning}, max rank ${r.maxRank})`);
}
// The stage alone, in the engine (no driver, no copying of stored documents, no $group afterwards).
const plain = Array.from({ length: N }, (_, k) => ({ _id: k, account: k % GROUPS, at: new Date(1_700_000_000_000 + ((k * 7919) % N) * 60_000), amount: (k % 97) + 1 }));
for (let run = 0; run < 2; run++) {
  const t = performance.now();
  const out = setWindowFields(
    plain,
    { partitionBy: '$account', sortBy: { at: 1 }, output: { running: { $sum: '$amount', window: { documents: ['unbounded', 'current'] } }, rank: { $rank: {} } } },
    MINGO_OPTIONS,
  );
  console.log(`engine only, the stage on ${out.length.toLocaleString('en-US')} documents: ${(performance.now() - t).toFixed(0)} ms`);
}
console.log(`heap used: ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`);
await client.close();
await server.stop();
