// Change streams, through the official driver, as the MongoDB 7.0 manual documents them. Each case names
// the manual page it follows. With MONGODB_URI set (a MongoDB 7 replica set) the same cases run against
// the real server; the cases that restart the server or shrink its history window run only embedded.
import mongoose, { Schema } from 'mongoose';
import { MongoClient, Timestamp, type ChangeStream, type ChangeStreamDocument, type Collection, type Db, type Document, type ResumeToken } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../../src/index.js';
import { tempDir } from '../helpers.js';

const MANUAL = 'https://www.mongodb.com/docs/v7.0';
const realServer = process.env.MONGODB_URI;

let client: MongoClient;
let server: EmbeddedMongo | undefined;
let uri: string;
let dbCount = 0;
const freshDb = (): Db => client.db(`cs_${process.pid}_${++dbCount}`);

beforeAll(async () => {
  if (realServer) uri = realServer;
  else {
    server = await startEmbeddedMongo();
    uri = server.uri;
  }
  client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
});
afterAll(async () => {
  for (let i = 1; i <= dbCount; i++) await client.db(`cs_${process.pid}_${i}`).dropDatabase().catch(() => undefined);
  await client.close();
  await server?.stop();
});

// A short await keeps tryNext() quick; next() keeps asking until an event arrives.
const STREAM_OPTS = { maxAwaitTimeMS: 100 };

/** Opens the stream on the server (the driver opens it lazily) so that later writes are seen. */
async function opened<T extends Document>(cs: ChangeStream<T>): Promise<ChangeStream<T>> {
  expect(await cs.tryNext()).toBeNull();
  return cs;
}

/** Reads the next `n` events. */
async function take<T extends Document>(cs: ChangeStream<T>, n: number): Promise<ChangeStreamDocument<T>[]> {
  const out: ChangeStreamDocument<T>[] = [];
  while (out.length < n) out.push((await cs.next()) as ChangeStreamDocument<T>);
  return out;
}

const streams: ChangeStream[] = [];
function track<T extends Document>(cs: ChangeStream<T>): ChangeStream<T> {
  streams.push(cs as unknown as ChangeStream);
  return cs;
}
afterAll(async () => {
  for (const cs of streams) await cs.close().catch(() => undefined);
});

