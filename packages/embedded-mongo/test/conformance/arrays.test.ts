// Array semantics, following the MongoDB 7.0 manual:
// - $all:                 https://www.mongodb.com/docs/v7.0/reference/operator/query/all/
// - $type:                https://www.mongodb.com/docs/v7.0/reference/operator/query/type/
// - distinct:             https://www.mongodb.com/docs/v7.0/reference/command/distinct/
// - $regex (x option):    https://www.mongodb.com/docs/v7.0/reference/operator/query/regex/
// - $slice (projection):  https://www.mongodb.com/docs/v7.0/reference/operator/projection/slice/
// - projection of fields in embedded documents and arrays: https://www.mongodb.com/docs/v7.0/tutorial/project-fields-from-query-results/
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

  it('an inclusion of a path keeps those fields of embedded documents, and of each document in an array (Project Fields to Return from Query)', async () => {
    const c = db.collection<AnyDoc>('embeddedPaths');
    await c.insertMany([
      { _id: 1, a: 5, z: 1 },
      { _id: 2, a: { c: 2 }, z: 2 },
      { _id: 3, z: 3, a: [{ b: 1, c: 2 }, 5, [{ b: 3, c: 4 }, 7], null] },
      { _id: 4, a: [] },
      { _id: 5, z: 5 },
      { _id: 6, a: { c: 3, b: { y: 2, x: 1 } } },
      { _id: 7, a: null },
    ]);
    const expected = [
      { _id: 1, z: 1 },
      { _id: 2, a: {}, z: 2 },
      { _id: 3, z: 3, a: [{ b: 1 }, [{ b: 3 }]] },
      { _id: 4, a: [] },
      { _id: 5, z: 5 },
      { _id: 6, a: { b: { y: 2, x: 1 } } },
      { _id: 7 },
    ];
    const shapes = (docs: object[]) => docs.map((d) => JSON.stringify(d));
    // The document's own field order, from a find, a leading $project and a $project after another stage.
    expect(shapes(await c.find({}, { projection: { z: 1, 'a.b': 1 }, sort: { _id: 1 } }).toArray())).toEqual(shapes(expected));
    expect(shapes(await c.aggregate([{ $sort: { _id: 1 } }, { $project: { 'a.b': true, z: 1 } }]).toArray())).toEqual(shapes(expected));
    const later = await c.aggregate([{ $sort: { _id: 1 } }, { $addFields: { n: 1 } }, { $project: { 'a.b': 1, z: 1 } }]).toArray();
    expect(later).toEqual(expected);
    expect(await c.find({ _id: 6 }, { projection: { _id: 0, 'a.b.x': 1, 'a.c': 1 } }).toArray()).toEqual([{ a: { c: 3, b: { x: 1 } } }]);
    // A later stage that changes what the projection kept leaves the stored document as it was.
    const changed = await c.aggregate([{ $match: { _id: 6 } }, { $project: { 'a.b': 1 } }, { $set: { 'a.b.x': 9 } }]).toArray();
    expect(changed).toEqual([{ _id: 6, a: { b: { y: 2, x: 9 } } }]);
    expect(await c.findOne({ _id: 6 })).toEqual({ _id: 6, a: { c: 3, b: { y: 2, x: 1 } } });
  });
});
