// Collation, following the MongoDB 7.0 manual:
// - Collation:                  https://www.mongodb.com/docs/v7.0/reference/collation/
// - Case-insensitive indexes:   https://www.mongodb.com/docs/v7.0/core/index-case-insensitive/
// - Collation and index use:    https://www.mongodb.com/docs/v7.0/reference/collation/#collation-and-index-use
// - distinct with collation:    https://www.mongodb.com/docs/v7.0/reference/command/distinct/
import type { CollationOptions, Collection, Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type AnyDoc, type Target } from './connect.js';

const ci = { locale: 'en', strength: 2 } as const;
const ai = { locale: 'en', strength: 1 } as const;

describe('collation (manual: Collation, Case-Insensitive Indexes)', () => {
  let t: Target;
  let db: Db;
  let people: Collection<AnyDoc>;
  const ids = (docs: AnyDoc[]) => docs.map((d) => d._id);

  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('collation'));
    await db.dropDatabase();
    people = db.collection<AnyDoc>('people');
    await people.insertMany([
      { _id: 1, name: 'ann', city: 'Zürich', code: 'a10' },
      { _id: 2, name: 'Ann', city: 'zurich', code: 'a9' },
      { _id: 3, name: 'ANN', city: 'Zurich', code: 'a100' },
      { _id: 4, name: 'bob', city: 'Bern', code: 'b1' },
      { _id: 5, name: 'Åsa', city: 'Oslo', code: 'a2' },
    ]);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });

  it('matches case-insensitively at strength 2 and accent-insensitively at strength 1 (Collation: strength)', async () => {
    expect(ids(await people.find({ name: 'ann' }).sort({ _id: 1 }).toArray())).toEqual([1]);
    expect(ids(await people.find({ name: 'ann' }, { collation: ci }).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await people.find({ city: 'zurich' }, { collation: ci }).sort({ _id: 1 }).toArray())).toEqual([2, 3]);
    expect(ids(await people.find({ city: 'zurich' }, { collation: ai }).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await people.find({ name: { $in: ['ANN', 'BOB'] } }, { collation: ci }).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3, 4]);
    expect(ids(await people.find({ name: { $ne: 'ann' } }, { collation: ci }).sort({ _id: 1 }).toArray())).toEqual([4, 5]);
  });

  it('compares ranges under the collation', async () => {
    // Binary order puts 'Åsa' after 'b' (Å is U+00C5); en order puts it with the a's.
    expect(ids(await people.find({ name: { $lt: 'b' } }, { collation: ci }).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3, 5]);
    expect(ids(await people.find({ name: { $lt: 'b' } }).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await people.find({ name: { $gte: 'ANN', $lte: 'ann' } }, { collation: ci }).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3]);
  });

  it('sorts with numericOrdering and locale order (Collation: numericOrdering)', async () => {
    const codes = async (collation?: CollationOptions) => (await people.find({ code: /^a/ }, collation ? { collation } : {}).sort({ code: 1 }).toArray()).map((d) => d.code);
    expect(await codes()).toEqual(['a10', 'a100', 'a2', 'a9']);
    expect(await codes({ locale: 'en', numericOrdering: true })).toEqual(['a2', 'a9', 'a10', 'a100']);
  });

  it('orders by locale at the default strength 3 and honours caseFirst (Collation: strength, caseFirst)', async () => {
    const c = db.collection<AnyDoc>('letters');
    await c.insertMany([{ _id: 1, l: 'b' }, { _id: 2, l: 'A' }, { _id: 3, l: 'B' }, { _id: 4, l: 'a' }]);
    const order = async (collation?: CollationOptions) => (await c.find({}, collation ? { collation } : {}).sort({ l: 1 }).toArray()).map((d) => d.l);
    expect(await order()).toEqual(['A', 'B', 'a', 'b']);
    expect(await order({ locale: 'en' })).toEqual(['a', 'A', 'b', 'B']);
    expect(await order({ locale: 'en', caseFirst: 'upper' })).toEqual(['A', 'a', 'B', 'b']);
    // Strength 3 tells case apart, so equality stays exact.
    expect(await c.countDocuments({ l: 'a' }, { collation: { locale: 'en' } })).toBe(1);
  });

  it('honours caseLevel at strength 1: accents ignored, case compared (Collation: caseLevel)', async () => {
    const docs = await people.find({ city: 'zurich' }, { collation: { locale: 'en', strength: 1, caseLevel: true } }).toArray();
    expect(ids(docs)).toEqual([2]);
  });

  it('counts, updates, deletes and distincts with a collation', async () => {
    expect(await people.countDocuments({ name: 'ann' }, { collation: ci })).toBe(3);
    expect(await people.countDocuments({ name: 'ann' })).toBe(1);
    const u = await people.updateMany({ name: 'ANN' }, { $set: { flagged: true } }, { collation: ci });
    expect(u.matchedCount).toBe(3);
    const values = await people.distinct('city', {}, { collation: ai });
    expect(values).toHaveLength(3);
    expect(await people.distinct('city')).toHaveLength(5);
    const scratch = db.collection<AnyDoc>('scratch');
    await scratch.insertMany([{ _id: 1, tag: 'X' }, { _id: 2, tag: 'x' }, { _id: 3, tag: 'y' }]);
    expect((await scratch.deleteMany({ tag: 'x' }, { collation: ci })).deletedCount).toBe(2);
    const found = await scratch.findOneAndUpdate({ tag: 'Y' }, { $set: { seen: 1 } }, { collation: ci, returnDocument: 'after' });
    expect(found).toMatchObject({ _id: 3, seen: 1 });
  });

  it('applies the collation in aggregate to every $match stage (Collation: operations that support collation)', async () => {
    const res = await people.aggregate([{ $match: { name: 'aNN' } }, { $count: 'n' }], { collation: ci }).toArray();
    expect(res).toEqual([{ n: 3 }]);
    const later = await people.aggregate([{ $project: { name: 1 } }, { $match: { name: { $in: ['aNN', 'BoB'] } } }, { $count: 'n' }], { collation: ci }).toArray();
    expect(later).toEqual([{ n: 4 }]);
  });

  it('a unique index with strength 2 refuses a value differing only in case (Case-Insensitive Indexes)', async () => {
    const users = db.collection<AnyDoc>('users');
    await users.createIndex({ email: 1 }, { unique: true, collation: ci });
    await users.insertOne({ _id: 1, email: 'ann@x.io' });
    const err = await users.insertOne({ _id: 2, email: 'Ann@X.io' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 11000 });
    expect(String((err as Error).message)).toMatch(/E11000 duplicate key error collection: .*users index: email_1 collation: \{ locale: "en", .*strength: 2, .*\} dup key: \{ email: /);
    const [ix] = (await users.indexes()).filter((i) => i.name === 'email_1');
    expect(ix.collation).toMatchObject({ locale: 'en', strength: 2, caseLevel: false, numericOrdering: false });
    // A query with the index's collation uses it; one without gives binary answers.
    await users.insertOne({ _id: 3, email: 'bob@x.io' });
    expect(ids(await users.find({ email: 'ANN@x.io' }, { collation: ci }).toArray())).toEqual([1]);
    expect(await users.find({ email: 'ANN@x.io' }).toArray()).toEqual([]);
    const plan = await users.find({ email: 'ANN@x.io' }, { collation: ci }).explain();
    expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain('email_1');
  });

  it('uses the collection default collation when none is given (Collation: collection default)', async () => {
    await db.createCollection('tags', { collation: ci });
    const tags = db.collection<AnyDoc>('tags');
    await tags.insertMany([{ _id: 1, t: 'Go' }, { _id: 2, t: 'go' }]);
    expect(await tags.countDocuments({ t: 'GO' })).toBe(2);
    expect(await tags.countDocuments({ t: 'GO' }, { collation: { locale: 'simple' } })).toBe(0);
  });
});
