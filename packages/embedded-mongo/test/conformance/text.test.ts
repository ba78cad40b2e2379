// Text indexes and $text, following the MongoDB 7.0 manual:
// - Text Indexes:            https://www.mongodb.com/docs/v7.0/core/indexes/index-types/index-text/
// - $text:                   https://www.mongodb.com/docs/v7.0/reference/operator/query/text/
// - Assign weights:          https://www.mongodb.com/docs/v7.0/core/indexes/index-types/index-text/control-text-search-results/
// - Text search in pipeline: https://www.mongodb.com/docs/v7.0/tutorial/text-search-in-aggregation/
// - $meta:                   https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/meta/
import type { Collection, Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type AnyDoc, type Target } from './connect.js';

const ARTICLES = [
  { _id: 1, subject: 'coffee', author: 'xyz', views: 50 },
  { _id: 2, subject: 'Coffee Shopping', author: 'efg', views: 5 },
  { _id: 3, subject: 'Baking a cake', author: 'abc', views: 90 },
  { _id: 4, subject: 'baking', author: 'xyz', views: 100 },
  { _id: 5, subject: 'Café Con Leche', author: 'abc', views: 200 },
  { _id: 6, subject: 'Сырники', author: 'jkl', views: 80 },
  { _id: 7, subject: 'coffee and cream', author: 'efg', views: 10 },
  { _id: 8, subject: 'Cafe con Leche', author: 'xyz', views: 10 },
];

