// Cursor batches through the official driver. Each case names the manual page it follows; with
// MONGODB_URI set the same cases run against a real MongoDB 7 server.
import { Long, type Collection, type Db, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
let target: Target;
let db: Db;
let coll: Collection<Document>;
const DB = dbName('cursors');

beforeAll(async () => {
  target = await connectTarget();
  db = target.client.db(DB);
  coll = db.collection('items');
  await coll.insertMany(Array.from({ length: 25 }, (_, i) => ({ _id: i, n: i % 5 }) as Document));
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await target.close();
});

interface CursorReply {
  cursor: { id: Long; ns: string; firstBatch?: Document[]; nextBatch?: Document[] };
}

describe(`aggregate with cursor.batchSize 0 (${MANUAL}/reference/command/aggregate/#cursor, ${MANUAL}/reference/command/getMore/)`, () => {
  it('returns an empty first batch and a live cursor that getMore drains', async () => {
    const first = (await db.command({ aggregate: 'items', pipeline: [{ $match: { n: { $lt: 3 } } }, { $sort: { _id: 1 } }], cursor: { batchSize: 0 } })) as CursorReply;
    expect(first.cursor.firstBatch).toEqual([]);
    expect(first.cursor.ns).toBe(`${DB}.items`);
    expect(Long.fromValue(first.cursor.id).isZero()).toBe(false);

    const ids: number[] = [];
    let id = first.cursor.id;
    let rounds = 0;
    while (!Long.fromValue(id).isZero() && rounds++ < 10) {
      const more = (await db.command({ getMore: id, collection: 'items', batchSize: 4 })) as CursorReply;
      expect(more.cursor.nextBatch!.length).toBeLessThanOrEqual(4);
      ids.push(...more.cursor.nextBatch!.map((d) => d._id as number));
      id = more.cursor.id;
    }
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i).filter((i) => i % 5 < 3));
  });

  it('keeps the cursor open even when the pipeline matches nothing; getMore then ends it', async () => {
    const first = (await db.command({ aggregate: 'items', pipeline: [{ $match: { n: 99 } }], cursor: { batchSize: 0 } })) as CursorReply;
    expect(first.cursor.firstBatch).toEqual([]);
    expect(Long.fromValue(first.cursor.id).isZero()).toBe(false);
    const more = (await db.command({ getMore: first.cursor.id, collection: 'items' })) as CursorReply;
    expect(more.cursor.nextBatch).toEqual([]);
    expect(Long.fromValue(more.cursor.id).isZero()).toBe(true);
  });

  it('the driver iterates such a cursor to the end', async () => {
    const docs = await coll.aggregate([{ $sort: { _id: -1 } }, { $limit: 7 }], { batchSize: 0 }).toArray();
    expect(docs.map((d) => d._id)).toEqual([24, 23, 22, 21, 20, 19, 18]);
  });

  it(`a batchSize larger than the result closes the cursor in the first batch (${MANUAL}/reference/command/aggregate/)`, async () => {
    const first = (await db.command({ aggregate: 'items', pipeline: [{ $match: { n: 0 } }], cursor: { batchSize: 100 } })) as CursorReply;
    expect(first.cursor.firstBatch).toHaveLength(5);
    expect(Long.fromValue(first.cursor.id).isZero()).toBe(true);
  });
});