describe('change events', () => {
  let coll: Collection;
  beforeAll(async () => {
    coll = freshDb().collection('events');
  });

  it(`insert event: fullDocument, ns, documentKey, clusterTime, wallTime and a resume token (${MANUAL}/reference/change-events/insert/)`, async () => {
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    const { insertedId } = await coll.insertOne({ name: 'Ann', n: 1 });
    const [ev] = await take(cs, 1);
    expect(ev).toMatchObject({
      operationType: 'insert',
      fullDocument: { _id: insertedId, name: 'Ann', n: 1 },
      ns: { db: coll.dbName, coll: coll.collectionName },
      documentKey: { _id: insertedId },
    });
    expect(typeof (ev._id as { _data: unknown })._data).toBe('string');
    expect((ev as { clusterTime: unknown }).clusterTime).toBeInstanceOf(Timestamp);
    expect((ev as { wallTime: unknown }).wallTime).toBeInstanceOf(Date);
  });

  it(`update event: updateDescription lists updated fields by path and removed fields (${MANUAL}/reference/change-events/update/)`, async () => {
    const { insertedId } = await coll.insertOne({ a: 1, b: 'x', nested: { k: 1, keep: true }, tags: ['one', 'two'] });
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.updateOne({ _id: insertedId }, { $set: { b: 'y', 'nested.k': 2 }, $inc: { a: 5 }, $unset: { gone: '' } });
    await coll.updateOne({ _id: insertedId }, { $unset: { b: '' }, $push: { tags: 'three' } } as Document);
    const [first, second] = await take(cs, 2);
    expect(first).toMatchObject({ operationType: 'update', documentKey: { _id: insertedId }, ns: { db: coll.dbName, coll: coll.collectionName } });
    const d1 = (first as { updateDescription: Document }).updateDescription;
    expect(d1.updatedFields).toEqual({ a: 6, b: 'y', 'nested.k': 2 });
    expect(d1.removedFields).toEqual([]);
    expect(first).not.toHaveProperty('fullDocument');
    const d2 = (second as { updateDescription: Document }).updateDescription;
    expect(d2.removedFields).toEqual(['b']);
    expect(d2.updatedFields).toEqual({ 'tags.2': 'three' });
  });

  it(`update event: a subdocument set as a whole is reported whole; a $pull reports the new array (${MANUAL}/reference/change-events/update/)`, async () => {
    const { insertedId } = await coll.insertOne({ profile: { city: 'Oslo', zip: '0150' }, skills: ['ts', 'go', 'sql'] });
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.updateOne({ _id: insertedId }, { $set: { profile: { city: 'Bergen', zip: '0150' } } });
    await coll.updateOne({ _id: insertedId }, { $pull: { skills: 'go' } } as Document);
    const [set, pull] = await take(cs, 2);
    expect((set as { updateDescription: Document }).updateDescription.updatedFields).toEqual({ profile: { city: 'Bergen', zip: '0150' } });
    expect((pull as { updateDescription: Document }).updateDescription.updatedFields).toEqual({ skills: ['ts', 'sql'] });
  });

  it(`update event: an array shortened by a pipeline update is reported in truncatedArrays (${MANUAL}/reference/change-events/update/#std-label-change-event-update-truncatedArrays)`, async () => {
    const { insertedId } = await coll.insertOne({ list: [1, 2, 3, 4] });
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.updateOne({ _id: insertedId }, [{ $set: { list: { $slice: ['$list', 2] } } }]);
    const [ev] = await take(cs, 1);
    expect((ev as { updateDescription: Document }).updateDescription.truncatedArrays).toEqual([{ field: 'list', newSize: 2 }]);
  });

  it(`replace and delete events (${MANUAL}/reference/change-events/replace/, ${MANUAL}/reference/change-events/delete/)`, async () => {
    const { insertedId } = await coll.insertOne({ v: 1 });
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.replaceOne({ _id: insertedId }, { v: 2, replaced: true });
    await coll.deleteOne({ _id: insertedId });
    const [replace, del] = await take(cs, 2);
    expect(replace).toMatchObject({ operationType: 'replace', fullDocument: { _id: insertedId, v: 2, replaced: true }, documentKey: { _id: insertedId } });
    expect(del).toMatchObject({ operationType: 'delete', documentKey: { _id: insertedId }, ns: { db: coll.dbName, coll: coll.collectionName } });
    expect(del).not.toHaveProperty('fullDocument');
  });

  it(`fullDocument: 'updateLookup' returns the current document, null once it is deleted (${MANUAL}/changeStreams/#lookup-full-document-for-update-operations)`, async () => {
    const { insertedId } = await coll.insertOne({ stage: 'new' });
    const cs = track(await opened(coll.watch([], { ...STREAM_OPTS, fullDocument: 'updateLookup' })));
    await coll.updateOne({ _id: insertedId }, { $set: { stage: 'screen' } });
    const [ev] = await take(cs, 1);
    expect(ev).toMatchObject({ operationType: 'update', fullDocument: { _id: insertedId, stage: 'screen' } });

    await coll.updateOne({ _id: insertedId }, { $set: { stage: 'offer' } });
    await coll.deleteOne({ _id: insertedId });
    const [upd, del] = await take(cs, 2);
    expect(upd).toMatchObject({ operationType: 'update', fullDocument: null });
    expect(del.operationType).toBe('delete');
  });

  it(`drop then invalidate closes a collection stream; rename is reported with its target (${MANUAL}/reference/change-events/drop/, ${MANUAL}/reference/change-events/invalidate/, ${MANUAL}/reference/change-events/rename/)`, async () => {
    const db = freshDb();
    await db.collection('gone').insertOne({ x: 1 });
    const cs = track(await opened(db.collection('gone').watch([], STREAM_OPTS)));
    await db.collection('gone').drop();
    const [drop, invalidate] = await take(cs, 2);
    expect(drop).toMatchObject({ operationType: 'drop', ns: { db: db.databaseName, coll: 'gone' } });
    expect(invalidate.operationType).toBe('invalidate');
    expect(cs.closed || !(await cs.hasNext().catch(() => false))).toBe(true);

    await db.collection('from').insertOne({ x: 1 });
    const dbStream = track(await opened(db.watch([], STREAM_OPTS)));
    await db.collection('from').rename('to');
    const [rename] = await take(dbStream, 1);
    expect(rename).toMatchObject({ operationType: 'rename', ns: { db: db.databaseName, coll: 'from' }, to: { db: db.databaseName, coll: 'to' } });
  });
});

