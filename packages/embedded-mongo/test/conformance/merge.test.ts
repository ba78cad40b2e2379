// $merge, following the MongoDB 7.0 manual:
// https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/merge/
import type { Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type AnyDoc, type Target } from './connect.js';

describe('$merge (manual: $merge)', () => {
  let t: Target;
  let db: Db;
  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('merge'));
    await db.dropDatabase();
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });
  beforeEach(async () => {
    for (const c of await db.listCollections({}, { nameOnly: true }).toArray()) await db.collection(c.name).drop();
    await db.collection<AnyDoc>('salaries').insertMany([
      { _id: 1, employee: 'Ant', dept: 'A', salary: 100000, fiscal_year: 2017 },
      { _id: 2, employee: 'Bee', dept: 'A', salary: 120000, fiscal_year: 2017 },
      { _id: 3, employee: 'Cat', dept: 'Z', salary: 115000, fiscal_year: 2017 },
    ]);
  });
  const budgets = (extra: object[] = [], merge: object = { into: 'budgets' }) =>
    db.collection('salaries').aggregate([{ $group: { _id: '$dept', salaries: { $sum: '$salary' } } }, ...extra, { $merge: merge }]).toArray();
  const all = (name = 'budgets') => db.collection(name).find().sort({ _id: 1 }).toArray();

  it('creates the collection and inserts, returning no documents (On-Demand Materialized View: Initial Creation)', async () => {
    expect(await budgets()).toEqual([]);
    expect(await all()).toEqual([
      { _id: 'A', salaries: 220000 },
      { _id: 'Z', salaries: 115000 },
    ]);
  });

  it('whenMatched merge (default) updates the given fields and keeps the others', async () => {
    await db.collection<{ _id: string } & AnyDoc>('budgets').insertOne({ _id: 'A', salaries: 1, note: 'kept' } as never);
    await budgets();
    expect(await all()).toEqual([
      { _id: 'A', salaries: 220000, note: 'kept' },
      { _id: 'Z', salaries: 115000 },
    ]);
  });

  it('whenMatched replace, keepExisting and whenNotMatched discard', async () => {
    await db.collection('budgets').insertOne({ _id: 'A', salaries: 1, note: 'old' } as never);
    await budgets([], { into: 'budgets', whenMatched: 'replace', whenNotMatched: 'discard' });
    expect(await all()).toEqual([{ _id: 'A', salaries: 220000 }]);
    await db.collection('budgets').updateOne({ _id: 'A' as never }, { $set: { salaries: 5 } });
    await budgets([], { into: 'budgets', whenMatched: 'keepExisting' });
    expect(await all()).toEqual([
      { _id: 'A', salaries: 5 },
      { _id: 'Z', salaries: 115000 },
    ]);
  });

  it('whenMatched fail stops with a duplicate key error, whenNotMatched fail with 13113', async () => {
    await db.collection('budgets').insertOne({ _id: 'A', salaries: 1 } as never);
    await expect(budgets([], { into: 'budgets', whenMatched: 'fail' })).rejects.toMatchObject({ code: 11000 });
    await db.collection('budgets').deleteMany({});
    await db.collection('budgets').insertOne({ _id: 'Z', salaries: 1 } as never);
    await expect(budgets([{ $sort: { _id: -1 } }], { into: 'budgets', whenMatched: 'replace', whenNotMatched: 'fail' })).rejects.toMatchObject({
      code: 13113,
    });
  });

  it('whenMatched pipeline reads the incoming document as $$new (Use the Pipeline to Customize the Merge)', async () => {
    await db.collection('budgets').insertOne({ _id: 'A', salaries: 1000 } as never);
    await budgets([], { into: 'budgets', whenMatched: [{ $set: { salaries: { $add: ['$salaries', '$$new.salaries'] } } }] });
    expect(await all()).toEqual([
      { _id: 'A', salaries: 221000 },
      { _id: 'Z', salaries: 115000 },
    ]);
  });

  it('on a non-_id field needs a unique index on it (51183), and then matches by it', async () => {
    const run = () =>
      db
        .collection('salaries')
        .aggregate([
          { $group: { _id: '$dept', total: { $sum: '$salary' } } },
          { $project: { _id: 0, dept: '$_id', total: 1 } },
          { $merge: { into: 'byDept', on: 'dept', whenMatched: 'replace' } },
        ])
        .toArray();
    await db.collection('byDept').insertOne({ dept: 'A', total: 1 });
    await expect(run()).rejects.toMatchObject({ code: 51183 });
    await db.collection('byDept').createIndex({ dept: 1 }, { unique: true });
    await run();
    const docs = await db.collection('byDept').find({}, { projection: { _id: 0 } }).sort({ dept: 1 }).toArray();
    expect(docs).toEqual([
      { dept: 'A', total: 220000 },
      { dept: 'Z', total: 115000 },
    ]);
  });

  it('into another database ({ db, coll })', async () => {
    const other = t.client.db(`${db.databaseName}_out`);
    await budgets([], { into: { db: other.databaseName, coll: 'budgets' } });
    expect(await other.collection('budgets').countDocuments()).toBe(2);
    await other.dropDatabase();
  });
});
