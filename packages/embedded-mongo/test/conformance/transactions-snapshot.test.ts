// Transactions read from a snapshot, through the official driver. Each case names the manual page it
// follows; with MONGODB_URI set the same cases run against a real MongoDB 7 replica set.
import type { ClientSession, Collection, Db, Document, ReadConcernLevel } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
const SNAPSHOT_PAGE = `${MANUAL}/reference/read-concern-snapshot/`;
const TXN_PAGE = `${MANUAL}/core/transactions/#transactions-and-read-concern`;
let target: Target;
let db: Db;
let jobs: Collection<Document>;
const DB = dbName('txnsnap');

beforeAll(async () => {
  target = await connectTarget();
  db = target.client.db(DB);
  jobs = db.collection('jobs');
  await jobs.insertOne({ _id: 0, status: 'seed' } as Document); // the collection exists before any transaction
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await target.close();
});
beforeEach(async () => {
  await jobs.deleteMany({});
  await jobs.insertMany([
    { _id: 1, status: 'open', n: 1 },
    { _id: 2, status: 'open', n: 2 },
    { _id: 3, status: 'closed', n: 3 },
  ] as Document[]);
});

/** Everything a transaction reads: find, count, countDocuments, aggregate and distinct. */
async function view(session: ClientSession) {
  return {
    docs: await jobs.find({}, { session }).sort({ _id: 1 }).toArray(),
    open: await jobs.countDocuments({ status: 'open' }, { session }),
    total: (await db.command({ count: 'jobs', query: {} }, { session })).n as number,
    sum: (await jobs.aggregate([{ $group: { _id: null, n: { $sum: '$n' } } }], { session }).toArray())[0]?.n as number,
    statuses: (await jobs.distinct('status', {}, { session })).sort(),
  };
}

async function outsideWrites() {
  await jobs.insertOne({ _id: 4, status: 'open', n: 100 } as Document);
  await jobs.updateOne({ _id: 1 } as Document, { $set: { status: 'closed', n: 10 } });
  await jobs.deleteOne({ _id: 3 } as Document);
}

for (const level of ['snapshot', undefined] as (ReadConcernLevel | undefined)[]) {
  const named = level ? `read concern "${level}"` : 'the default read concern';
  describe(`a transaction with ${named} reads from its snapshot (${SNAPSHOT_PAGE}, ${TXN_PAGE})`, () => {
    it('does not see plain writes committed after its first operation', async () => {
      const session = target.client.startSession();
      try {
        session.startTransaction(level ? { readConcern: { level } } : {});
        const before = await view(session);
        expect(before).toMatchObject({ open: 2, total: 3, sum: 6, statuses: ['closed', 'open'] });
        await outsideWrites();
        expect(await view(session)).toEqual(before);
        expect(await jobs.findOne({ _id: 4 } as Document, { session })).toBeNull();
        expect(await jobs.findOne({ _id: 3 } as Document, { session })).toMatchObject({ status: 'closed' });
        await session.commitTransaction();
      } finally {
        await session.endSession();
      }
      // Outside the transaction the writes are there.
      expect(await jobs.countDocuments({})).toBe(3);
      expect(await jobs.countDocuments({ status: 'open' })).toBe(2);
    });

    it('does not see another transaction that commits after its snapshot', async () => {
      const reader = target.client.startSession();
      const writer = target.client.startSession();
      try {
        reader.startTransaction(level ? { readConcern: { level } } : {});
        expect(await jobs.countDocuments({}, { session: reader })).toBe(3);
        writer.startTransaction();
        await jobs.insertOne({ _id: 5, status: 'open', n: 5 } as Document, { session: writer });
        await jobs.updateOne({ _id: 2 } as Document, { $inc: { n: 40 } }, { session: writer });
        await writer.commitTransaction();
        expect(await jobs.countDocuments({}, { session: reader })).toBe(3);
        expect(await jobs.findOne({ _id: 2 } as Document, { session: reader })).toMatchObject({ n: 2 });
        const [sum] = await jobs.aggregate([{ $match: { status: 'open' } }, { $group: { _id: null, n: { $sum: '$n' } } }], { session: reader }).toArray();
        expect(sum.n).toBe(3);
        await reader.commitTransaction();
      } finally {
        await Promise.all([reader.endSession(), writer.endSession()]);
      }
      expect(await jobs.findOne({ _id: 2 } as Document)).toMatchObject({ n: 42 });
    });

    it('sees its own writes on top of its snapshot', async () => {
      const session = target.client.startSession();
      try {
        session.startTransaction(level ? { readConcern: { level } } : {});
        await jobs.updateOne({ _id: 2 } as Document, { $set: { status: 'closed' } }, { session });
        await jobs.insertOne({ _id: 6, status: 'open', n: 6 } as Document, { session });
        await outsideWrites();
        expect(await jobs.countDocuments({ status: 'open' }, { session })).toBe(2); // 1 and 6
        expect((await jobs.find({}, { session }).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2, 3, 6]);
        await session.commitTransaction();
      } finally {
        await session.endSession();
      }
      expect((await jobs.find({}).sort({ _id: 1 }).toArray()).map((d) => [d._id, d.status])).toEqual([
        [1, 'closed'],
        [2, 'closed'],
        [4, 'open'],
        [6, 'open'],
      ]);
    });
  });
}