describe('scopes and pipelines', () => {
  it(`db.watch() sees every collection of the database and nothing of others (${MANUAL}/changeStreams/#watch-a-collection--database--or-deployment)`, async () => {
    const db = freshDb();
    const other = freshDb();
    const cs = track(await opened(db.watch([], STREAM_OPTS)));
    await other.collection('x').insertOne({ where: 'other' });
    await db.collection('a').insertOne({ where: 'a' });
    await db.collection('b').insertOne({ where: 'b' });
    const evs = await take(cs, 2);
    expect(evs.map((e) => (e as { fullDocument: Document }).fullDocument.where)).toEqual(['a', 'b']);
    expect(evs.map((e) => (e as { ns: Document }).ns.coll)).toEqual(['a', 'b']);
  });

  it(`client.watch() sees all databases (${MANUAL}/changeStreams/#watch-a-collection--database--or-deployment)`, async () => {
    const one = freshDb();
    const two = freshDb();
    const marker = `m${Date.now()}`;
    const cs = track(await opened(client.watch([{ $match: { 'fullDocument.marker': marker } }], STREAM_OPTS)));
    await one.collection('c').insertOne({ marker, n: 1 });
    await two.collection('c').insertOne({ marker, n: 2 });
    const evs = await take(cs, 2);
    expect(evs.map((e) => (e as { ns: Document }).ns.db)).toEqual([one.databaseName, two.databaseName]);
  });

  it(`$match and $project after $changeStream filter and shape events (${MANUAL}/changeStreams/#modify-change-stream-output)`, async () => {
    const coll = freshDb().collection('shaped');
    const cs = track(
      await opened(
        coll.watch(
          [{ $match: { operationType: 'insert', 'fullDocument.status': 'hired' } }, { $project: { operationType: 1, 'fullDocument.name': 1 } }],
          STREAM_OPTS,
        ),
      ),
    );
    await coll.insertOne({ name: 'skip', status: 'new' });
    await coll.insertOne({ name: 'Bea', status: 'hired', salary: 1 });
    const [ev] = await take(cs, 1);
    expect(ev).toEqual({ _id: ev._id, operationType: 'insert', fullDocument: { name: 'Bea' } });
  });

  it(`a pipeline that removes _id fails the stream with ChangeStreamFatalError (280) (${MANUAL}/changeStreams/#modify-change-stream-output)`, async () => {
    const coll = freshDb().collection('noid');
    const cs = track(await opened(coll.watch([{ $project: { _id: 0 } }], STREAM_OPTS)));
    await coll.insertOne({ x: 1 });
    await expect(cs.next()).rejects.toMatchObject({ code: 280 });
  });

  it(`stages other than the documented ones are refused after $changeStream (${MANUAL}/changeStreams/#modify-change-stream-output)`, async () => {
    const coll = freshDb().collection('refused');
    const cs = track(coll.watch([{ $group: { _id: '$operationType' } }], STREAM_OPTS));
    await expect(cs.tryNext()).rejects.toThrow(/not permitted/);
  });
});

