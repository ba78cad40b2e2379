// hint and explain through the official driver. Each case names the manual page it follows; with
// MONGODB_URI set the same cases run against a real MongoDB 7 server. No timing is asserted, only that
// executionTimeMillis is reported.
import type { Collection, Db, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
const NO_INDEX = /hint provided does not correspond to an existing index/;
let target: Target;
let db: Db;
let people: Collection<Document>;
const DB = dbName('hint');

// 40 people; every fourth has an email (sparse index), team is 0..4.
const PEOPLE = Array.from({ length: 40 }, (_, i) => ({ _id: i, team: i % 5, age: 20 + i, ...(i % 4 === 0 ? { email: `p${i}@x.io` } : {}) }));

beforeAll(async () => {
  target = await connectTarget();
  db = target.client.db(DB);
  people = db.collection('people');
  await people.insertMany(PEOPLE.map((p) => ({ ...p }) as Document));
  await people.createIndex({ team: 1 }, { name: 'team_1' });
  await people.createIndex({ email: 1 }, { name: 'email_sparse', sparse: true });
  await people.createIndex({ age: 1 });
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await target.close();
});

const ids = (docs: Document[]) => docs.map((d) => d._id as number).sort((a, b) => a - b);
const withEmail = PEOPLE.filter((p) => 'email' in p).map((p) => p._id);

describe(`hint (${MANUAL}/reference/method/cursor.hint/, ${MANUAL}/reference/command/find/)`, () => {
  it('uses the index named by name or by key pattern, and explain shows it', async () => {
    expect(ids(await people.find({ team: 2 }).hint('team_1').toArray())).toEqual([2, 7, 12, 17, 22, 27, 32, 37]);
    expect(ids(await people.find({ team: 2, age: { $gte: 40 } }).hint({ age: 1 }).toArray())).toEqual([22, 27, 32, 37]);
    const plan = (await people.find({ team: 2, age: { $gte: 40 } }).hint({ age: 1 }).explain('queryPlanner')) as Document;
    expect(plan.queryPlanner.winningPlan).toMatchObject({ stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'age_1' } });
  });

  it(`a sparse index as hint returns only the documents it holds (${MANUAL}/core/index-sparse/)`, async () => {
    expect(ids(await people.find({}).hint('email_sparse').toArray())).toEqual(withEmail);
    expect(ids(await people.find({}).hint({ email: 1 }).toArray())).toEqual(withEmail);
    expect(await people.find({}).toArray()).toHaveLength(40);
    // count with a sparse hint counts the index's documents, as the manual warns.
    expect(await people.countDocuments({}, { hint: 'email_sparse' })).toBe(withEmail.length);
    expect((await db.command({ count: 'people', query: {}, hint: 'email_sparse' })).n).toBe(withEmail.length);
  });

  it(`a hint naming no index fails with 2 BadValue on find, count, aggregate, update and delete (${MANUAL}/reference/command/update/, ${MANUAL}/reference/command/delete/)`, async () => {
    const bad = { code: 2, message: expect.stringMatching(NO_INDEX) };
    await expect(people.find({ team: 1 }).hint('nope').toArray()).rejects.toMatchObject(bad);
    await expect(people.find({ team: 1 }).hint({ nope: 1 }).toArray()).rejects.toMatchObject(bad);
    await expect(db.command({ count: 'people', query: {}, hint: 'nope' })).rejects.toMatchObject(bad);
    await expect(people.countDocuments({ team: 1 }, { hint: 'nope' })).rejects.toMatchObject(bad);
    await expect(people.aggregate([{ $match: { team: 1 } }], { hint: 'nope' }).toArray()).rejects.toMatchObject(bad);
    await expect(people.updateOne({ team: 1 }, { $set: { x: 1 } }, { hint: 'nope' })).rejects.toMatchObject(bad);
    await expect(people.deleteMany({ team: 1 }, { hint: { nope: 1 } })).rejects.toMatchObject(bad);
    expect(await people.countDocuments({ x: 1 })).toBe(0);
    expect(await people.countDocuments({})).toBe(40);
  });

  it('update and delete follow a hinted sparse index (documents outside it are not touched)', async () => {
    const c = db.collection('hinted_writes');
    await c.insertMany([{ _id: 1, k: 'a', flag: 1 }, { _id: 2, flag: 1 }, { _id: 3, k: 'b', flag: 1 }] as Document[]);
    await c.createIndex({ k: 1 }, { sparse: true, name: 'k_sparse' });
    const up = await c.updateMany({ flag: 1 }, { $set: { seen: true } }, { hint: 'k_sparse' });
    expect(up.matchedCount).toBe(2);
    expect(ids(await c.find({ seen: true }).toArray())).toEqual([1, 3]);
    const del = await c.deleteMany({ flag: 1 }, { hint: { k: 1 } });
    expect(del.deletedCount).toBe(2);
    expect(ids(await c.find({}).toArray())).toEqual([2]);
  });

  it(`aggregate uses a hinted index (${MANUAL}/reference/command/aggregate/)`, async () => {
    const docs = await people.aggregate([{ $match: {} }, { $project: { _id: 1 } }], { hint: 'email_sparse' }).toArray();
    expect(ids(docs)).toEqual(withEmail);
  });
});

