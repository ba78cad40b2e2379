// $group stages made only of $sum accumulators (counters summed over many documents), as the MongoDB 7.0
// manual documents $sum in $group: numbers are added, non-numeric and missing values are ignored, a
// constant sums per document, Decimal128 stays exact. With MONGODB_URI set the same cases run against MongoDB 7.
import { Decimal128, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const SUM = 'https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/sum/';
const RAW = { promoteValues: false, promoteLongs: false } as const;
let target: Target;
let coll: Collection<Document>;
const db = dbName('groupsums');

beforeAll(async () => {
  target = await connectTarget();
  coll = target.client.db(db).collection('tallies');
  const docs: Document[] = [];
  // Sparse counters: each document holds a few of 60 bins, some nested, over three keys and 90 days.
  for (let i = 0; i < 900; i++) {
    const n: Document = { hits: i % 7, fb: { [`b${i % 60}`]: 1, [`b${(i * 7) % 60}`]: 2 } };
    if (i % 5 === 0) n.note = 'text, not a number';
    if (i % 11 === 0) n.hits = null;
    if (i % 13 === 0) n.list = [1, 2, 3];
    docs.push({ key: ['a', 'b', 'c'][i % 3], day: new Date(Date.UTC(2026, 0, 1 + (i % 90))), n });
  }
  await coll.insertMany(docs);
});
afterAll(async () => {
  await target.client.db(db).dropDatabase().catch(() => undefined);
  await target.close();
});

/** The expected sums, worked out here from the same documents. */
async function expectedByKey(bins: number[]) {
  const all = await coll.find({}).toArray();
  const out: Record<string, Record<string, number>> = {};
  for (const d of all) {
    const row = (out[d.key as string] ??= { hits: 0, docs: 0, twice: 0, ...Object.fromEntries(bins.map((b) => [`b${b}`, 0])) });
    if (typeof d.n.hits === 'number') row.hits! += d.n.hits;
    row.docs! += 1;
    row.twice! += 2;
    for (const b of bins) if (typeof d.n.fb[`b${b}`] === 'number') row[`b${b}`]! += d.n.fb[`b${b}`];
  }
  return out;
}

const PUSH = 'https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/push/';

describe('$group with only $sum accumulators', () => {
  it(`adds numbers and ignores missing, null, text and arrays, per group id (${SUM}#behavior)`, async () => {
    const bins = Array.from({ length: 60 }, (_, i) => i);
    const group: Document = { _id: '$key', hits: { $sum: '$n.hits' }, docs: { $sum: 1 }, twice: { $sum: 2 }, note: { $sum: '$n.note' }, list: { $sum: '$n.list' }, none: { $sum: '$n.missing.deeper' } };
    for (const b of bins) group[`b${b}`] = { $sum: `$n.fb.b${b}` };
    const rows = await coll.aggregate([{ $group: group }, { $sort: { _id: 1 } }]).toArray();
    const expected = await expectedByKey(bins);
    expect(rows.map((r) => r._id)).toEqual(['a', 'b', 'c']);
    for (const r of rows) {
      expect({ ...r, _id: undefined, note: undefined, list: undefined, none: undefined }).toEqual({ ...expected[r._id as string], _id: undefined, note: undefined, list: undefined, none: undefined });
      expect([r.note, r.list, r.none]).toEqual([0, 0, 0]);
    }
  });

  it('groups by a computed id, a document id with literal values, or all documents; no documents give no group', async () => {
    const byMonth = await coll.aggregate([{ $group: { _id: { $dateToString: { date: '$day', format: '%Y-%m' } }, docs: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
    expect(byMonth).toEqual([{ _id: '2026-01', docs: 310 }, { _id: '2026-02', docs: 280 }, { _id: '2026-03', docs: 310 }]);
    const literal = await coll.aggregate([{ $match: { key: 'a' } }, { $group: { _id: { k: '$key', v: 1 }, docs: { $sum: 1 } } }]).toArray();
    expect(literal).toEqual([{ _id: { k: 'a', v: 1 }, docs: 300 }]);
    const all = await coll.aggregate([{ $group: { _id: null, docs: { $sum: 1 } } }]).toArray();
    expect(all).toEqual([{ _id: null, docs: 900 }]);
    expect(await coll.aggregate([{ $match: { key: 'zz' } }, { $group: { _id: null, docs: { $sum: 1 } } }]).toArray()).toEqual([]);
  });

  it(`keeps Decimal128 sums exact (${SUM}#behavior)`, async () => {
    const money = target.client.db(db).collection('money');
    await money.insertMany([
      { team: 'a', amount: Decimal128.fromString('0.10'), n: 1 },
      { team: 'a', amount: Decimal128.fromString('0.20'), n: 2 },
      { team: 'b', amount: 0.1, n: 3 },
    ]);
    const rows = await money.aggregate([{ $group: { _id: '$team', total: { $sum: '$amount' }, n: { $sum: '$n' } } }, { $sort: { _id: 1 } }], RAW).toArray();
    expect(rows[0]!.total).toBeInstanceOf(Decimal128);
    expect(String(rows[0]!.total)).toBe('0.30');
    expect(Number(rows[0]!.n)).toBe(3);
    expect(Number(rows[1]!.total)).toBe(0.1);
  });

  it(`pushes a field path's values beside the sums, skipping missing values and keeping nulls, arrays and documents (${PUSH})`, async () => {
    const parts = target.client.db(db).collection<{ _id: number; key: string; n?: Document }>('parts');
    await parts.insertMany([
      { _id: 1, key: 'a', n: { hits: 1, fb: { b1: 1 }, tag: null } },
      { _id: 2, key: 'a', n: { hits: 2, tag: [1, 2] } },
      { _id: 3, key: 'b', n: { hits: 3, fb: { b2: 4, b3: 5 }, tag: 'x' } },
      { _id: 4, key: 'a', n: { hits: 4, fb: {} } },
      { _id: 5, key: 'b' },
    ]);
    const rows = await parts
      .aggregate([{ $sort: { _id: 1 } }, { $group: { _id: '$key', hits: { $sum: '$n.hits' }, fb: { $push: '$n.fb' }, tags: { $push: '$n.tag' }, none: { $push: '$n.missing.deeper' } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(rows).toEqual([
      { _id: 'a', hits: 7, fb: [{ b1: 1 }, {}], tags: [null, [1, 2]], none: [] },
      { _id: 'b', hits: 3, fb: [{ b2: 4, b3: 5 }], tags: ['x'], none: [] },
    ]);
    // The pushed documents are the output's own: changing them in a later stage leaves the stored ones as they were.
    const changed = await parts.aggregate([{ $match: { key: 'b' } }, { $group: { _id: '$key', fb: { $push: '$n.fb' } } }, { $unwind: '$fb' }, { $set: { 'fb.b2': 99 } }]).toArray();
    expect(changed).toEqual([{ _id: 'b', fb: { b2: 99, b3: 5 } }]);
    expect((await parts.findOne({ _id: 3 }))?.n?.fb).toEqual({ b2: 4, b3: 5 });
  });
});