describe('resuming', () => {
  it(`resumeAfter continues after the given event (${MANUAL}/changeStreams/#resumeafter-for-change-streams)`, async () => {
    const coll = freshDb().collection('resume');
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.insertMany([{ i: 1 }, { i: 2 }, { i: 3 }]);
    const [first] = await take(cs, 1);
    const resumed = track(coll.watch([], { ...STREAM_OPTS, resumeAfter: first._id }));
    const evs = await take(resumed, 2);
    expect(evs.map((e) => (e as { fullDocument: Document }).fullDocument.i)).toEqual([2, 3]);
  });

  it(`startAtOperationTime starts at the given cluster time, inclusive (${MANUAL}/changeStreams/#startatoperationtime)`, async () => {
    const coll = freshDb().collection('attime');
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.insertOne({ i: 1 });
    await coll.insertOne({ i: 2 });
    const [, second] = await take(cs, 2);
    const from = (second as { clusterTime: Timestamp }).clusterTime;
    const again = track(coll.watch([], { ...STREAM_OPTS, startAtOperationTime: from }));
    const [ev] = await take(again, 1);
    expect((ev as { fullDocument: Document }).fullDocument.i).toBe(2);
  });

  it(`startAfter an invalidate starts a new stream; resumeAfter an invalidate is refused (${MANUAL}/changeStreams/#startafter-for-change-streams)`, async () => {
    const db = freshDb();
    await db.collection('cycle').insertOne({ gen: 1 });
    const cs = track(await opened(db.collection('cycle').watch([], STREAM_OPTS)));
    await db.collection('cycle').drop();
    const [, invalidate] = await take(cs, 2);
    expect(invalidate.operationType).toBe('invalidate');
    await db.collection('cycle').insertOne({ gen: 2 });
    const after = track(db.collection('cycle').watch([], { ...STREAM_OPTS, startAfter: invalidate._id }));
    const [ev] = await take(after, 1);
    expect(ev).toMatchObject({ operationType: 'insert', fullDocument: { gen: 2 } });
    const refused = track(db.collection('cycle').watch([], { ...STREAM_OPTS, resumeAfter: invalidate._id }));
    await expect(refused.tryNext()).rejects.toMatchObject({ code: 260 });
  });

  it(`the postBatchResumeToken advances past events the pipeline filters out (${MANUAL}/changeStreams/#resume-tokens-from-postbatchresumetoken)`, async () => {
    const coll = freshDb().collection('pbrt');
    const cs = track(await opened(coll.watch([{ $match: { 'fullDocument.keep': true } }], STREAM_OPTS)));
    const before = cs.resumeToken as ResumeToken;
    expect(before).toHaveProperty('_data');
    await coll.insertMany([{ keep: false }, { keep: false }]);
    // Poll until the stream has moved past the filtered writes; a resume from there sees only later events.
    let token = cs.resumeToken;
    while (JSON.stringify(token) === JSON.stringify(before)) {
      expect(await cs.tryNext()).toBeNull();
      token = cs.resumeToken;
    }
    await coll.insertOne({ keep: true, n: 'after' });
    const resumed = track(coll.watch([], { ...STREAM_OPTS, resumeAfter: token }));
    const [ev] = await take(resumed, 1);
    expect((ev as { fullDocument: Document }).fullDocument).toMatchObject({ keep: true, n: 'after' });
  });
});

describe('awaiting and transactions', () => {
  it(`a waiting next() is woken by the write, without the driver polling (${MANUAL}/changeStreams/#open-a-change-stream)`, async () => {
    const watcher = await MongoClient.connect(uri, { monitorCommands: true });
    try {
      const coll = watcher.db(freshDb().databaseName).collection('wake');
      // The server holds each getMore up to a minute: only a wake-up on commit lets this finish in time.
      const cs = coll.watch([], { maxAwaitTimeMS: 60_000 });
      const getMoreSent = new Promise<void>((resolve) => watcher.on('commandStarted', (e) => e.commandName === 'getMore' && resolve()));
      const pending = cs.next();
      await getMoreSent;
      await client.db(coll.dbName).collection('wake').insertOne({ woke: true });
      expect(await pending).toMatchObject({ operationType: 'insert', fullDocument: { woke: true } });
      await cs.close();
    } finally {
      await watcher.close();
    }
  });

  it(`transaction writes appear only when it commits, in order, with lsid and txnNumber (${MANUAL}/reference/change-events/insert/#std-label-change-event-insert)`, async () => {
    const db = freshDb();
    const coll = db.collection('txn');
    await db.createCollection('txn');
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    const session = client.startSession();
    try {
      session.startTransaction();
      await coll.insertOne({ t: 'a' }, { session });
      await coll.updateOne({ t: 'a' }, { $set: { seen: true } }, { session });
      await coll.insertOne({ t: 'b' }, { session });
      // A write outside the transaction shows up first: nothing of the transaction is visible yet.
      await coll.insertOne({ t: 'outside' });
      const [outside] = await take(cs, 1);
      expect((outside as { fullDocument: Document }).fullDocument.t).toBe('outside');
      expect(outside).not.toHaveProperty('lsid');
      await session.commitTransaction();
      const evs = await take(cs, 3);
      expect(evs.map((e) => e.operationType)).toEqual(['insert', 'update', 'insert']);
      for (const e of evs) expect(e).toHaveProperty('lsid.id');
      for (const e of evs) expect(Number((e as { txnNumber: unknown }).txnNumber)).toBeGreaterThan(0);
      const times = evs.map((e) => (e as { clusterTime: Timestamp }).clusterTime.toString());
      expect(new Set(times).size).toBe(1);

      session.startTransaction();
      await coll.insertOne({ t: 'aborted' }, { session });
      await session.abortTransaction();
      await coll.insertOne({ t: 'marker' });
      const [next] = await take(cs, 1);
      expect((next as { fullDocument: Document }).fullDocument.t).toBe('marker');
    } finally {
      await session.endSession();
    }
  });
});

