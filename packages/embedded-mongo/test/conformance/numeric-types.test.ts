// BSON numeric types through the official driver, as the MongoDB 7.0 manual documents them. Each case
// names the manual page it follows; with MONGODB_URI set the same cases run against a real MongoDB 7.
import { Decimal128, Double, Int32, Long, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
const RAW = { promoteValues: false, promoteLongs: false } as const;
let target: Target;
let coll: Collection<Document>;
const db = dbName('numtypes');

beforeAll(async () => {
  target = await connectTarget();
  coll = target.client.db(db).collection('nums');
});
afterAll(async () => {
  await target.client.db(db).dropDatabase().catch(() => undefined);
  await target.close();
});

/** The stored value's BSON type as the driver reads it without promotion. */
async function storedTypes(filter: Document): Promise<Record<string, string>> {
  const doc = await coll.findOne(filter, RAW);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(doc ?? {})) out[k] = (v as { _bsontype?: string })?._bsontype ?? typeof v;
  return out;
}

describe('numeric types', () => {
  it(`int32, int64 and double keep the type they were written with (${MANUAL}/reference/bson-types/#numeric-types)`, async () => {
    await coll.insertOne({ k: 'roundtrip', i: new Int32(7), l: Long.fromNumber(7), d: new Double(7), frac: 7.5, big: Long.fromString('9007199254740993'), dec: Decimal128.fromString('7.10') });
    expect(await storedTypes({ k: 'roundtrip' })).toMatchObject({ i: 'Int32', l: 'Long', d: 'Double', frac: 'Double', big: 'Long', dec: 'Decimal128' });
    const doc = await coll.findOne({ k: 'roundtrip' }, RAW);
    expect(String(doc?.big)).toBe('9007199254740993');
    expect(String(doc?.dec)).toBe('7.10');
  });

  it(`numbers in sort, projection and stage arguments may be doubles, as shells send them (${MANUAL}/reference/method/cursor.sort/)`, async () => {
    await coll.insertMany([{ k: 'shell', a: 3 }, { k: 'shell', a: 1 }, { k: 'shell', a: 2 }]);
    const found = await coll.find({ k: 'shell' }, { sort: { a: new Double(-1) }, projection: { _id: new Double(0), a: new Double(1) } } as Document).toArray();
    expect(found).toEqual([{ a: 3 }, { a: 2 }, { a: 1 }]);
    const staged = await coll
      .aggregate([{ $match: { k: 'shell' } }, { $sort: { a: new Double(1) } }, { $skip: new Double(1) }, { $limit: new Double(1) }, { $project: { _id: new Double(0), a: new Double(1) } }])
      .toArray();
    expect(staged).toEqual([{ a: 2 }]);
  });

  it(`$type 'int', 'long', 'double', 'decimal' and 'number' tell the numeric types apart (${MANUAL}/reference/operator/query/type/)`, async () => {
    await coll.insertMany([
      { k: 'type', n: 'int', v: 1 },
      { k: 'type', n: 'long', v: Long.fromNumber(1) },
      { k: 'type', n: 'double', v: new Double(1) },
      { k: 'type', n: 'decimal', v: Decimal128.fromString('1') },
      { k: 'type', n: 'string', v: '1' },
      { k: 'type', n: 'array', v: ['a', Long.fromNumber(2)] },
    ]);
    const names = async (t: unknown) => (await coll.find({ k: 'type', v: { $type: t as 'int' } }).toArray()).map((d) => d.n).sort();
    expect(await names('int')).toEqual(['int']);
    expect(await names('long')).toEqual(['array', 'long']);
    expect(await names(18)).toEqual(['array', 'long']);
    expect(await names('double')).toEqual(['double']);
    expect(await names('decimal')).toEqual(['decimal']);
    expect(await names('number')).toEqual(['array', 'decimal', 'double', 'int', 'long']);
    // Equality still compares numbers across types.
    expect((await coll.find({ k: 'type', v: 1 }).toArray()).map((d) => d.n).sort()).toEqual(['decimal', 'double', 'int', 'long']);
  });

  it(`$inc keeps the type: int32 overflowing becomes int64, with a double it is a double (${MANUAL}/reference/operator/update/inc/#behavior)`, async () => {
    const { insertedId } = await coll.insertOne({ k: 'inc', i: 2147483647, small: 1, l: Long.fromNumber(10), d: new Double(2), viaDouble: 1 });
    await coll.updateOne({ _id: insertedId }, { $inc: { i: 1, small: 1, l: 5, d: 1, viaDouble: new Double(0.5) } });
    const doc = await coll.findOne({ _id: insertedId }, RAW);
    expect(await storedTypes({ _id: insertedId })).toMatchObject({ i: 'Long', small: 'Int32', l: 'Long', d: 'Double', viaDouble: 'Double' });
    expect(String(doc?.i)).toBe('2147483648');
    expect(String(doc?.l)).toBe('15');
    expect(Number(doc?.viaDouble)).toBe(1.5);
  });

  it(`Decimal128 arithmetic in $inc and $mul is exact (${MANUAL}/reference/operator/update/inc/, ${MANUAL}/reference/operator/update/mul/)`, async () => {
    const { insertedId } = await coll.insertOne({ k: 'money', amount: Decimal128.fromString('0.10'), rate: Decimal128.fromString('19.99') });
    await coll.updateOne({ _id: insertedId }, { $inc: { amount: Decimal128.fromString('0.20') }, $mul: { rate: 3 } });
    const doc = await coll.findOne({ _id: insertedId }, RAW);
    expect(doc?.amount).toBeInstanceOf(Decimal128);
    expect(String(doc?.amount)).toBe('0.30');
    expect(String(doc?.rate)).toBe('59.97');
  });

  it(`Decimal128 compares exactly with decimals and with other numeric types (${MANUAL}/reference/bson-type-comparison-order/#numeric-types)`, async () => {
    const D = (s: string) => Decimal128.fromString(s);
    await coll.insertMany([
      { k: 'cmp', n: 'tenth', v: D('0.1') },
      { k: 'cmp', n: 'tenth+', v: D('0.10000000000000000001') },
      { k: 'cmp', n: 'double', v: 0.1 },
      { k: 'cmp', n: 'one', v: 1 },
      { k: 'cmp', n: 'one.00', v: D('1.00') },
      { k: 'cmp', n: 'long', v: Long.fromString('9007199254740993') },
    ]);
    const names = async (cond: unknown) => (await coll.find({ k: 'cmp', v: cond as number }).toArray()).map((d) => d.n).sort();
    expect(await names(D('0.1'))).toEqual(['tenth']);
    // The double 0.1 is 0.1000000000000000055511151231257827..., above both decimals.
    expect(await names({ $gt: D('0.1'), $lt: D('0.5') })).toEqual(['double', 'tenth+']);
    expect(await names({ $in: [D('1'), D('2')] })).toEqual(['one', 'one.00']);
    expect(await names({ $gte: D('9007199254740993') })).toEqual(['long']);
  });

  it(`$sum and $avg over Decimal128 amounts are exact Decimal128 results (${MANUAL}/reference/operator/aggregation/sum/, ${MANUAL}/reference/operator/aggregation/avg/)`, async () => {
    await coll.insertMany([
      { k: 'offer', team: 'a', salary: Decimal128.fromString('0.10') },
      { k: 'offer', team: 'a', salary: Decimal128.fromString('0.20') },
      { k: 'offer', team: 'a', salary: 'not a number' },
      { k: 'offer', team: 'b', salary: 1 },
      { k: 'offer', team: 'b', salary: 2 },
    ]);
    const rows = await coll
      .aggregate([{ $match: { k: 'offer' } }, { $group: { _id: '$team', total: { $sum: '$salary' }, mean: { $avg: '$salary' }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }], RAW)
      .toArray();
    expect(rows[0].total).toBeInstanceOf(Decimal128);
    expect(String(rows[0].total)).toBe('0.30');
    expect(String(rows[0].mean)).toBe('0.15');
    expect(Number(rows[0].n)).toBe(3);
    expect(Number(rows[1].total)).toBe(3);
    expect(Number(rows[1].mean)).toBe(1.5);
  });

  it(`$mul on a missing field sets zero of the argument's type; $min/$max compare across numeric types (${MANUAL}/reference/operator/update/mul/#behavior, ${MANUAL}/reference/operator/update/max/)`, async () => {
    const { insertedId } = await coll.insertOne({ k: 'mul', top: 5 });
    await coll.updateOne({ _id: insertedId }, { $mul: { missing: Long.fromNumber(3) }, $max: { top: Long.fromNumber(9) } });
    const doc = await coll.findOne({ _id: insertedId }, RAW);
    expect(await storedTypes({ _id: insertedId })).toMatchObject({ missing: 'Long', top: 'Long' });
    expect(String(doc?.missing)).toBe('0');
    expect(String(doc?.top)).toBe('9');
  });
});
