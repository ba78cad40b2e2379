import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collection } from '../src/collection.js';
import { planQuery } from '../src/query-planner.js';
import { LockTable, WriteContext } from '../src/write-context.js';
import { startWithClient, type TestServer } from './helpers.js';

describe('indexes through the driver', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('idx');
  });
  afterAll(() => t.close());

  it('creates, lists and drops indexes; missing collection gives 26', async () => {
    const c = db.collection('people');
    expect(await c.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    await c.createIndex({ last: 1, first: -1 }, { name: 'name_idx' });
    await c.createIndex({ email: 1 }, { unique: true }); // idempotent
    const idx = await c.indexes();
    expect(idx.map((i) => i.name)).toEqual(['_id_', 'email_1', 'name_idx']);
    expect(idx[1]).toMatchObject({ key: { email: 1 }, unique: true, v: 2 });
    await expect(c.createIndex({ email: 1 }, { name: 'email_1', sparse: true })).rejects.toMatchObject({ code: 85 });
    await expect(c.createIndex({ other: 1 }, { name: 'email_1' })).rejects.toMatchObject({ code: 86 });
    await expect(db.collection('nothing').indexes()).rejects.toMatchObject({ code: 26 });
    await c.dropIndex('name_idx');
    await expect(c.dropIndex('name_idx')).rejects.toMatchObject({ code: 27 });
    await c.dropIndexes();
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('enforces unique with keyPattern/keyValue, including on update', async () => {
    const c = db.collection('uniq');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([{ email: 'a@x.io' }, { email: 'b@x.io' }]);
    const err = await c.insertOne({ email: 'a@x.io' }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@x.io' },
      message: 'E11000 duplicate key error collection: idx.uniq index: email_1 dup key: { email: "a@x.io" }',
    });
    await expect(c.updateOne({ email: 'b@x.io' }, { $set: { email: 'a@x.io' } })).rejects.toMatchObject({ code: 11000 });
    expect(await c.countDocuments({ email: 'b@x.io' })).toBe(1);
    await expect(c.insertOne({ _id: (await c.findOne({}))!._id })).rejects.toMatchObject({ code: 11000, keyPattern: { _id: 1 } });
  });

  it('refuses to build a unique index over duplicates', async () => {
    const c = db.collection('prebuilt');
    await c.insertMany([{ v: 1 }, { v: 1 }]);
    await expect(c.createIndex({ v: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('enforces compound, sparse and partial unique indexes', async () => {
    const c = db.collection('variants');
    await c.createIndex({ org: 1, slug: 1 }, { unique: true });
    await c.createIndex({ code: 1 }, { unique: true, sparse: true });
    await c.createIndex({ ext: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await c.insertMany([{ org: 1, slug: 'a' }, { org: 2, slug: 'a' }, { org: 1, slug: 'b' }]);
    await expect(c.insertOne({ org: 1, slug: 'a' })).rejects.toMatchObject({ code: 11000, keyValue: { org: 1, slug: 'a' } });
    await c.insertMany([{ org: 3, slug: 'x', code: 'c1' }]);
    await expect(c.insertOne({ org: 4, slug: 'x', code: 'c1' })).rejects.toMatchObject({ code: 11000 });
    await c.insertMany([{ org: 5, slug: 'x', ext: 'e', active: false }, { org: 6, slug: 'x', ext: 'e', active: true }]);
    await expect(c.insertOne({ org: 7, slug: 'x', ext: 'e', active: true })).rejects.toMatchObject({ code: 11000 });
    // non-sparse unique index treats a missing field as null: only one document may lack it
    const n = db.collection('nulls');
    await n.createIndex({ u: 1 }, { unique: true });
    await n.insertOne({ a: 1 });
    await expect(n.insertOne({ a: 2 })).rejects.toMatchObject({ code: 11000, keyValue: { u: null } });
  });

  it('indexes array elements (multikey) for lookups and uniqueness', async () => {
    const c = db.collection('multi');
    await c.createIndex({ tags: 1 }, { unique: true });
    await c.insertOne({ tags: ['a', 'b'] });
    await expect(c.insertOne({ tags: ['c', 'b'] })).rejects.toMatchObject({ code: 11000 });
    await c.insertOne({ tags: ['c', 'c'] });
    expect(await c.countDocuments({ tags: 'b' })).toBe(1);
    expect(await c.countDocuments({ tags: { $in: ['a', 'c'] } })).toBe(2);
  });
});

describe('counts served by index positions', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('counts');
  });
  afterAll(() => t.close());

  /** The same filter counted by a collection without indexes: the reference answer. */
  async function expectSameCounts(filters: Record<string, unknown>[]) {
    for (const filter of filters) {
      const reference = await db.collection('plain').countDocuments(filter);
      expect({ filter, n: await db.collection('indexed').countDocuments(filter) }).toEqual({ filter, n: reference });
      expect(await db.collection('indexed').countDocuments(filter, { skip: 3, limit: 5 })).toBe(Math.min(5, Math.max(0, reference - 3)));
    }
  }

  it('match a scan through inserts, updates, deletes, mixed types and block splits', async () => {
    await db.collection('indexed').createIndex({ org: 1, status: -1, name: 1 });
    const docs = Array.from({ length: 3_000 }, (_, i) => ({ org: i % 3 === 0 ? 'a' : i % 3 === 1 ? 'b' : 7, status: i % 5 === 0 ? 'off' : 'on', name: `n${i % 97}` }));
    for (const name of ['indexed', 'plain']) await db.collection(name).insertMany(docs.map((d) => ({ ...d })));
    const filters = [{}, { org: 'a' }, { org: 'b', status: 'off' }, { org: 7 }, { org: 7.0, status: 'on' }, { org: 'zz' }, { org: 'a', status: 'on', name: 'n3' }];
    await expectSameCounts(filters);
    for (const name of ['indexed', 'plain']) {
      await db.collection(name).updateMany({ org: 'b', status: 'on' }, { $set: { status: 'off' } });
      await db.collection(name).deleteMany({ org: 7, name: { $in: ['n1', 'n2', 'n3'] } });
    }
    await expectSameCounts(filters);
  });

  it('count null equality (null and missing fields alike) from the index', async () => {
    const docs = Array.from({ length: 600 }, (_, i) => ({ org: i % 2 ? 'a' : 'b', ...(i % 3 === 0 ? {} : { merged: i % 3 === 1 ? null : `m${i}` }), at: i }));
    await db.collection('nulls_indexed').createIndex({ org: 1, merged: 1, at: -1 });
    for (const name of ['nulls_indexed', 'nulls_plain']) await db.collection(name).insertMany(docs.map((d) => ({ ...d })));
    for (const filter of [{ org: 'a', merged: null }, { merged: null }, { org: 'b', merged: null }, { org: 'zz', merged: null }]) {
      const reference = await db.collection('nulls_plain').countDocuments(filter);
      expect({ filter, n: await db.collection('nulls_indexed').countDocuments(filter) }).toEqual({ filter, n: reference });
    }
    expect(await db.collection('nulls_indexed').countDocuments({ org: 'a', merged: null })).toBe(200);
    const plan = await db.collection('nulls_indexed').find({ org: 'a', merged: null }).explain('executionStats');
    expect(plan.queryPlanner.winningPlan).toMatchObject({ inputStage: { stage: 'IXSCAN', indexName: 'org_1_merged_1_at_-1' } });
  });

  it('stay right when an array makes the index multikey', async () => {
    for (const name of ['indexed', 'plain']) await db.collection(name).insertOne({ org: ['a', 'b'], status: 'on', name: 'multi' });
    await expectSameCounts([{ org: 'a' }, { org: 'b', status: 'on' }]);
  });

  it("do not see another transaction's uncommitted writes, and see their own", async () => {
    const c = db.collection('indexed');
    const before = await c.countDocuments({ org: 'a' });
    const session = t.client.startSession();
    session.startTransaction();
    await c.insertMany([{ org: 'a', status: 'on', name: 'tx1' }, { org: 'a', status: 'on', name: 'tx2' }], { session });
    expect(await c.countDocuments({ org: 'a' }, { session })).toBe(before + 2);
    expect(await c.countDocuments({ org: 'a' })).toBe(before);
    await session.abortTransaction();
    await session.endSession();
    expect(await c.countDocuments({ org: 'a' })).toBe(before);
  });
});

describe('limited sorted queries', () => {
  let t: TestServer;
  let db: Db;
  const docs = Array.from({ length: 6_000 }, (_, i) => ({ _id: i, org: i % 2 ? 'a' : 'b', tag: i % 7 === 0 ? 'common' : i % 997 === 0 ? 'rare' : 'other', name: `n${String((i * 7919) % 6000).padStart(5, '0')}` }));
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('sorted');
    const c = db.collection<{ _id: number }>('people');
    await c.createIndex({ org: 1, name: 1 });
    await c.createIndex({ org: 1, tag: 1 });
    await c.insertMany(docs);
  });
  afterAll(() => t.close());

  const expected = (test: (d: (typeof docs)[number]) => boolean, skip: number, limit: number) =>
    docs.filter(test).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)).slice(skip, skip + limit).map((d) => d._id);

  it('give the same rows whether matches are common (index walk in sort order) or rare (filter first, then sort)', async () => {
    const c = db.collection<{ _id: number }>('people');
    for (const [tag, skip, limit] of [['common', 0, 10], ['common', 30, 20], ['rare', 0, 10], ['nothing', 0, 5]] as const) {
      const rows = await c.find({ org: 'a', tag }).sort({ name: 1 }).skip(skip).limit(limit).toArray();
      expect(rows.map((r) => r._id)).toEqual(expected((d) => d.org === 'a' && d.tag === tag, skip, limit));
    }
    const prefixed = await c.find({ org: 'b', name: { $regex: '^n01' } }).sort({ name: -1 }).limit(7).toArray();
    expect(prefixed.map((r) => r._id)).toEqual(docs.filter((d) => d.org === 'b' && d.name.startsWith('n01')).sort((x, y) => (x.name < y.name ? 1 : -1)).slice(0, 7).map((d) => d._id));
  });
});