describe(`writes in a transaction target its snapshot (${SNAPSHOT_PAGE})`, () => {
  it('an update or delete by filter leaves documents inserted by others after the snapshot alone', async () => {
    const session = target.client.startSession();
    try {
      session.startTransaction({ readConcern: { level: 'snapshot' } });
      expect(await jobs.countDocuments({ status: 'open' }, { session })).toBe(2);
      await jobs.insertOne({ _id: 7, status: 'open', n: 7 } as Document);
      const up = await jobs.updateMany({ status: 'open' }, { $set: { touched: true } }, { session });
      expect(up.matchedCount).toBe(2);
      const del = await jobs.deleteMany({ status: 'open', n: { $gte: 2 } }, { session });
      expect(del.deletedCount).toBe(1); // _id 2, not the newer _id 7
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
    expect(await jobs.findOne({ _id: 7 } as Document)).toEqual({ _id: 7, status: 'open', n: 7 });
    expect((await jobs.find({ touched: true }).toArray()).map((d) => d._id)).toEqual([1]);
  });
});

describe(`write conflicts (${MANUAL}/core/transactions-production-consideration/#in-progress-transactions-and-write-conflicts)`, () => {
  it('writing a document changed after the snapshot fails with 112 WriteConflict, labelled TransientTransactionError', async () => {
    const session = target.client.startSession();
    try {
      session.startTransaction({ readConcern: { level: 'snapshot' } });
      expect(await jobs.findOne({ _id: 1 } as Document, { session })).toMatchObject({ n: 1 });
      await jobs.updateOne({ _id: 1 } as Document, { $set: { n: 7 } });
      const err = (await jobs.updateOne({ _id: 1 } as Document, { $inc: { n: 1 } }, { session }).catch((e: unknown) => e)) as { code?: number; hasErrorLabel?: (l: string) => boolean };
      expect(err).toMatchObject({ code: 112 });
      expect(err.hasErrorLabel?.('TransientTransactionError')).toBe(true);
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await jobs.findOne({ _id: 1 } as Document)).toMatchObject({ n: 7 });
  });

  it('withTransaction retries such a conflict on a fresh snapshot, so no update is lost', async () => {
    const session = target.client.startSession();
    let attempts = 0;
    try {
      await session.withTransaction(async () => {
        attempts++;
        const doc = await jobs.findOne({ _id: 2 } as Document, { session });
        if (attempts === 1) await jobs.updateOne({ _id: 2 } as Document, { $inc: { n: 100 } }); // someone else
        await jobs.updateOne({ _id: 2 } as Document, { $set: { n: (doc!.n as number) + 1 } }, { session });
      });
    } finally {
      await session.endSession();
    }
    expect(attempts).toBe(2);
    expect(await jobs.findOne({ _id: 2 } as Document)).toMatchObject({ n: 103 });
  });
});
