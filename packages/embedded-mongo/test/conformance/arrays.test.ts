// Array semantics, following the MongoDB 7.0 manual:
// - $all:                 https://www.mongodb.com/docs/v7.0/reference/operator/query/all/
// - $type:                https://www.mongodb.com/docs/v7.0/reference/operator/query/type/
// - distinct:             https://www.mongodb.com/docs/v7.0/reference/command/distinct/
// - $regex (x option):    https://www.mongodb.com/docs/v7.0/reference/operator/query/regex/
// - $slice (projection):  https://www.mongodb.com/docs/v7.0/reference/operator/projection/slice/
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type AnyDoc, type Target } from './connect.js';

describe('array semantics (manual: $all, $type, distinct, $regex, $slice)', () => {
  let t: Target;
  let db: Db;
  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('arrays'));
    await db.dropDatabase();
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });

  it('$all matches a scalar field holding the value ($all: Behavior)', async () => {
    const c = db.collection<AnyDoc>('all');
    await c.insertMany([
      { _id: 1, tags: 'ssl' },
      { _id: 2, tags: ['ssl', 'security'] },
      { _id: 3, tags: ['security'] },
    ]);
    const ids = async (f: object) => (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ tags: { $all: ['ssl'] } })).toEqual([1, 2]);
    expect(await ids({ tags: { $all: ['ssl', 'security'] } })).toEqual([2]);
    expect(await ids({ tags: { $all: [] } })).toEqual([]);
    expect(await ids({ tags: { $not: { $all: ['ssl'] } } })).toEqual([3]);
  });

  it('$all with $elemMatch elements ($all: Use $all with $elemMatch)', async () => {
    const c = db.collection<AnyDoc>('allElem');
    await c.insertMany([
      { _id: 1, qty: [{ size: 'S', num: 10 }, { size: 'M', num: 45 }] },
      { _id: 2, qty: [{ size: 'M', num: 100 }] },
    ]);
    const docs = await c.find({ qty: { $all: [{ $elemMatch: { size: 'M', num: { $gt: 50 } } }] } }).toArray();
    expect(docs.map((d) => d._id)).toEqual([2]);
  });

  it('$type matches arrays holding an element of the type ($type: Querying by Array Type)', async () => {
    const c = db.collection<AnyDoc>('types');
    await c.insertMany([
      { _id: 1, v: 'a' },
      { _id: 2, v: [1, 'b'] },
      { _id: 3, v: [1, 2] },
      { _id: 4, v: 5 },
    ]);
    const ids = async (f: object) => (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ v: { $type: 'string' } })).toEqual([1, 2]);
    expect(await ids({ v: { $type: 'number' } })).toEqual([2, 3, 4]);
    expect(await ids({ v: { $type: 'array' } })).toEqual([2, 3]);
    expect(await ids({ v: { $type: ['string', 'bool'] } })).toEqual([1, 2]);
  });

  it('distinct expands arrays and an empty array contributes nothing (distinct: Array Fields)', async () => {
    const c = db.collection<AnyDoc>('dist');
    await c.insertMany([
      { _id: 1, sizes: ['S', 'M'] },
      { _id: 2, sizes: ['M', 'L'] },
      { _id: 3, sizes: [] },
      { _id: 4, sizes: 'XL' },
      { _id: 5 },
    ]);
    expect(await c.distinct('sizes')).toEqual(['L', 'M', 'S', 'XL']);
  });

  it('$regex with the x option ignores whitespace and # comments ($regex: x option)', async () => {
    const c = db.collection<AnyDoc>('rx');
    await c.insertMany([
      { _id: 1, sku: 'abc789' },
      { _id: 2, sku: 'xyz123' },
    ]);
    const pattern = 'abc # category code\n\\d+ # item number';
    expect((await c.find({ sku: { $regex: pattern, $options: 'x' } }).toArray()).map((d) => d._id)).toEqual([1]);
    expect((await c.find({ sku: { $regex: 'ABC \\d+', $options: 'ix' } }).toArray()).map((d) => d._id)).toEqual([1]);
  });

  it('a $slice projection on its own keeps the other fields ($slice: Behavior)', async () => {
    const c = db.collection<AnyDoc>('slice');
    await c.insertOne({ _id: 1, title: 'post', comments: [1, 2, 3, 4], meta: { likes: [5, 6, 7] } });
    expect(await c.findOne({}, { projection: { comments: { $slice: 2 } } })).toEqual({ _id: 1, title: 'post', comments: [1, 2], meta: { likes: [5, 6, 7] } });
    expect(await c.findOne({}, { projection: { comments: { $slice: -1 }, title: 0 } })).toEqual({ _id: 1, comments: [4], meta: { likes: [5, 6, 7] } });
    expect(await c.findOne({}, { projection: { comments: { $slice: [1, 2] }, 'meta.likes': { $slice: 1 } } })).toEqual({
      _id: 1,
      title: 'post',
      comments: [2, 3],
      meta: { likes: [5] },
    });
    expect(await c.findOne({}, { projection: { comments: { $slice: 1 }, title: 1 } })).toEqual({ _id: 1, title: 'post', comments: [1] });
  });
});