describe('pre- and post-images', () => {
  it(`with changeStreamPreAndPostImages, whenAvailable/required give post-images and fullDocumentBeforeChange the pre-image (${MANUAL}/changeStreams/#change-streams-with-document-pre--and-post-images)`, async () => {
    const db = freshDb();
    const coll = await db.createCollection('images', { changeStreamPreAndPostImages: { enabled: true } });
    const { insertedId } = await coll.insertOne({ v: 1 });
    const cs = track(await opened(coll.watch([], { ...STREAM_OPTS, fullDocument: 'required', fullDocumentBeforeChange: 'whenAvailable' })));
    await coll.updateOne({ _id: insertedId }, { $set: { v: 2 } });
    await coll.deleteOne({ _id: insertedId });
    const [upd, del] = await take(cs, 2);
    expect(upd).toMatchObject({ operationType: 'update', fullDocument: { _id: insertedId, v: 2 }, fullDocumentBeforeChange: { _id: insertedId, v: 1 } });
    expect(del).toMatchObject({ operationType: 'delete', fullDocumentBeforeChange: { _id: insertedId, v: 2 } });
  });

  it(`without it, whenAvailable gives null and required fails the stream (${MANUAL}/reference/method/db.collection.watch/)`, async () => {
    const coll = freshDb().collection('noimages');
    const { insertedId } = await coll.insertOne({ v: 1 });
    const lenient = track(await opened(coll.watch([], { ...STREAM_OPTS, fullDocument: 'whenAvailable', fullDocumentBeforeChange: 'whenAvailable' })));
    const strict = track(await opened(coll.watch([], { ...STREAM_OPTS, fullDocumentBeforeChange: 'required' })));
    await coll.updateOne({ _id: insertedId }, { $set: { v: 2 } });
    const [ev] = await take(lenient, 1);
    expect(ev).toMatchObject({ operationType: 'update', fullDocument: null, fullDocumentBeforeChange: null });
    await expect(strict.next()).rejects.toMatchObject({ code: 47 });
  });
});

describe('mongoose', () => {
  it(`Model.watch() delivers change events (${MANUAL}/changeStreams/)`, async () => {
    const conn = mongoose.createConnection();
    await conn.openUri(uri, { dbName: freshDb().databaseName });
    try {
      const Stage = conn.model('Stage', new Schema({ name: String, order: Number }));
      await Stage.createCollection();
      // Start from "now" explicitly, so the write below cannot slip in before the stream is open.
      const probe = await opened(client.db(conn.db!.databaseName).collection('stages').watch([], STREAM_OPTS));
      const stream = Stage.watch([], { resumeAfter: probe.resumeToken, fullDocument: 'updateLookup' });
      await probe.close();
      const got = new Promise<Document>((resolve) => stream.on('change', resolve));
      const created = await Stage.create({ name: 'Screen', order: 1 });
      const change = await got;
      expect(change).toMatchObject({ operationType: 'insert', fullDocument: { name: 'Screen', order: 1 } });
      expect(String((change.documentKey as Document)._id)).toBe(String(created._id));
      await stream.close();
    } finally {
      await conn.close();
    }
  });
});