describe('text indexes and $text (manual: $text, Text Indexes)', () => {
  let t: Target;
  let db: Db;
  let articles: Collection<AnyDoc>;
  const ids = async (filter: object, opts: object = {}) => (await articles.find(filter, opts).toArray()).map((d) => d._id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('text'));
    await db.dropDatabase();
    articles = db.collection<AnyDoc>('articles');
    await articles.insertMany(ARTICLES);
    await articles.createIndex({ subject: 'text' });
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });

  it('lists a text index with _fts/_ftsx key, weights and languages (Text Indexes)', async () => {
    const ix = (await articles.indexes()).find((i) => i.name === 'subject_text');
    expect(ix).toMatchObject({
      key: { _fts: 'text', _ftsx: 1 },
      weights: { subject: 1 },
      default_language: 'english',
      language_override: 'language',
      textIndexVersion: 3,
    });
  });

  it('searches for a single word, stemmed and case-insensitive ($text: Search for a Single Word)', async () => {
    expect(await ids({ $text: { $search: 'coffee' } })).toEqual([1, 2, 7]);
  });

  it('ORs the terms of a search string ($text: Match Any of the Search Terms)', async () => {
    expect(await ids({ $text: { $search: 'bake coffee cake' } })).toEqual([1, 2, 3, 4, 7]);
  });

  it('searches a phrase ($text: Search for a Phrase)', async () => {
    expect(await ids({ $text: { $search: '"coffee shop"' } })).toEqual([2]);
  });

  it('ANDs several phrases and requires the phrase when terms are also given ($text: Phrases)', async () => {
    expect(await ids({ $text: { $search: '"con leche" "cafe"' } })).toEqual([5, 8]);
    expect(await ids({ $text: { $search: 'baking "coffee and"' } })).toEqual([7]);
  });

  it('excludes documents containing a negated term ($text: Exclude Documents That Contain a Term)', async () => {
    expect(await ids({ $text: { $search: 'coffee -shop' } })).toEqual([1, 7]);
  });

  it('is diacritic-insensitive by default and sensitive on request ($text: Diacritic Insensitivity)', async () => {
    expect(await ids({ $text: { $search: 'CAFÉ' } })).toEqual([5, 8]);
    expect(await ids({ $text: { $search: 'CAFÉ', $diacriticSensitive: true } })).toEqual([5]);
  });

  it('honours $caseSensitive ($text: Case Sensitive Search)', async () => {
    expect(await ids({ $text: { $search: 'Coffee', $caseSensitive: true } })).toEqual([2]);
  });

  it('ignores stop words; $language "none" neither stems nor drops them ($text: $language, Text Search Languages)', async () => {
    expect(await ids({ $text: { $search: 'and' } })).toEqual([]);
    // The query side of $language: 'none' neither stems nor drops stop words (the index holds stems).
    expect(await ids({ $text: { $search: 'baking' } })).toEqual([3, 4]);
    expect(await ids({ $text: { $search: 'baking', $language: 'none' } })).toEqual([]);
  });

  it('combines with other filters (AND) and with a projection of the score ($text: Text Search Score)', async () => {
    const docs = await articles
      .find({ $text: { $search: 'coffee cake' }, views: { $gte: 10 } }, { projection: { score: { $meta: 'textScore' } } })
      .sort({ score: { $meta: 'textScore' } })
      .toArray();
    expect(docs.map((d) => d._id).sort()).toEqual([1, 3, 7]);
    // A $meta-only projection keeps every field and adds the score.
    expect(docs[0]).toMatchObject({ subject: expect.any(String), author: expect.any(String), score: expect.any(Number) });
    const scores = docs.map((d) => d.score as number);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The whole field being the term ('coffee') outranks a longer field.
    expect(docs[0]._id).toBe(1);
  });

  it('sorts by score then another key and limits ($meta textScore in sort)', async () => {
    const docs = await articles
      .find({ $text: { $search: 'coffee' } }, { projection: { _id: 1, score: { $meta: 'textScore' } } })
      .sort({ score: { $meta: 'textScore' }, _id: 1 })
      .limit(2)
      .toArray();
    expect(docs).toHaveLength(2);
    expect(Object.keys(docs[0]).sort()).toEqual(['_id', 'score']);
    expect(docs[0].score).toBeGreaterThanOrEqual(docs[1].score as number);
  });

  it('counts with $text (countDocuments and count)', async () => {
    expect(await articles.countDocuments({ $text: { $search: 'coffee' } })).toBe(3);
    // A limit bounds the count (countDocuments' limit option), also with another filter.
    expect(await articles.countDocuments({ $text: { $search: 'coffee cake leche' } }, { limit: 2 })).toBe(2);
    expect(await articles.countDocuments({ $text: { $search: 'coffee cake leche' }, views: { $lt: 60 } }, { limit: 10 })).toBe(4);
    expect((await articles.find({ $text: { $search: 'coffee cake' } }).limit(2).toArray()).length).toBe(2);
  });

  it('runs $match: { $text } as the first stage, with textScore in $addFields, $sort and $project (Text Search in the Aggregation Pipeline)', async () => {
    const res = await articles
      .aggregate([
        { $match: { $text: { $search: 'cake baking' } } },
        { $sort: { score: { $meta: 'textScore' } } },
        { $addFields: { score: { $meta: 'textScore' } } },
        { $project: { _id: 1, score: 1 } },
      ])
      .toArray();
    expect(res.map((d) => d._id).sort()).toEqual([3, 4]);
    expect(res.every((d) => typeof d.score === 'number' && d.score > 0)).toBe(true);
    const grouped = await articles
      .aggregate([{ $match: { $text: { $search: 'coffee' } } }, { $group: { _id: '$author', total: { $sum: { $meta: 'textScore' } } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(grouped.map((g) => g._id)).toEqual(['efg', 'xyz']);
  });

  it('refuses a textScore projection without $text ($meta: textScore)', async () => {
    const err = await articles.find({ views: 50 }, { projection: { score: { $meta: 'textScore' } } }).toArray().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 40218 });
  });

  it('refuses $text in a later aggregation stage', async () => {
    const err = await articles.aggregate([{ $match: { views: { $gt: 0 } } }, { $match: { $text: { $search: 'coffee' } } }]).toArray().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 17313 });
  });

  it('fails with 27 IndexNotFound without a text index ($text: Restrictions)', async () => {
    const plain = db.collection<AnyDoc>('plain');
    await plain.insertOne({ _id: 1, a: 'coffee' });
    const err = await plain.find({ $text: { $search: 'coffee' } }).toArray().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 27, codeName: 'IndexNotFound' });
    expect(String((err as Error).message)).toMatch(/text index required for \$text query/);
  });

  it('allows only one text index per collection (Text Indexes: Restrictions)', async () => {
    const err = await articles.createIndex({ author: 'text' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 85 });
  });

  it('stays current on insert, update and delete', async () => {
    const c = db.collection<AnyDoc>('maintained');
    await c.createIndex({ title: 'text', body: 'text' });
    await c.insertMany([
      { _id: 1, title: 'Senior engineer', body: 'Builds APIs' },
      { _id: 2, title: 'Designer', body: 'Draws screens' },
    ]);
    const find = async (s: string) => (await c.find({ $text: { $search: s } }).toArray()).map((d) => d._id).sort();
    expect(await find('engineering')).toEqual([1]);
    await c.updateOne({ _id: 2 }, { $set: { body: 'Engineers screens' } });
    await c.updateOne({ _id: 1 }, { $set: { title: 'Manager' } });
    expect(await find('engineer')).toEqual([2]);
    expect(await find('manager')).toEqual([1]);
    await c.deleteOne({ _id: 2 });
    expect(await find('engineer')).toEqual([]);
    await c.replaceOne({ _id: 1 }, { _id: 1, body: 'engineer again' });
    expect(await find('engineer')).toEqual([1]);
    expect(await find('manager')).toEqual([]);
    // Updates and deletes may be filtered by $text.
    expect((await c.updateMany({ $text: { $search: 'engineer' } }, { $set: { seen: true } })).modifiedCount).toBe(1);
    expect((await c.deleteMany({ $text: { $search: 'engineer' } })).deletedCount).toBe(1);
  });

  it('weights fields and indexes every string with $** (Assign Weights to Text Search Results, Wildcard Text Indexes)', async () => {
    const w = db.collection<AnyDoc>('weighted');
    await w.createIndex({ title: 'text', body: 'text' }, { weights: { title: 10 }, name: 'tb' });
    await w.insertMany([
      { _id: 1, title: 'react', body: 'frontend work' },
      { _id: 2, title: 'frontend', body: 'react work' },
    ]);
    const [ix] = (await w.indexes()).filter((i) => i.name === 'tb');
    expect(ix.weights).toEqual({ body: 1, title: 10 });
    const docs = await w.find({ $text: { $search: 'react' } }, { projection: { score: { $meta: 'textScore' } } }).sort({ score: { $meta: 'textScore' } }).toArray();
    expect(docs.map((d) => d._id)).toEqual([1, 2]);
    expect(docs[0].score).toBeGreaterThan((docs[1].score as number) * 5);

    const any = db.collection<AnyDoc>('wildcard');
    await any.createIndex({ '$**': 'text' });
    await any.insertMany([{ _id: 1, profile: { summary: 'Kubernetes operator' }, tags: ['go'] }, { _id: 2, name: 'other' }]);
    expect((await any.find({ $text: { $search: 'kubernetes' } }).toArray()).map((d) => d._id)).toEqual([1]);
    expect((await any.indexes()).find((i) => i.name === '$**_text')).toMatchObject({ key: { _fts: 'text', _ftsx: 1 }, weights: { '$**': 1 } });
  });

  it('uses the document language field (language_override) with "none" disabling stemming', async () => {
    const c = db.collection<AnyDoc>('langs');
    await c.createIndex({ body: 'text' });
    await c.insertMany([
      { _id: 1, body: 'running teams' },
      { _id: 2, body: 'running teams', language: 'none' },
    ]);
    expect((await c.find({ $text: { $search: 'run' } }).toArray()).map((d) => d._id)).toEqual([1]);
    // A language MongoDB knows is accepted; one it does not know is refused (language_override).
    await c.insertOne({ _id: 3, body: 'équipe', language: 'french' });
    await expect(c.insertOne({ _id: 4, body: 'qapla', language: 'klingon' })).rejects.toMatchObject({ code: 17262 });
  });

  it('a compound text index needs equality on its prefix fields (Text Indexes: Compound Text Index)', async () => {
    const c = db.collection<AnyDoc>('compound');
    await c.createIndex({ dept: 1, about: 'text' });
    expect((await c.indexes()).find((i) => i.name === 'dept_1_about_text')).toMatchObject({ key: { dept: 1, _fts: 'text', _ftsx: 1 } });
    await c.insertMany([
      { _id: 1, dept: 'eng', about: 'kotlin services' },
      { _id: 2, dept: 'ops', about: 'kotlin scripts' },
    ]);
    expect((await c.find({ dept: 'eng', $text: { $search: 'kotlin' } }).toArray()).map((d) => d._id)).toEqual([1]);
    const err = await c.find({ $text: { $search: 'kotlin' } }).toArray().catch((e: unknown) => e);
    expect(String((err as Error).message)).toMatch(/text index/);
  });

  it('dropping the text index makes $text fail with 27 again', async () => {
    const c = db.collection<AnyDoc>('dropped');
    await c.createIndex({ body: 'text' });
    await c.insertOne({ _id: 1, body: 'something' });
    expect(await c.countDocuments({ $text: { $search: 'something' } })).toBe(1);
    await c.dropIndex('body_text');
    await expect(c.countDocuments({ $text: { $search: 'something' } })).rejects.toMatchObject({ code: 27 });
  });
});
