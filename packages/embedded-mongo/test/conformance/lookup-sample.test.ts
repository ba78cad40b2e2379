// $lookup (concise correlated form) and $sample, following the MongoDB 7.0 manual:
// - $lookup: https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/lookup/
//   (Correlated Subqueries Using Concise Syntax)
// - $sample: https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/sample/
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type AnyDoc, type Target } from './connect.js';

describe('$lookup concise form and $sample (manual: $lookup, $sample)', () => {
  let t: Target;
  let db: Db;
  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('lookup'));
    await db.dropDatabase();
    await db.collection<AnyDoc>('restaurants').insertMany([
      { _id: 1, name: 'American Steak House', food: ['filet', 'sirloin'], beverages: ['beer', 'wine'] },
      { _id: 2, name: 'Honest John Pizza', food: ['cheese pizza', 'pepperoni pizza'], beverages: ['soda'] },
    ]);
    await db.collection<AnyDoc>('orders').insertMany([
      { _id: 1, item: 'filet', restaurant_name: 'American Steak House' },
      { _id: 2, item: 'cheese pizza', restaurant_name: 'Honest John Pizza', drink: 'lemonade' },
      { _id: 3, item: 'cheese pizza', restaurant_name: 'Honest John Pizza', drink: 'soda' },
    ]);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });

  it('applies both the localField/foreignField equality and the pipeline (the manual example)', async () => {
    const docs = await db
      .collection('orders')
      .aggregate([
        {
          $lookup: {
            from: 'restaurants',
            localField: 'restaurant_name',
            foreignField: 'name',
            let: { orders_drink: '$drink' },
            pipeline: [{ $match: { $expr: { $in: ['$$orders_drink', '$beverages'] } } }],
            as: 'matches',
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(docs.map((d) => [d._id, (d.matches as AnyDoc[]).map((m) => m._id)])).toEqual([
      [1, []],
      [2, []],
      [3, [2]],
    ]);
  });

  it('joins only the equal documents, so totals over the join are not inflated', async () => {
    const [res] = await db
      .collection('restaurants')
      .aggregate([
        { $lookup: { from: 'orders', localField: 'name', foreignField: 'restaurant_name', pipeline: [{ $project: { item: 1 } }], as: 'o' } },
        { $group: { _id: null, orders: { $sum: { $size: '$o' } } } },
      ])
      .toArray();
    expect(res.orders).toBe(3);
    const perRestaurant = await db
      .collection('restaurants')
      .aggregate([
        { $lookup: { from: 'orders', localField: 'name', foreignField: 'restaurant_name', pipeline: [{ $count: 'n' }], as: 'c' } },
        { $project: { n: { $first: '$c.n' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(perRestaurant.map((d) => d.n)).toEqual([1, 2]);
  });

  it('an array localField matches any of its elements', async () => {
    const docs = await db
      .collection('restaurants')
      .aggregate([
        { $lookup: { from: 'orders', localField: 'food', foreignField: 'item', pipeline: [{ $sort: { _id: 1 } }], as: 'o' } },
        { $project: { ids: '$o._id' } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(docs.map((d) => d.ids)).toEqual([[1], [2, 3]]);
  });

  describe('$sample', () => {
    beforeAll(async () => {
      await db.collection<AnyDoc>('pool').insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: i, v: i })));
    });

    it('returns distinct documents ($sample: Behavior)', async () => {
      for (let round = 0; round < 5; round++) {
        const docs = await db.collection('pool').aggregate([{ $sample: { size: 25 } }]).toArray();
        expect(docs).toHaveLength(25);
        expect(new Set(docs.map((d) => d._id)).size).toBe(25);
      }
    });

    it('returns every document once when size exceeds the collection', async () => {
      const docs = await db.collection('pool').aggregate([{ $sample: { size: 100 } }]).toArray();
      expect(docs.map((d) => d._id as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    });

    it('samples after a $match and fails on a negative size with 28747', async () => {
      const docs = await db.collection('pool').aggregate([{ $match: { v: { $lt: 10 } } }, { $sample: { size: 5 } }]).toArray();
      expect(new Set(docs.map((d) => d._id)).size).toBe(5);
      expect(docs.every((d) => (d.v as number) < 10)).toBe(true);
      await expect(db.collection('pool').aggregate([{ $sample: { size: -1 } }]).toArray()).rejects.toMatchObject({ code: 28747 });
    });
  });
});
