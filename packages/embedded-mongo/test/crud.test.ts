import { Long, MongoBulkWriteError, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithClient, type TestServer } from './helpers.js';

describe('CRUD commands through the official driver', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('crud');
  });
  afterAll(() => t.close());

  it('inserts ordered and unordered batches with per-document write errors', async () => {
    const c = db.collection('ins');
    await c.insertOne({ _id: 1 as never, v: 'a' });
    const ordered = await c.insertMany([{ _id: 2 }, { _id: 1 }, { _id: 3 }] as never[]).catch((e: unknown) => e);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    const oe = ordered as MongoBulkWriteError;
    expect(oe.writeErrors).toHaveLength(1);
    expect(oe.insertedCount).toBe(1);
    expect(await c.countDocuments()).toBe(2);
    const unordered = (await c.insertMany([{ _id: 1 }, { _id: 4 }, { _id: 2 }, { _id: 5 }] as never[], { ordered: false }).catch((e: unknown) => e)) as MongoBulkWriteError;
    expect(unordered.insertedCount).toBe(2);
    const errs = Array.isArray(unordered.writeErrors) ? unordered.writeErrors : [unordered.writeErrors];
    expect(errs.map((e) => e.index)).toEqual([0, 2]);
    expect(errs[0].code).toBe(11000);
    expect(await c.countDocuments()).toBe(4);
  });

  it('stores _id first and round-trips BSON types', async () => {
    const c = db.collection('types');
    const bin = Buffer.from([0, 1, 2, 255]);
    const when = new Date('2024-02-03T04:05:06.007Z');
    const big = Long.fromString('9007199254740993');
    await c.insertOne({ name: 'x', when, bin, big, nested: { arr: [1, 'two', null] }, oid: new ObjectId('65a000000000000000000001') });
    const doc = await c.findOne({ name: 'x' });
    expect(Object.keys(doc!)[0]).toBe('_id');
    expect(doc!.when).toEqual(when);
    expect(Buffer.from(doc!.bin.buffer)).toEqual(bin);
    expect(String(doc!.big)).toBe('9007199254740993');
    expect(doc!.nested).toEqual({ arr: [1, 'two', null] });
    expect(await c.countDocuments({ oid: new ObjectId('65a000000000000000000001') })).toBe(1);
    expect(await c.countDocuments({ when: { $gte: new Date('2024-01-01') } })).toBe(1);
  });

  it('finds with filter, sort, projection, skip, limit and iterates getMore batches', async () => {
    const c = db.collection('find');
    await c.insertMany(Array.from({ length: 250 }, (_, i) => ({ i, even: i % 2 === 0, tag: `t${i % 7}` })));
    const evens = await c.find({ even: true }, { sort: { i: -1 }, skip: 5, limit: 10, projection: { _id: 0, i: 1 } }).toArray();
    expect(evens).toHaveLength(10);
    expect(evens[0]).toEqual({ i: 238 });
    const cursor = c.find({}, { batchSize: 30, sort: { i: 1 } });
    const all = await cursor.toArray();
    expect(all.map((d) => d.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    const single = await db.command({ find: 'find', filter: {}, batchSize: 5, singleBatch: true });
    expect(single.cursor.id.toString()).toBe('0');
    expect(single.cursor.firstBatch).toHaveLength(5);
    expect(await c.find({ tag: { $in: ['t1', 't2'] }, i: { $lt: 20 } }).count()).toBe(6);
  });

  it('projects in stored field order, with positional, $slice and $elemMatch projections', async () => {
    const c = db.collection('proj');
    await c.insertOne({ _id: 'p1' as never, a: [{ x: 1, y: 'a' }, { x: 2, y: 'b' }], b: [1, 2, 3, 4], c: 'keep' });
    const [inc] = await c.find({}, { projection: { c: 1, b: 1 } }).toArray();
    expect(Object.keys(inc)).toEqual(['_id', 'b', 'c']);
    expect(await c.findOne({ 'a.x': 2 }, { projection: { 'a.$': 1 } })).toEqual({ _id: 'p1', a: [{ x: 2, y: 'b' }] });
    expect(await c.findOne({}, { projection: { b: { $slice: 2 }, a: { $elemMatch: { x: 1 } } } })).toEqual({ _id: 'p1', a: [{ x: 1, y: 'a' }], b: [1, 2] });
  });

  it('applies a non-simple collation to sort order', async () => {
    const c = db.collection('coll');
    await c.createIndex({ n: 1 });
    await c.insertMany([{ n: 'b' }, { n: 'B' }, { n: 'a' }, { n: 'A' }, { n: 'c10' }, { n: 'c9' }]);
    const binary = (await c.find({}, { sort: { n: 1 }, projection: { _id: 0 } }).toArray()).map((d) => d.n);
    expect(binary).toEqual(['A', 'B', 'a', 'b', 'c10', 'c9']);
    const collated = await c.find({}, { sort: { n: 1 }, collation: { locale: 'en', strength: 2, numericOrdering: true } }).toArray();
    expect(collated.map((d) => d.n.toLowerCase())).toEqual(['a', 'a', 'b', 'b', 'c9', 'c10']);
  });

  it('keeps an index-ordered cursor consistent while documents change between batches', async () => {
    const c = db.collection('live');
    await c.createIndex({ rank: 1 });
    await c.insertMany(Array.from({ length: 60 }, (_, i) => ({ rank: i * 10 })));
    const cursor = c.find({}, { sort: { rank: 1 }, batchSize: 10 });
    const seen: number[] = [];
    const ids = new Set<string>();
    let n = 0;
    for await (const d of cursor) {
      seen.push(d.rank);
      ids.add(String(d._id));
      if (++n === 15) {
        await c.deleteMany({ rank: { $gte: 500 } }); // ahead of the cursor: never returned
        await c.updateOne({ rank: 0 }, { $set: { rank: 1000 } }); // behind it, moved ahead
        await c.insertOne({ rank: 255 });
      }
    }
    expect(ids.size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.filter((r) => r >= 500 && r < 1000)).toEqual([]);
    expect(seen).toContain(255);
  });

  it('answers getMore on an unknown cursor with CursorNotFound and kills cursors', async () => {
    const first = await db.command({ find: 'find', filter: {}, batchSize: 2 });
    const id = first.cursor.id as Long | number;
    expect(String(id)).not.toBe('0');
    const more = await db.command({ getMore: id, collection: 'find', batchSize: 3 });
    expect(more.cursor.nextBatch).toHaveLength(3);
    const killed = await db.command({ killCursors: 'find', cursors: [id] });
    expect(killed.cursorsKilled.map(String)).toEqual([String(id)]);
    await expect(db.command({ getMore: id, collection: 'find' })).rejects.toMatchObject({ code: 43 });
  });

  it('updates with multi, upsert, arrayFilters, positional and pipeline updates', async () => {
    const c = db.collection('upd');
    await c.insertMany([
      { k: 'a', n: 1, items: [{ s: 1, q: 1 }, { s: 2, q: 1 }] },
      { k: 'b', n: 2, items: [] },
      { k: 'b', n: 3 },
    ]);
    const multi = await c.updateMany({ k: 'b' }, { $inc: { n: 10 } });
    expect(multi.matchedCount).toBe(2);
    expect(multi.modifiedCount).toBe(2);
    const noop = await c.updateOne({ k: 'a' }, { $set: { n: 1 } });
    expect(noop.modifiedCount).toBe(0);
    await c.updateOne({ k: 'a' }, { $set: { 'items.$[e].q': 9 } }, { arrayFilters: [{ 'e.s': 2 }] });
    await c.updateOne({ k: 'a', 'items.s': 1 }, { $set: { 'items.$.q': 5 } });
    expect((await c.findOne({ k: 'a' }))!.items).toEqual([{ s: 1, q: 5 }, { s: 2, q: 9 }]);
    const up = await c.updateOne({ k: 'c', 'meta.x': 1 }, { $set: { n: 7 }, $setOnInsert: { created: true } }, { upsert: true });
    expect(up.upsertedCount).toBe(1);
    const inserted = await c.findOne({ _id: up.upsertedId! });
    expect(inserted).toMatchObject({ k: 'c', meta: { x: 1 }, n: 7, created: true });
    await c.updateOne({ k: 'c' }, { $set: { n: 8 }, $setOnInsert: { created: false } }, { upsert: true });
    expect((await c.findOne({ k: 'c' }))!.created).toBe(true);
    await c.updateOne({ k: 'a' }, [{ $set: { doubled: { $multiply: ['$n', 2] } } }]);
    expect((await c.findOne({ k: 'a' }))!.doubled).toBe(2);
    await c.replaceOne({ k: 'a' }, { k: 'a', replaced: true });
    const replaced = await c.findOne({ k: 'a' });
    expect(replaced).toMatchObject({ k: 'a', replaced: true });
    expect(replaced!.n).toBeUndefined();
  });

  it('rejects changing _id and unknown update operators', async () => {
    const c = db.collection('upd');
    await expect(c.updateOne({ k: 'a' }, { $set: { _id: 'other' } })).rejects.toMatchObject({ code: 66 });
    await expect(c.updateOne({ k: 'a' }, { $frobnicate: { x: 1 } } as never)).rejects.toMatchObject({ code: 9 });
  });

  it('deletes one or many', async () => {
    const c = db.collection('del');
    await c.insertMany([{ g: 1 }, { g: 1 }, { g: 1 }, { g: 2 }]);
    expect((await c.deleteOne({ g: 1 })).deletedCount).toBe(1);
    expect((await c.deleteMany({ g: 1 })).deletedCount).toBe(2);
    expect((await c.deleteMany({ nope: 1 })).deletedCount).toBe(0);
    expect(await c.countDocuments()).toBe(1);
  });

  it('findAndModify: sort, new, upsert, remove, fields and duplicate key at top level', async () => {
    const c = db.collection('fam');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([{ email: 'a', rank: 2 }, { email: 'b', rank: 1 }]);
    const before = await c.findOneAndUpdate({}, { $inc: { rank: 10 } }, { sort: { rank: 1 }, returnDocument: 'before' });
    expect(before).toMatchObject({ email: 'b', rank: 1 });
    const after = await c.findOneAndUpdate({ email: 'b' }, { $inc: { rank: 1 } }, { returnDocument: 'after', projection: { _id: 0, rank: 1 } });
    expect(after).toEqual({ rank: 12 });
    const upserted = await c.findOneAndUpdate({ email: 'c' }, { $set: { rank: 0 } }, { upsert: true, returnDocument: 'after', includeResultMetadata: true });
    expect(upserted.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(upserted.value).toMatchObject({ email: 'c', rank: 0 });
    const removed = await c.findOneAndDelete({ email: 'a' });
    expect(removed).toMatchObject({ email: 'a' });
    expect(await c.findOneAndDelete({ email: 'zzz' })).toBeNull();
    const dup = await c.findOneAndUpdate({ email: 'b' }, { $set: { email: 'c' } }).catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: 11000, codeName: 'DuplicateKey', keyPattern: { email: 1 }, keyValue: { email: 'c' } });
  });

  it('counts and lists distinct values', async () => {
    const c = db.collection('dist');
    await c.insertMany([{ t: ['x', 'y'], n: 1 }, { t: 'y', n: 2 }, { t: 'z', n: 3 }, { n: 4 }]);
    expect((await c.distinct('t')).sort()).toEqual(['x', 'y', 'z']);
    expect(await c.distinct('t', { n: { $gt: 1 } })).toEqual(['y', 'z']);
    expect(await c.estimatedDocumentCount()).toBe(4);
    const r = await db.command({ count: 'dist', query: { n: { $gte: 2 } }, limit: 2 });
    expect(r.n).toBe(2);
    expect((await db.command({ count: 'missing' })).n).toBe(0);
  });

  it('matches plain equality on scalars and array elements like MongoDB', async () => {
    const c = db.collection('eq');
    await c.insertMany([{ s: 'x', n: 1, b: true }, { s: ['y', 'x'], n: [2, 1], b: false }, { s: 'X', n: 1.5 }, { n: Long.fromNumber(1) }]);
    expect(await c.countDocuments({ s: 'x' })).toBe(2);
    expect(await c.countDocuments({ n: 1 })).toBe(3);
    expect(await c.countDocuments({ s: 'x', b: false })).toBe(1);
    expect(await c.countDocuments({ b: true, n: 1 })).toBe(1);
    expect(await c.countDocuments({ s: 'z' })).toBe(0);
  });

  it('matches ObjectId equality and literal-prefix regexes on values and array elements like MongoDB', async () => {
    const c = db.collection('prefix');
    const [a, b] = [new ObjectId(), new ObjectId()];
    await c.insertMany([
      { ref: a, keys: ['nora', 'novak'], s: 'a.b' },
      { ref: [b, a], keys: 'noah', s: 'axb' },
      { ref: b, keys: ['Nora'], s: 5 },
      { keys: [['no']], s: 'a.bc' },
    ]);
    expect(await c.countDocuments({ ref: a })).toBe(2);
    expect(await c.countDocuments({ ref: b, keys: { $regex: '^no' } })).toBe(1);
    expect(await c.countDocuments({ keys: { $regex: '^no' } })).toBe(2);
    expect(await c.countDocuments({ keys: /^no/ })).toBe(2);
    expect(await c.countDocuments({ keys: { $regex: '^no', $options: 'i' }, ref: b })).toBe(2);
    expect(await c.countDocuments({ $and: [{ keys: { $regex: '^no' } }, { keys: { $regex: '^nov' } }] })).toBe(1);
    expect(await c.countDocuments({ s: { $regex: '^a\\.b' } })).toBe(2);
    expect(await c.countDocuments({ s: { $regex: '^a.b' } })).toBe(3);
    expect(await c.countDocuments({ s: '5' })).toBe(0);
  });

  it('matches regexes, $elemMatch, $exists and $type', async () => {
    const c = db.collection('q');
    await c.insertMany([{ name: 'Alice', tags: [{ k: 'a', v: 1 }] }, { name: 'bob', tags: [{ k: 'a', v: 3 }] }, { name: 'ALFRED' }]);
    expect(await c.countDocuments({ name: { $regex: '^al', $options: 'i' } })).toBe(2);
    expect(await c.countDocuments({ name: /^b/ })).toBe(1);
    expect(await c.countDocuments({ tags: { $elemMatch: { k: 'a', v: { $gt: 2 } } } })).toBe(1);
    expect(await c.countDocuments({ tags: { $exists: false } })).toBe(1);
    expect(await c.countDocuments({ name: { $type: 'string' } })).toBe(3);
    await expect(c.countDocuments({ name: { $bogus: 1 } })).rejects.toMatchObject({ code: 2 });
    // server-side JavaScript is never evaluated
    await expect(c.countDocuments({ $where: 'this.name.length > 0' })).rejects.toMatchObject({ code: 2 });
  });
});
