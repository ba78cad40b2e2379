import { startEmbeddedMongo } from '@hireflow/embedded-mongo';
import mongoose from 'mongoose';
const s = await startEmbeddedMongo();
const c = await mongoose.connect(s.uri).then((m) => m.connection.getClient());
const col = c.db('t').collection('tally');
await col.createIndex({ customerId: 1, dim: 1, day: 1, key: 1 });
const kinds = ['screening', 'interview', 'offer', 'hired', 'rejected'];
const docs = [];
for (let d = 0; d < 730; d++) for (let k = 0; k < 5; k++) {
  const n: Record<string, unknown> = { applied: 3, hired: 1 };
  for (const kind of kinds) { n[`entered`] = { ...(n.entered as object), [kind]: 2 }; n[`stay`] = { ...(n.stay as object), [kind]: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`b${i * 3}`, 1])) }; }
  docs.push({ customerId: 1, dim: 'src', key: `s${k}`, day: new Date(Date.UTC(2025, 0, 1) + d * 86400000), n });
}
await col.insertMany(docs);
const counters = ['applied', 'hired', ...kinds.map((k) => `entered.${k}`), ...kinds.flatMap((k) => Array.from({ length: 38 }, (_, i) => `stay.${k}.b${i}`))].slice(0, 111);
const group: Record<string, unknown> = { _id: null };
counters.forEach((c, i) => (group[`c${i}`] = { $sum: `$n.${c}` }));
for (let r = 0; r < 4; r++) {
  const t = performance.now();
  await col.aggregate([{ $match: { customerId: 1, dim: 'src', day: { $gte: new Date(0) } } }, { $group: group }]).toArray();
  console.log('group 3650 docs x', counters.length, 'sums', (performance.now() - t).toFixed(0), 'ms');
}
await mongoose.disconnect(); await s.stop();