describe.runIf(!realServer)('history window (embedded server)', () => {
  it('resuming from before the window fails with ChangeStreamHistoryLost (286)', async () => {
    const small = await startEmbeddedMongo({ changeStreamHistory: { maxEvents: 5 } });
    const c = await MongoClient.connect(small.uri);
    try {
      const coll = c.db('w').collection('c');
      const cs = await opened(coll.watch([], STREAM_OPTS));
      await coll.insertOne({ i: 0 });
      const [first] = await take(cs, 1);
      await cs.close();
      await coll.insertMany(Array.from({ length: 10 }, (_, i) => ({ i: i + 1 })));
      const late = coll.watch([], { ...STREAM_OPTS, resumeAfter: first._id });
      await expect(late.tryNext()).rejects.toMatchObject({ code: 286, codeName: 'ChangeStreamHistoryLost' });
      await late.close();
      const atTime = coll.watch([], { ...STREAM_OPTS, startAtOperationTime: (first as { clusterTime: Timestamp }).clusterTime });
      await expect(atTime.tryNext()).rejects.toMatchObject({ code: 286 });
      await atTime.close();
    } finally {
      await c.close();
      await small.stop();
    }
  });

  it('the window is also bounded in bytes: large documents push old events out', async () => {
    const small = await startEmbeddedMongo({ changeStreamHistory: { maxBytes: 64 * 1024 } });
    const c = await MongoClient.connect(small.uri);
    try {
      const coll = c.db('w').collection('big');
      const cs = await opened(coll.watch([], STREAM_OPTS));
      await coll.insertOne({ i: 0 });
      const [first] = await take(cs, 1);
      await cs.close();
      for (let i = 1; i <= 4; i++) await coll.insertOne({ i, blob: 'x'.repeat(30 * 1024) });
      const late = coll.watch([], { ...STREAM_OPTS, resumeAfter: first._id });
      await expect(late.tryNext()).rejects.toMatchObject({ code: 286 });
      await late.close();
    } finally {
      await c.close();
      await small.stop();
    }
  });

  it('a token of another (in-memory) server is refused with 286 rather than misread', async () => {
    const coll = client.db(freshDb().databaseName).collection('c');
    const cs = track(await opened(coll.watch([], STREAM_OPTS)));
    await coll.insertOne({ i: 1 });
    const [ev] = await take(cs, 1);
    const other = await startEmbeddedMongo();
    const c = await MongoClient.connect(other.uri);
    try {
      const foreign = c.db(coll.dbName).collection('c').watch([], { ...STREAM_OPTS, resumeAfter: ev._id });
      await expect(foreign.tryNext()).rejects.toMatchObject({ code: 286 });
      await foreign.close();
    } finally {
      await c.close();
      await other.stop();
    }
  });

  it('a live watch() carries on by itself across a server restart (the driver resumes from its token)', async () => {
    const tmp = tempDir();
    let s = await startEmbeddedMongo({ dbPath: tmp.dir });
    const c = await MongoClient.connect(s.uri, { serverSelectionTimeoutMS: 15_000 });
    let w: MongoClient | undefined;
    try {
      const cs = await opened(c.db('live').collection('c').watch([], STREAM_OPTS));
      const pending = cs.next();
      await s.stop();
      s = await startEmbeddedMongo({ dbPath: tmp.dir, port: s.port });
      w = await MongoClient.connect(s.uri);
      await w.db('live').collection('c').insertOne({ after: 'restart' });
      expect(await pending).toMatchObject({ operationType: 'insert', fullDocument: { after: 'restart' } });
      await cs.close();
    } finally {
      await w?.close();
      await c.close();
      await s.stop();
      tmp.cleanup();
    }
  });

  it('the event log survives a restart: a client resumes from its token', async () => {
    const tmp = tempDir();
    try {
      let s = await startEmbeddedMongo({ dbPath: tmp.dir });
      let c = await MongoClient.connect(s.uri);
      const coll = () => c.db('r').collection('c');
      const cs = await opened(coll().watch([], STREAM_OPTS));
      await coll().insertOne({ i: 1 });
      const [first] = await take(cs, 1);
      await cs.close();
      await coll().insertMany([{ i: 2 }, { i: 3 }]);
      await c.close();
      await s.stop();

      s = await startEmbeddedMongo({ dbPath: tmp.dir });
      c = await MongoClient.connect(s.uri);
      const resumed = coll().watch([], { ...STREAM_OPTS, resumeAfter: first._id });
      const evs = await take(resumed, 2);
      expect(evs.map((e) => (e as { fullDocument: Document }).fullDocument.i)).toEqual([2, 3]);
      await coll().insertOne({ i: 4 });
      const [later] = await take(resumed, 1);
      expect((later as { fullDocument: Document }).fullDocument.i).toBe(4);
      // Cluster times keep increasing across the restart.
      const t = (e: ChangeStreamDocument) => (e as { clusterTime: Timestamp }).clusterTime;
      expect(t(later).compare(t(evs[1]))).toBeGreaterThan(0);
      await resumed.close();
      await c.close();
      await s.stop();
    } finally {
      tmp.cleanup();
    }
  });
});
