import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithClient, type TestServer } from './helpers.js';

describe('aggregate', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('agg');
    await db.collection('jobs').insertMany([
      { _id: 1 as never, title: 'Dev', dept: 'eng' },
      { _id: 2 as never, title: 'PM', dept: 'prod' },
    ]);
    await db.collection('apps').insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        job: (i % 2) + 1,
        stage: ['new', 'screen', 'offer'][i % 3],
        score: i,
        at: new Date(Date.UTC(2024, 0, 1 + (i % 3), 12)),
        tags: i % 4 === 0 ? ['a', 'b'] : ['c'],
      })),
    );
  });
  afterAll(() => t.close());

  it('runs $match/$group/$sort with accumulators', async () => {
    const res = await db
      .collection('apps')
      .aggregate([
        { $match: { score: { $gte: 10 } } },
        { $group: { _id: '$stage', n: { $sum: 1 }, avg: { $avg: '$score' }, scores: { $push: '$score' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(res.map((r) => r._id)).toEqual(['new', 'offer', 'screen']);
    expect(res[0]).toMatchObject({ n: 6, avg: 19.5 });
    expect(res[0].scores).toEqual([12, 15, 18, 21, 24, 27]);
  });

  it('supports $project, $addFields/$set, $unset, $unwind, $skip, $limit, $count without touching stored docs', async () => {
    const res = await db
      .collection('apps')
      .aggregate([
        { $sort: { score: 1 } },
        { $unwind: '$tags' },
        { $set: { double: { $multiply: ['$score', 2] } } },
        { $addFields: { 'extra.flag': true } },
        { $unset: 'at' },
        { $project: { _id: 0, score: 1, tags: 1, double: 1, extra: 1 } },
        { $skip: 1 },
        { $limit: 3 },
      ])
      .toArray();
    expect(res[0]).toEqual({ score: 0, tags: 'b', double: 0, extra: { flag: true } });
    expect(res).toHaveLength(3);
    const stored = await db.collection('apps').findOne({ score: 0 });
    expect(stored!.extra).toBeUndefined();
    expect(stored!.at).toBeInstanceOf(Date);
    const [count] = await db.collection('apps').aggregate([{ $match: { stage: 'new' } }, { $count: 'total' }]).toArray();
    expect(count).toEqual({ total: 10 });
  });

  it('answers a leading $project (and a find\'s projection) alone or followed by stages that change what it kept, leaving the stored documents as they were', async () => {
    await db.collection('profiles').insertMany([
      { _id: 1 as never, name: 'Ada', address: { city: 'Paris', zip: '75001' }, skills: ['go', 'sql'], bio: 'long text' },
      { _id: 2 as never, name: 'Bo', address: { city: 'Lyon', zip: '69001' }, skills: ['ts'], bio: 'more text' },
    ]);
    const projected = await db.collection('profiles').aggregate([{ $match: { _id: 1 } }, { $project: { name: 1, 'address.city': 1 } }]).toArray();
    expect(projected).toEqual([{ _id: 1, name: 'Ada', address: { city: 'Paris' } }]);
    const changed = await db
      .collection('profiles')
      .aggregate([
        { $project: { address: 1, skills: 1 } },
        { $set: { 'address.city': { $toUpper: '$address.city' } } },
        { $unwind: '$skills' },
        { $sort: { skills: 1 } },
      ])
      .toArray();
    expect(changed.map((d) => [d._id, d.address.city, d.skills])).toEqual([[1, 'PARIS', 'go'], [1, 'PARIS', 'sql'], [2, 'LYON', 'ts']]);
    // Followed only by stages that change nothing (answered without copies of the stored fields).
    const sorted = await db.collection('profiles').aggregate([{ $project: { address: 1, skills: 1 } }, { $sort: { _id: -1 } }, { $limit: 1 }]).toArray();
    expect(sorted).toEqual([{ _id: 2, address: { city: 'Lyon', zip: '69001' }, skills: ['ts'] }]);
    // A find's top-level inclusions: the document's own field order, _id unless excluded, missing fields left out.
    const found = await db.collection('profiles').find({ _id: 1 as never }, { projection: { skills: 1, name: 1, nickname: 1 } }).toArray();
    expect(found.map((d) => Object.keys(d))).toEqual([['_id', 'name', 'skills']]);
    expect(await db.collection('profiles').find({ _id: 2 as never }, { projection: { _id: 0, address: 1 } }).toArray()).toEqual([{ address: { city: 'Lyon', zip: '69001' } }]);
    const stored = await db.collection('profiles').find({}, { sort: { _id: 1 } }).toArray();
    expect(stored.map((d) => [d.address, d.skills, d.bio])).toEqual([
      [{ city: 'Paris', zip: '75001' }, ['go', 'sql'], 'long text'],
      [{ city: 'Lyon', zip: '69001' }, ['ts'], 'more text'],
    ]);
  });

  it('joins with $lookup (localField and pipeline forms)', async () => {
    const simple = await db.collection('apps').aggregate([{ $match: { score: 3 } }, { $lookup: { from: 'jobs', localField: 'job', foreignField: '_id', as: 'j' } }]).toArray();
    expect(simple[0].j).toEqual([{ _id: 2, title: 'PM', dept: 'prod' }]);
    const piped = await db
      .collection('jobs')
      .aggregate([
        { $lookup: { from: 'apps', let: { jid: '$_id' }, pipeline: [{ $match: { $expr: { $eq: ['$job', '$$jid'] } } }, { $count: 'n' }], as: 'stats' } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(piped.map((j) => j.stats[0].n)).toEqual([15, 15]);
  });

  it('supports $facet, $bucket and date operators', async () => {
    const [facets] = await db
      .collection('apps')
      .aggregate([
        {
          $facet: {
            byDay: [{ $group: { _id: { $dateToString: { format: '%Y-%m-%d', date: '$at' } }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
            buckets: [{ $bucket: { groupBy: '$score', boundaries: [0, 10, 20, 30], default: 'other', output: { n: { $sum: 1 } } } }],
            parts: [{ $limit: 1 }, { $project: { _id: 0, y: { $year: '$at' }, m: { $month: '$at' }, d: { $dayOfMonth: '$at' }, w: { $dayOfWeek: '$at' } } }],
          },
        },
      ])
      .toArray();
    expect(facets.byDay).toEqual([
      { _id: '2024-01-01', n: 10 },
      { _id: '2024-01-02', n: 10 },
      { _id: '2024-01-03', n: 10 },
    ]);
    expect(facets.buckets.map((b: { n: number }) => b.n)).toEqual([10, 10, 10]);
    expect(facets.parts[0]).toEqual({ y: 2024, m: 1, d: 1, w: 2 });
  });

  it('applies leading $sort, $skip and $limit in order', async () => {
    const res = await db.collection('apps').aggregate([{ $match: { stage: 'new' } }, { $sort: { score: -1 } }, { $skip: 2 }, { $limit: 3 }, { $project: { _id: 0, score: 1 } }]).toArray();
    expect(res).toEqual([{ score: 21 }, { score: 18 }, { score: 15 }]);
    const [counted] = await db.collection('apps').aggregate([{ $match: {} }, { $skip: 25 }, { $limit: 10 }, { $group: { _id: 1, n: { $sum: 1 } } }]).toArray();
    expect(counted.n).toBe(5);
  });

  it('returns results across several getMore batches', async () => {
    const cursor = db.collection('apps').aggregate([{ $sort: { score: -1 } }], { batchSize: 4 });
    const all = await cursor.toArray();
    expect(all.map((d) => d.score)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
  });

  it('writes $out and rejects unknown stages with BadValue', async () => {
    await db.collection('apps').aggregate([{ $match: { stage: 'offer' } }, { $out: 'offers' }]).toArray();
    expect(await db.collection('offers').countDocuments()).toBe(10);
    await expect(db.collection('apps').aggregate([{ $nonsense: {} }]).toArray()).rejects.toMatchObject({ code: 2 });
  });

  it('refuses $changeStream after the first stage, and $text without a text index', async () => {
    await expect(db.collection('apps').aggregate([{ $match: {} }, { $changeStream: {} }]).toArray()).rejects.toMatchObject({ code: 40602 });
    await expect(db.collection('apps').find({ $text: { $search: 'x' } }).toArray()).rejects.toMatchObject({ code: 27 });
  });
});
