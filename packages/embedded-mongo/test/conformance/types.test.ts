// $type by BSON type name and code, and positional updates of several fields of one element, through the
// official driver. Each case names the manual page it follows; with MONGODB_URI set the same cases run
// against a real MongoDB 7 server.
import { Binary, ObjectId, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
const TYPE_PAGE = `${MANUAL}/reference/operator/query/type/`;
let target: Target;
let coll: Collection<Document>;
const DB = dbName('types');

const oid = new ObjectId('64b7f0c2a1b2c3d4e5f60718');
const when = new Date('2026-01-02T03:04:05Z');
const DOCS: Document[] = [
  { _id: oid, v: 'text' },
  { _id: 'str', v: when },
  { _id: 2, v: true },
  { _id: 3, v: null },
  { _id: 4, v: [1, 'two', new ObjectId('64b7f0c2a1b2c3d4e5f60719')] },
  { _id: 5, v: { nested: 1 } },
  { _id: 6, v: [{ inner: 1 }, when, false, null] },
  { _id: 7, v: new Binary(Buffer.from('bin')) },
  { _id: 8 },
];

beforeAll(async () => {
  target = await connectTarget();
  coll = target.client.db(DB).collection('docs');
  await coll.insertMany(DOCS.map((d) => ({ ...d })));
});
afterAll(async () => {
  await target.client.db(DB).dropDatabase().catch(() => undefined);
  await target.close();
});

const ids = async (filter: Document) => (await coll.find(filter).project({ _id: 1 }).toArray()).map((d) => String(d._id)).sort();
const viaAggregate = async (filter: Document) => (await coll.aggregate([{ $match: filter }, { $project: { _id: 1 } }]).toArray()).map((d) => String(d._id)).sort();
const counted = (filter: Document) => coll.countDocuments(filter);

describe(`$type by alias and code (${TYPE_PAGE})`, () => {
  it(`'objectId' (7) matches ObjectId _ids and arrays holding an ObjectId, in find, count and aggregate`, async () => {
    expect(await ids({ _id: { $type: 'objectId' } })).toEqual([String(oid)]);
    expect(await ids({ _id: { $type: 7 } })).toEqual([String(oid)]);
    expect(await counted({ _id: { $type: 'objectId' } })).toBe(1);
    expect(await viaAggregate({ _id: { $type: 'objectId' } })).toEqual([String(oid)]);
    expect(await ids({ v: { $type: 'objectId' } })).toEqual(['4']);
  });

  it(`'string' (2), 'date' (9), 'bool' (8) and 'null' (10) match top-level values and array elements`, async () => {
    expect(await ids({ v: { $type: 'string' } })).toEqual(['4', String(oid)]);
    expect(await ids({ v: { $type: 2 } })).toEqual(['4', String(oid)]);
    expect(await ids({ _id: { $type: 'string' } })).toEqual(['str']);
    expect(await ids({ v: { $type: 'date' } })).toEqual(['6', 'str']);
    expect(await ids({ v: { $type: 9 } })).toEqual(['6', 'str']);
    expect(await ids({ v: { $type: 'bool' } })).toEqual(['2', '6']);
    expect(await ids({ v: { $type: 8 } })).toEqual(['2', '6']);
    // null matches a null value, not a missing field (_id 8).
    expect(await ids({ v: { $type: 'null' } })).toEqual(['3', '6']);
    expect(await ids({ v: { $type: 10 } })).toEqual(['3', '6']);
  });

  it(`'array' (4) matches array fields; 'object' (3) embedded documents, also as array elements`, async () => {
    expect(await ids({ v: { $type: 'array' } })).toEqual(['4', '6']);
    expect(await ids({ v: { $type: 4 } })).toEqual(['4', '6']);
    expect(await ids({ v: { $type: 'object' } })).toEqual(['5', '6']);
    expect(await ids({ v: { $type: 3 } })).toEqual(['5', '6']);
  });

  it(`'binData' (5) and a list of types (any of them matches)`, async () => {
    expect(await ids({ v: { $type: 'binData' } })).toEqual(['7']);
    expect(await ids({ v: { $type: ['objectId', 'bool'] } })).toEqual(['2', '4', '6']);
    expect(await counted({ _id: { $type: ['objectId', 'string'] } })).toBe(2);
  });

  it(`$type combines with other conditions on the same field and in $and`, async () => {
    expect(await ids({ _id: { $type: 'number', $gte: 5 } })).toEqual(['5', '6', '7', '8']);
    expect(await ids({ $and: [{ _id: { $type: 'number' } }, { v: { $type: 'bool' } }] })).toEqual(['2', '6']);
  });

  it(`$type inside $or and $nor (${MANUAL}/reference/operator/query/or/)`, async () => {
    expect(await ids({ $or: [{ _id: { $type: 'objectId' } }, { v: { $type: 'binData' } }] })).toEqual(['64b7f0c2a1b2c3d4e5f60718', '7']);
    expect(await viaAggregate({ $or: [{ _id: { $type: 'objectId' } }, { _id: 2 }] })).toEqual(['2', String(oid)]);
    expect(await counted({ $nor: [{ _id: { $type: 'objectId' } }, { _id: { $type: 'string' } }] })).toBe(7);
  });
});

describe(`positional $ update of several fields of one element (${MANUAL}/reference/operator/update/positional/)`, () => {
  it('sets two different fields of the matched element', async () => {
    const c = target.client.db(DB).collection('positional');
    await c.insertOne({ _id: 1, arr: [{ k: 'x', a: 0, b: 0 }, { k: 'y', a: 0, b: 0 }] } as Document);
    const res = await c.updateOne({ _id: 1, 'arr.k': 'y' } as Document, { $set: { 'arr.$.a': 1, 'arr.$.b': 2 } });
    expect(res.modifiedCount).toBe(1);
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, arr: [{ k: 'x', a: 0, b: 0 }, { k: 'y', a: 1, b: 2 }] });
    // Different operators on different fields of the same element, too.
    await c.updateOne({ _id: 1, 'arr.k': 'x' } as Document, { $set: { 'arr.$.a': 5 }, $inc: { 'arr.$.b': 3 } });
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, arr: [{ k: 'x', a: 5, b: 3 }, { k: 'y', a: 1, b: 2 }] });
  });

  it(`$[] and $[identifier] set several fields of the chosen elements, filters judged before the update (${MANUAL}/reference/operator/update/positional-all/, ${MANUAL}/reference/operator/update/positional-filtered/)`, async () => {
    const c = target.client.db(DB).collection('positional3');
    await c.insertOne({ _id: 1, arr: [{ k: 'x', a: 0, b: 0 }, { k: 'y', a: 5, b: 0 }] } as Document);
    await c.updateOne({ _id: 1 } as Document, { $set: { 'arr.$[].b': 1, 'arr.$[].c': true } });
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, arr: [{ k: 'x', a: 0, b: 1, c: true }, { k: 'y', a: 5, b: 1, c: true }] });
    // The filter tests a field the update changes: both paths apply to the elements it matched before.
    await c.updateOne({ _id: 1 } as Document, { $set: { 'arr.$[low].a': 9 }, $inc: { 'arr.$[low].b': 10 } }, { arrayFilters: [{ 'low.a': { $lt: 3 } }] });
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, arr: [{ k: 'x', a: 9, b: 11, c: true }, { k: 'y', a: 5, b: 1, c: true }] });
  });

  it(`a path and a path below it under $ still conflict with 40 (${MANUAL}/reference/operator/update/#update-operators-1)`, async () => {
    const c = target.client.db(DB).collection('positional2');
    await c.insertOne({ _id: 1, arr: [{ k: 'x', a: { b: 0 } }] } as Document);
    const err = (await c.updateOne({ _id: 1, 'arr.k': 'x' } as Document, { $set: { 'arr.$.a': 1, 'arr.$.a.b': 2 } }).catch((e: unknown) => e)) as { code?: number };
    expect(err).toMatchObject({ code: 40 });
    expect(await c.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, arr: [{ k: 'x', a: { b: 0 } }] });
  });
});