describe('query planner', () => {
  const ctx = new WriteContext();
  const coll = new Collection('db', 'c', {}, new LockTable());
  coll.addIndex({ key: { age: 1 }, name: 'age_1' });
  coll.addIndex({ key: { org: 1, age: -1 }, name: 'org_1_age_-1' });
  coll.addIndex({ key: { nick: 1 }, name: 'nick_1', sparse: true });
  for (let i = 0; i < 500; i++) coll.insert(ctx, { _id: i, age: i % 50, org: i % 5, name: `n${i}`, ...(i % 2 ? { nick: `k${i}` } : {}) });
  const ids = (filter: Record<string, unknown>, sort?: Record<string, unknown>) => {
    const plan = planQuery(coll, filter, sort);
    return { index: plan.index, count: [...plan.docs].length };
  };

  it('uses the _id map for equality and $in', () => {
    expect(ids({ _id: 7 })).toEqual({ index: '_id_', count: 1 });
    expect(ids({ _id: { $in: [1, 2, 999] } })).toEqual({ index: '_id_', count: 2 });
  });

  it('uses secondary indexes for equality, $in and ranges without scanning', () => {
    expect(ids({ age: 3 })).toEqual({ index: 'age_1', count: 10 });
    expect(ids({ age: { $in: [3, 4] } })).toEqual({ index: 'age_1', count: 20 });
    expect(ids({ age: { $gte: 45, $lt: 48 } })).toEqual({ index: 'age_1', count: 30 });
    expect(ids({ age: { $gt: 'a' } })).toEqual({ index: 'age_1', count: 0 });
    expect(ids({ org: 2, age: { $lte: 10 } })).toMatchObject({ index: 'org_1_age_-1' });
    expect(ids({ org: 2, age: { $lte: 10 } }).count).toBe(20);
  });

  it('walks an index for sort and falls back to a scan otherwise', () => {
    const plan = planQuery(coll, {}, { age: -1 });
    expect(plan.sorted).toBe(true);
    expect(([...plan.docs][0] as { age: number }).age).toBe(49);
    expect(ids({ name: 'n1' })).toEqual({ index: undefined, count: 500 });
    // an equality prefix of a compound index yields its next field in order
    const prefixed = planQuery(coll, { org: 2 }, { age: -1 });
    expect(prefixed).toMatchObject({ index: 'org_1_age_-1', sorted: true });
    const ages = [...prefixed.docs].map((d) => d.age as number);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    expect(planQuery(coll, { org: 2 }, { age: 1 }).sorted).toBe(false);
  });

  it('answers $or from the union of index scans when every branch is indexed', () => {
    expect(ids({ $or: [{ age: 3 }, { _id: 499 }, { org: 1, age: 1 }] })).toEqual({ index: 'age_1|_id_|org_1_age_-1', count: 21 });
    expect(ids({ $or: [{ age: 3 }, { name: 'n1' }] }).index).toBeUndefined();
  });

  it('does not use a sparse index to find missing values', () => {
    expect(ids({ nick: null }).index).toBeUndefined();
    expect(ids({ nick: 'k3' })).toEqual({ index: 'nick_1', count: 1 });
  });
});

