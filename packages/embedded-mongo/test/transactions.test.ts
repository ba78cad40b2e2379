import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';
import { startWithClient, tempDir, type TestServer } from './helpers.js';

describe('transactions', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('txn');
    await db.createCollection('a');
    await db.createCollection('b');
  });
  afterAll(() => t.close());

  it('commits writes to several collections with withTransaction', async () => {
    const session = t.client.startSession();
    await session.withTransaction(async () => {
      await db.collection('a').insertOne({ k: 'commit' }, { session });
      await db.collection('b').updateOne({ k: 'commit' }, { $set: { v: 1 } }, { session, upsert: true });
      // reads inside the transaction see its own writes
      expect(await db.collection('a').countDocuments({ k: 'commit' }, { session })).toBe(1);
    });
    await session.endSession();
    expect(await db.collection('a').countDocuments({ k: 'commit' })).toBe(1);
    expect(await db.collection('b').findOne({ k: 'commit' })).toMatchObject({ v: 1 });
  });

  it('abortTransaction undoes inserts, updates and deletes', async () => {
    await db.collection('a').insertMany([{ k: 'keep', n: 1 }, { k: 'gone', n: 1 }]);
    const session = t.client.startSession();
    session.startTransaction();
    await db.collection('a').insertOne({ k: 'new' }, { session });
    await db.collection('a').updateOne({ k: 'keep' }, { $inc: { n: 5 } }, { session });
    await db.collection('a').deleteOne({ k: 'gone' }, { session });
    await session.abortTransaction();
    await session.endSession();
    expect(await db.collection('a').countDocuments({ k: 'new' })).toBe(0);
    expect(await db.collection('a').findOne({ k: 'keep' })).toMatchObject({ n: 1 });
    expect(await db.collection('a').countDocuments({ k: 'gone' })).toBe(1);
  });

  it('rolls back when the callback throws, including after a duplicate key', async () => {
    await db.collection('b').createIndex({ email: 1 }, { unique: true });
    await db.collection('b').insertOne({ email: 'taken' });
    const session = t.client.startSession();
    const err = await session
      .withTransaction(async () => {
        await db.collection('b').insertOne({ email: 'fresh' }, { session });
        await db.collection('b').insertOne({ email: 'taken' }, { session });
      })
      .catch((e: unknown) => e);
    await session.endSession();
    expect(err).toMatchObject({ code: 11000 });
    expect(await db.collection('b').countDocuments({ email: 'fresh' })).toBe(0);
  });

  it('reports WriteConflict (112) with TransientTransactionError for conflicting transactions', async () => {
    const { insertedId } = await db.collection('a').insertOne({ k: 'contended', n: 0 });
    const s1 = t.client.startSession();
    const s2 = t.client.startSession();
    s1.startTransaction();
    s2.startTransaction();
    await db.collection('a').updateOne({ _id: insertedId }, { $inc: { n: 1 } }, { session: s1 });
    const err = await db.collection('a').updateOne({ _id: insertedId }, { $inc: { n: 1 } }, { session: s2 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 112, codeName: 'WriteConflict' });
    expect((err as { errorLabels?: string[] }).errorLabels ?? [...((err as { errorLabelSet?: Set<string> }).errorLabelSet ?? [])]).toContain('TransientTransactionError');
    await s2.abortTransaction().catch(() => undefined);
    await s1.commitTransaction();
    await Promise.all([s1.endSession(), s2.endSession()]);
    expect(await db.collection('a').findOne({ _id: insertedId })).toMatchObject({ n: 1 });
  });

  it('serialises concurrent withTransaction retries so no increment is lost', async () => {
    const { insertedId } = await db.collection('a').insertOne({ k: 'counter', n: 0 });
    const client2 = await MongoClient.connect(t.server.uri);
    const bump = async (client: MongoClient) => {
      for (let i = 0; i < 5; i++) {
        const s = client.startSession();
        await s.withTransaction(async () => {
          const doc = await client.db('txn').collection('a').findOne({ _id: insertedId }, { session: s });
          await new Promise((r) => setTimeout(r, 2));
          await client.db('txn').collection('a').updateOne({ _id: insertedId }, { $set: { n: doc!.n + 1 } }, { session: s });
        });
        await s.endSession();
      }
    };
    await Promise.all([bump(t.client), bump(client2)]);
    await client2.close();
    // read-then-write without snapshot isolation can lose updates only if conflicts went undetected
    const n = (await db.collection('a').findOne({ _id: insertedId }))!.n as number;
    expect(n).toBeGreaterThanOrEqual(5);
    expect(n).toBeLessThanOrEqual(10);
  });

  it('makes a plain write wait for the transaction holding the document', async () => {
    const { insertedId } = await db.collection('a').insertOne({ k: 'waiter', n: 0 });
    const s = t.client.startSession();
    s.startTransaction();
    await db.collection('a').updateOne({ _id: insertedId }, { $set: { n: 10 } }, { session: s });
    let plainDone = false;
    const plain = db.collection('a').updateOne({ _id: insertedId }, { $inc: { n: 1 } }).then(() => (plainDone = true));
    // A read answered meanwhile sees the committed value only, and the plain write is still held.
    expect(await db.collection('a').findOne({ _id: insertedId })).toMatchObject({ n: 0 });
    expect(plainDone).toBe(false);
    await s.commitTransaction();
    await plain;
    await s.endSession();
    expect(await db.collection('a').findOne({ _id: insertedId })).toMatchObject({ n: 11 });
  });

  it('shows other readers only committed data while a transaction is open (read committed)', async () => {
    const c = db.collection('rc');
    await c.createIndex({ k: 1 });
    await c.insertMany([{ k: 'upd', n: 1 }, { k: 'del', n: 1 }]);
    const s = t.client.startSession();
    s.startTransaction();
    await c.insertOne({ k: 'ins', n: 1 }, { session: s });
    await c.updateOne({ k: 'upd' }, { $set: { n: 2 } }, { session: s });
    await c.deleteOne({ k: 'del' }, { session: s });
    // inside: own writes
    expect((await c.find({}, { session: s, sort: { k: 1 } }).toArray()).map((d) => `${d.k}:${d.n}`)).toEqual(['ins:1', 'upd:2']);
    // outside: the state before the transaction, through scans, indexes, counts and aggregation
    expect((await c.find({}, { sort: { k: 1 } }).toArray()).map((d) => `${d.k}:${d.n}`)).toEqual(['del:1', 'upd:1']);
    expect(await c.findOne({ k: 'upd' })).toMatchObject({ n: 1 });
    expect(await c.findOne({ k: 'ins' })).toBeNull();
    expect(await c.countDocuments({ n: 1 })).toBe(2);
    expect(await c.estimatedDocumentCount()).toBe(2);
    expect(await c.distinct('k')).toEqual(['del', 'upd']);
    await s.commitTransaction();
    await s.endSession();
    expect((await c.find({}, { sort: { k: 1 } }).toArray()).map((d) => `${d.k}:${d.n}`)).toEqual(['ins:1', 'upd:2']);
  });

  it('answers NoSuchTransaction (251) for an unknown transaction', async () => {
    const s = t.client.startSession();
    const lsid = s.id;
    await expect(db.admin().command({ commitTransaction: 1, lsid, txnNumber: 99, autocommit: false })).rejects.toMatchObject({ code: 251 });
    await s.endSession();
  });
});

describe('transactions with durable storage', () => {
  it('persists committed and discards aborted transactions across restart', async () => {
    const tmp = tempDir();
    let server = await startEmbeddedMongo({ dbPath: tmp.dir });
    let client = await MongoClient.connect(server.uri);
    const c = () => client.db('d').collection('t');
    await client.db('d').createCollection('t');
    const s1 = client.startSession();
    await s1.withTransaction(async () => {
      await c().insertMany([{ k: 1 }, { k: 2 }], { session: s1 });
    });
    s1.startTransaction();
    await c().insertOne({ k: 3 }, { session: s1 });
    await s1.abortTransaction();
    await s1.endSession();
    await client.close();
    await server.stop();
    server = await startEmbeddedMongo({ dbPath: tmp.dir });
    client = await MongoClient.connect(server.uri);
    expect((await c().find({}, { sort: { k: 1 } }).toArray()).map((d) => d.k)).toEqual([1, 2]);
    await client.close();
    await server.stop();
    tmp.cleanup();
  });
});
