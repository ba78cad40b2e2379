// Update failures and the document size limit as MongoDB 7 reports them, through the official driver.
// Each case names the manual page it follows; with MONGODB_URI set the same cases run against a real
// MongoDB 7 server.
import { type Collection, type Document, type ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
let target: Target;
let coll: Collection<Document>;
const db = dbName('upderr');

beforeAll(async () => {
  target = await connectTarget();
  coll = target.client.db(db).collection('docs');
});
afterAll(async () => {
  await target.client.db(db).dropDatabase().catch(() => undefined);
  await target.close();
});

async function fresh(doc: Document): Promise<ObjectId> {
  const { insertedId } = await coll.insertOne({ ...doc });
  return insertedId;
}

/** The update's error, and proof the document is unchanged. */
async function failing(doc: Document, update: Document): Promise<{ code?: number; message: string }> {
  const _id = await fresh(doc);
  const err = (await coll.updateOne({ _id }, update).catch((e: unknown) => e)) as { code?: number; message: string };
  expect(await coll.findOne({ _id }, { projection: { _id: 0 } })).toEqual(doc);
  return err;
}

describe('update operator failures', () => {
  it(`$inc on a non-numeric field fails with 14 TypeMismatch (${MANUAL}/reference/operator/update/inc/)`, async () => {
    expect(await failing({ name: 'Ann' }, { $inc: { name: 1 } })).toMatchObject({ code: 14, message: expect.stringMatching(/Cannot apply \$inc to a value of non-numeric type/) });
    expect(await failing({ n: null }, { $inc: { n: 1 } })).toMatchObject({ code: 14 });
  });

  it(`$inc and $mul with a non-numeric argument fail with 14 (${MANUAL}/reference/operator/update/inc/, ${MANUAL}/reference/operator/update/mul/)`, async () => {
    expect(await failing({ n: 1 }, { $inc: { n: 'one' } })).toMatchObject({ code: 14, message: expect.stringMatching(/Cannot increment with non-numeric argument/) });
    expect(await failing({ n: 1 }, { $mul: { n: 'two' } })).toMatchObject({ code: 14, message: expect.stringMatching(/Cannot multiply with non-numeric argument/) });
    expect(await failing({ s: 'x' }, { $mul: { s: 2 } })).toMatchObject({ code: 14 });
  });

  it(`$push and $addToSet onto a non-array field fail with 2 BadValue (${MANUAL}/reference/operator/update/push/, ${MANUAL}/reference/operator/update/addToSet/)`, async () => {
    expect(await failing({ tags: 'solo' }, { $push: { tags: 'x' } })).toMatchObject({ code: 2, message: expect.stringMatching(/must be an array but is of type string/) });
    expect(await failing({ tags: 5 }, { $addToSet: { tags: 'x' } })).toMatchObject({ code: 2, message: expect.stringMatching(/Cannot apply \$addToSet to non-array field/) });
  });

  it(`$pop on a non-array fails with 14 TypeMismatch (${MANUAL}/reference/operator/update/pop/)`, async () => {
    expect(await failing({ list: 'abc' }, { $pop: { list: 1 } })).toMatchObject({ code: 14 });
  });

  it(`two operators on one path, or on a path and its parent, fail with 40 ConflictingUpdateOperators (${MANUAL}/reference/operator/update/#behavior)`, async () => {
    expect(await failing({ n: 1 }, { $set: { n: 2 }, $inc: { n: 1 } })).toMatchObject({ code: 40, message: expect.stringMatching(/would create a conflict at 'n'/) });
    expect(await failing({ o: { a: 1 } }, { $set: { o: {} }, $inc: { 'o.a': 1 } })).toMatchObject({ code: 40 });
  });

  it(`a field cannot be created inside a scalar: 28 PathNotViable (${MANUAL}/reference/operator/update/set/#set-fields-in-embedded-documents)`, async () => {
    expect(await failing({ name: 'Ann' }, { $set: { 'name.first': 'A' } })).toMatchObject({ code: 28, message: expect.stringMatching(/Cannot create field 'first'/) });
  });

  it(`an arrayFilters identifier the update does not use fails with 9 FailedToParse (${MANUAL}/reference/command/update/#std-label-update-command-arrayFilters)`, async () => {
    const _id = await fresh({ grades: [1, 2] });
    const err = await coll.updateOne({ _id }, { $set: { 'grades.$[g]': 0 } }, { arrayFilters: [{ g: 1 }, { unused: 2 }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 9, message: expect.stringMatching(/array filter for identifier 'unused' was not used/) });
    await coll.updateOne({ _id }, { $set: { 'grades.$[g]': 0 } }, { arrayFilters: [{ g: 1 }] });
    expect(await coll.findOne({ _id })).toMatchObject({ grades: [0, 2] });
  });

  it(`$addToSet compares subdocuments with their field order (${MANUAL}/reference/operator/update/addToSet/#behavior)`, async () => {
    const _id = await fresh({ list: [{ a: 1, b: 2 }] });
    await coll.updateOne({ _id }, { $addToSet: { list: { a: 1, b: 2 } } });
    await coll.updateOne({ _id }, { $addToSet: { list: { $each: [{ b: 2, a: 1 }, { b: 2, a: 1 }] } } });
    expect((await coll.findOne({ _id }))?.list).toEqual([{ a: 1, b: 2 }, { b: 2, a: 1 }]);
  });

  it(`$currentDate with $type 'timestamp' stores a BSON Timestamp, otherwise a date (${MANUAL}/reference/operator/update/currentDate/)`, async () => {
    const _id = await fresh({ v: 1 });
    await coll.updateOne({ _id }, { $currentDate: { stamped: { $type: 'timestamp' }, at: true } } as Document);
    expect(await coll.countDocuments({ _id, stamped: { $type: 'timestamp' }, at: { $type: 'date' } })).toBe(1);
  });

  it(`in an ordered multi-statement update the failing statement is a write error and stops the batch (${MANUAL}/reference/command/update/#output)`, async () => {
    const a = await fresh({ k: 'ordered', n: 1 });
    const b = await fresh({ k: 'ordered', s: 'x' });
    const res = (await coll
      .bulkWrite([
        { updateOne: { filter: { _id: b }, update: { $inc: { s: 1 } } } },
        { updateOne: { filter: { _id: a }, update: { $inc: { n: 1 } } } },
      ])
      .catch((e: unknown) => e)) as { writeErrors?: { code: number; index: number }[] };
    expect(res.writeErrors?.[0]).toMatchObject({ code: 14, index: 0 });
    expect(await coll.findOne({ _id: a })).toMatchObject({ n: 1 });
  });
});

describe('document size limit', () => {
  const MB = 1024 * 1024;

  it(`inserting a document over 16 MB fails and stores nothing (${MANUAL}/reference/limits/#mongodb-limit-BSON-Document-Size)`, async () => {
    const err = (await coll.insertOne({ tag: 'too-big', blob: 'x'.repeat(16 * MB) }).catch((e: unknown) => e)) as { code?: number; message: string };
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/too large|larger than/);
    expect(await coll.countDocuments({ tag: 'too-big' })).toBe(0);
  });

  it(`an update that grows a document past 16 MB fails with 17419 and leaves it as it was (${MANUAL}/reference/limits/#mongodb-limit-BSON-Document-Size)`, async () => {
    const _id = await fresh({ tag: 'grows', part: 'x'.repeat(9 * MB) });
    const err = await coll.updateOne({ _id }, { $set: { more: 'y'.repeat(8 * MB) } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 17419, message: expect.stringMatching(/Resulting document after update is larger than 16777216/) });
    const doc = await coll.findOne({ _id }, { projection: { more: 1 } });
    expect(doc).not.toHaveProperty('more');
  });
});