describe('query planner shortcuts', () => {
  const ctx = new WriteContext();
  const coll = new Collection('db', 's', {}, new LockTable());
  coll.addIndex({ key: { s: 1 }, name: 's_1' });
  coll.addIndex({ key: { tags: 1 }, name: 'tags_1' });
  ['abc', 'abd', 'ab', 'b', 'a.c', 'ABC'].forEach((s, i) => coll.insert(ctx, { _id: i, s, tags: [s, 'x'] }));

  it('scans an index range for anchored case-sensitive regexes only', () => {
    const plan = planQuery(coll, { s: { $regex: '^ab' } });
    expect(plan.index).toBe('s_1');
    expect([...plan.docs].map((d) => d.s)).toEqual(['ab', 'abc', 'abd']);
    expect(planQuery(coll, { s: /^a\.c/ }).index).toBe('s_1');
    expect(planQuery(coll, { s: { $regex: '^ab', $options: 'i' } }).index).toBeUndefined();
    expect(planQuery(coll, { s: /b/ }).index).toBeUndefined();
  });

  it('marks plain equality on a non-multikey index as exact, but not multikey or partial filters', () => {
    expect(planQuery(coll, { s: 'abc' }).exact).toBe(true);
    expect(planQuery(coll, { _id: 3 }).exact).toBe(true);
    expect(planQuery(coll, { s: 'abc', other: 1 }).exact).toBe(false);
    expect(planQuery(coll, { tags: 'x' }).exact).toBe(false);
  });

  it('counts a null equality on a complete compound index from index positions', () => {
    const sparse = new Collection('db', 'n', {}, new LockTable());
    sparse.addIndex({ key: { s: 1 }, name: 's_1', sparse: true });
    sparse.insert(ctx, { _id: 1 });
    expect(planQuery(sparse, { s: null }).exact).toBeFalsy();
    expect(planQuery(coll, { s: null }).exact).toBe(true);
    const compound = new Collection('db', 'c', {}, new LockTable());
    compound.addIndex({ key: { org: 1, merged: 1, at: -1 }, name: 'org_merged_at' });
    [{ org: 'a' }, { org: 'a', merged: null }, { org: 'a', merged: 'x' }, { org: 'b' }].forEach((d, i) => compound.insert(ctx, { _id: i, ...d, at: i }));
    expect(planQuery(compound, { org: 'a', merged: null }).count?.()).toBe(2);
  });
});
