import { Decimal128, Long, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithClient, type TestServer } from './helpers.js';

// $in over many values and date/number ranges are answered without mingo (query-planner's fast path):
// these are the cases where a shortcut could disagree with MongoDB.
describe('$in sets and ranges match as MongoDB does', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('fast');
  });
  afterAll(() => t.close());

  const ids = (docs: { _id: unknown }[]) => docs.map((d) => d._id).sort();

  it('$in: by type and value, into arrays, never null or missing, nothing for an empty list', async () => {
    const c = db.collection('in');
    const a = new ObjectId();
    const b = new ObjectId();
    await c.insertMany([
      { _id: 1, v: a }, { _id: 2, v: b }, { _id: 3, v: a.toHexString() }, { _id: 4, v: 1 }, { _id: 5, v: '1' },
      { _id: 6, v: [b, 'x'] }, { _id: 7, v: null }, { _id: 8 }, { _id: 9, v: Long.fromNumber(1) }, { _id: 10, v: 1.0 }, { _id: 11, v: true },
    ] as never[]);
    expect(ids(await c.find({ v: { $in: [a] } }).toArray())).toEqual([1]);
    expect(ids(await c.find({ v: { $in: [b] } }).toArray())).toEqual([2, 6]);
    expect(ids(await c.find({ v: { $in: [1] } }).toArray())).toEqual([10, 4, 9].sort());
    expect(ids(await c.find({ v: { $in: ['1', true] } }).toArray())).toEqual([11, 5].sort());
    expect(await c.countDocuments({ v: { $in: [] } })).toBe(0);
    expect(ids(await c.find({ v: { $in: [null] } }).toArray())).toEqual([7, 8]);
    expect(ids(await c.find({ _id: { $in: Array.from({ length: 500 }, (_, i) => i * 2) } } as never).toArray())).toEqual([10, 2, 4, 6, 8].sort());
  });

  it('ranges: dates only with dates, numbers of every kind, and array elements may meet each bound apart', async () => {
    const c = db.collection('range');
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    await c.insertMany([
      { _id: 1, at: day(1), n: 5 }, { _id: 2, at: day(10), n: Long.fromNumber(10) }, { _id: 3, at: '2026-01-05', n: '7' },
      { _id: 4, at: day(20), n: Decimal128.fromString('7.5') }, { _id: 5, n: [1, 10] }, { _id: 6, at: [day(2), day(30)] },
    ] as never[]);
    expect(ids(await c.find({ at: { $gte: day(1), $lt: day(20) } }).toArray())).toEqual([1, 2, 6]);
    expect(ids(await c.find({ at: { $gt: day(1), $lte: day(20) } }).toArray())).toEqual([2, 4, 6]);
    expect(ids(await c.find({ n: { $gt: 6, $lte: 10 } }).toArray())).toEqual([2, 4, 5]);
    // [1, 10]: 10 > 5 and 1 < 3, each by another element.
    expect(ids(await c.find({ n: { $gt: 5, $lt: 3 } }).toArray())).toEqual([5]);
    expect(ids(await c.find({ at: { $gt: day(25), $lt: day(3) } }).toArray())).toEqual([6]);
    // $ne beside a range: a missing field differs from a value, equals null.
    expect(ids(await c.find({ at: { $ne: null, $lt: day(15) } }).toArray())).toEqual([1, 2, 6]);
    expect(ids(await c.find({ n: { $ne: 5 } }).toArray())).toEqual([2, 3, 4, 5, 6]);
    expect(ids(await c.find({ at: { $ne: null } }).toArray())).toEqual([1, 2, 3, 4, 6]);
    const agg = await c.aggregate([{ $match: { _id: { $in: [1, 2, 4] }, at: { $gte: day(2) } } }, { $group: { _id: null, n: { $sum: 1 } } }]).toArray();
    expect(agg).toEqual([{ _id: null, n: 2 }]);
  });
});