/** executionStats of find/count (top level), or of an aggregate's query layer ($cursor stage when stages remain). */
const statsOf = (explained: Document): Document => explained.executionStats ?? explained.stages?.[0]?.$cursor?.executionStats;
const winning = (explained: Document): Document => explained.queryPlanner?.winningPlan ?? explained.stages?.[0]?.$cursor?.queryPlanner?.winningPlan;
const stageNames = (stage: Document | undefined): string[] => (stage ? [stage.stage as string, ...stageNames(stage.inputStage as Document | undefined)] : []);

describe(`explain with executionStats (${MANUAL}/reference/explain-results/, ${MANUAL}/reference/command/explain/)`, () => {
  it('find on an index: FETCH over IXSCAN, keys and documents examined equal the matches', async () => {
    const res = (await people.find({ team: 3 }).explain('executionStats')) as Document;
    expect(stageNames(winning(res))).toEqual(['FETCH', 'IXSCAN']);
    const stats = statsOf(res);
    expect(stats).toMatchObject({ executionSuccess: true, nReturned: 8, totalKeysExamined: 8, totalDocsExamined: 8 });
    expect(typeof stats.executionTimeMillis).toBe('number');
    expect(stats.executionStages).toMatchObject({ stage: 'FETCH', nReturned: 8, docsExamined: 8, inputStage: { stage: 'IXSCAN', indexName: 'team_1', keysExamined: 8 } });
  });

  it('find without a usable index: COLLSCAN reads every document, no keys', async () => {
    const res = (await people.find({ nothing: 'here' }).explain('executionStats')) as Document;
    expect(stageNames(winning(res))).toEqual(['COLLSCAN']);
    expect(statsOf(res)).toMatchObject({ nReturned: 0, totalKeysExamined: 0, totalDocsExamined: 40 });
  });

  it('a sort no index gives is a SORT stage above the scan (a sparse index cannot give a full sort order)', async () => {
    const res = (await people.find({ team: 1 }).sort({ email: -1 }).explain('executionStats')) as Document;
    const names = stageNames(winning(res));
    expect(names[0]).toBe('SORT');
    expect(names).toContain('IXSCAN');
    expect(statsOf(res)).toMatchObject({ nReturned: 8, totalDocsExamined: 8 });
  });

  it('an _id equality is IDHACK, reading one key and one document', async () => {
    const res = (await people.find({ _id: 5 } as Document).explain('executionStats')) as Document;
    expect(stageNames(winning(res))).toEqual(['IDHACK']);
    expect(statsOf(res)).toMatchObject({ nReturned: 1, totalKeysExamined: 1, totalDocsExamined: 1 });
  });

  it('queryPlanner verbosity has no executionStats', async () => {
    const res = (await people.find({ team: 3 }).explain('queryPlanner')) as Document;
    expect(res.queryPlanner.winningPlan).toBeDefined();
    expect(res.executionStats).toBeUndefined();
  });

  it('count: a COUNT stage; an indexed equality count reads no documents', async () => {
    const res = (await db.command({ explain: { count: 'people', query: { team: 4 } }, verbosity: 'executionStats' })) as Document;
    expect(winning(res).stage).toBe('COUNT');
    const stats = statsOf(res);
    expect(stats).toMatchObject({ executionSuccess: true, nReturned: 0, totalDocsExamined: 0 });
    expect(stats.executionStages).toMatchObject({ stage: 'COUNT', nCounted: 8 });
    const scan = (await db.command({ explain: { count: 'people', query: { nothing: 1 } }, verbosity: 'executionStats' })) as Document;
    expect(stageNames(winning(scan))).toEqual(['COUNT', 'COLLSCAN']);
    expect(statsOf(scan)).toMatchObject({ totalDocsExamined: 40 });
  });

  it('aggregate: the query layer of the pipeline with its stats', async () => {
    const res = (await people.aggregate([{ $match: { team: 0 } }]).explain('executionStats')) as Document;
    expect(stageNames(winning(res))).toEqual(['FETCH', 'IXSCAN']);
    expect(statsOf(res)).toMatchObject({ nReturned: 8, totalKeysExamined: 8, totalDocsExamined: 8 });
    const scan = (await people.aggregate([{ $match: { nothing: 1 } }]).explain('executionStats')) as Document;
    expect(stageNames(winning(scan))).toEqual(['COLLSCAN']);
    expect(statsOf(scan)).toMatchObject({ nReturned: 0, totalKeysExamined: 0, totalDocsExamined: 40 });
  });
});
