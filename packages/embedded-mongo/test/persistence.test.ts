import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serialize } from 'bson';
import { open } from 'lmdb';
import { MongoClient, ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { keyString } from '../src/bson-compare.js';
import { Engine } from '../src/engine.js';
import { startEmbeddedMongo } from '../src/index.js';
import { WriteContext } from '../src/write-context.js';
import { tempDir } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function withServer<T>(dbPath: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const server = await startEmbeddedMongo({ dbPath });
  const client = await MongoClient.connect(server.uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
    await server.stop();
  }
}

describe('durable storage', () => {
  it('keeps documents, indexes, drops and renames across restarts', async () => {
    const tmp = tempDir();
    await withServer(tmp.dir, async (client) => {
      const db = client.db('p');
      await db.collection('users').createIndex({ email: 1 }, { unique: true });
      await db.collection('users').insertMany([{ email: 'a', n: 1 }, { email: 'b', n: 2 }]);
      await db.collection('users').updateOne({ email: 'a' }, { $set: { n: 10 } });
      await db.collection('users').deleteOne({ email: 'b' });
      await db.collection('tmp').insertOne({ x: 1 });
      await db.collection('tmp').drop();
      await db.collection('old').insertOne({ y: 1 });
      await db.collection('long').insertOne({ _id: 'k'.repeat(3000) as never, v: 1 });
      await db.collection('long').insertOne({ _id: 'gone'.repeat(1000) as never, v: 2 });
      await db.collection('long').deleteOne({ v: 2 });
      await db.renameCollection('old', 'renamed');
    });
    await withServer(tmp.dir, async (client) => {
      const db = client.db('p');
      expect(await db.collection('users').find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ email: 'a', n: 10 }]);
      await expect(db.collection('users').insertOne({ email: 'a' })).rejects.toMatchObject({ code: 11000 });
      const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
      expect(names).toEqual(['long', 'renamed', 'users']);
      expect((await db.collection('long').find().toArray()).map((d) => [String(d._id).length, d.v])).toEqual([[3000, 1]]);
      expect(await db.collection('renamed').countDocuments({ y: 1 })).toBe(1);
      // recreating a dropped collection does not resurrect its documents
      expect(await db.collection('tmp').countDocuments()).toBe(0);
    });
    tmp.cleanup();
  });

  it('reloads documents whatever their _id type and length', async () => {
    const tmp = tempDir();
    const ids: unknown[] = [
      ...[1, 20, 55, 56, 57, 60, 100, 300, 511, 512, 513, 2000].map((n) => 'x'.repeat(n)),
      'sé日本🎉'.repeat(40),
      'nul\u0000inside',
      42,
      -1.5,
      new Date(0),
      new ObjectId(),
      { a: 1, b: 'two' },
      true,
    ];
    await withServer(tmp.dir, async (client) => {
      await client.db('ids').collection('c').insertMany(ids.map((_id, i) => ({ _id, i })) as never[]);
    });
    await withServer(tmp.dir, async (client) => {
      const docs = await client.db('ids').collection('c').find({}, { sort: { i: 1 } }).toArray();
      expect(docs.map((d) => d.i)).toEqual(ids.map((_, i) => i));
      expect(docs.map((d) => d._id)).toEqual(ids);
    });
    tmp.cleanup();
  });

  it('migrates documents stored under the legacy NUL-separated keys', async () => {
    const tmp = tempDir();
    const db = open<Buffer, string>({ path: tmp.dir, encoding: 'binary' });
    await db.put('c:old.c', Buffer.from(serialize({ db: 'old', name: 'c', options: {}, indexes: [{ v: 2, key: { _id: 1 }, name: '_id_' }] })));
    await db.put('d:old.c\u0000n1', Buffer.from(serialize({ _id: 1, v: 'legacy' })));
    await db.close();
    await withServer(tmp.dir, async (client) => {
      expect(await client.db('old').collection('c').findOne({ _id: 1 as never })).toEqual({ _id: 1, v: 'legacy' });
      await client.db('old').collection('c').updateOne({ _id: 1 as never }, { $set: { v: 'new' } });
    });
    await withServer(tmp.dir, async (client) => {
      expect(await client.db('old').collection('c').find().toArray()).toEqual([{ _id: 1, v: 'new' }]);
    });
    tmp.cleanup();
  });

  it('refuses a data directory written by a newer on-disk format', async () => {
    const tmp = tempDir();
    const db = open<Buffer, string>({ path: tmp.dir, encoding: 'binary' });
    await db.put('m:format', Buffer.from('99'));
    await db.close();
    await expect(startEmbeddedMongo({ dbPath: tmp.dir })).rejects.toThrow(/newer version/);
    tmp.cleanup();
  });

  it('refuses to open a data directory that is already in use', async () => {
    const tmp = tempDir();
    const first = await startEmbeddedMongo({ dbPath: tmp.dir });
    await expect(startEmbeddedMongo({ dbPath: tmp.dir })).rejects.toThrow(/already open/);
    await first.stop();
    const again = await startEmbeddedMongo({ dbPath: tmp.dir });
    await again.stop();
    tmp.cleanup();
  });

  it.each(['in-process', 'thread'])('loses no acknowledged write when the process is killed with SIGKILL (server %s)', async (mode) => {
    const tmp = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/crash-writer.ts'), tmp.dir, mode], {
      cwd: path.join(here, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const acked: number[] = [];
    let partial = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`writer too slow; acked ${acked.length}; stderr: ${stderr}`)), 30_000);
      child.stdout.on('data', (d: Buffer) => {
        const lines = (partial + d.toString()).split('\n');
        partial = lines.pop()!;
        for (const l of lines) acked.push(Number(l));
        if (acked.length >= 100) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => {
        clearTimeout(timer);
        if (acked.length < 100) reject(new Error(`writer exited early: ${stderr}`));
      });
    });
    await new Promise((r) => child.once('close', r));
    await withServer(tmp.dir, async (client) => {
      const coll = client.db('crash').collection('docs');
      for (const seq of acked) {
        if (seq % 10 === 9) {
          const batch = await coll.find({ batch: seq }).toArray();
          expect(batch).toHaveLength(20);
        } else {
          const doc = await coll.findOne({ seq });
          expect(doc, `acknowledged seq ${seq}`).not.toBeNull();
          expect(doc!.payload).toHaveLength(2000);
          expect(Buffer.from(doc!.bin.buffer).equals(Buffer.alloc(512, seq % 256))).toBe(true);
        }
      }
      // every stored document is whole, acknowledged or not
      for await (const doc of coll.find({})) expect(doc.payload).toHaveLength(2000);
      // transactions are all-or-nothing: each ledger pair goes with its document
      const ledger = client.db('crash').collection('ledger');
      const txnDocs = await coll.find({ txn: { $exists: true } }).toArray();
      expect(txnDocs.length).toBeGreaterThan(0);
      for (const d of txnDocs) expect((await ledger.find({ txn: d.txn }).toArray()).map((l) => l.side).sort()).toEqual(['credit', 'debit']);
      expect(await ledger.countDocuments()).toBe(txnDocs.length * 2);
      // the unique index still holds after recovery
      await expect(coll.insertOne({ seq: acked[0] })).rejects.toMatchObject({ code: 11000 });
    });
    tmp.cleanup();
  }, 40_000);
});

describe('storage failures', () => {
  it('rolls memory back and reports an error when a write cannot be made durable', async () => {
    const engine = Engine.open();
    const { coll } = engine.ensureColl('f', 'c');
    const ok = new WriteContext();
    coll.insert(ok, { _id: 1, v: 'kept' });
    await engine.flush(ok);
    engine.storage.write = () => Promise.reject(new Error('disk full'));
    const failing = new WriteContext();
    coll.insert(failing, { _id: 2, v: 'lost' });
    coll.replace(failing, keyString(1), { _id: 1, v: 'changed' });
    await expect(engine.flush(failing)).rejects.toThrow('disk full');
    expect(coll.get(keyString(2))).toBeUndefined();
    expect(coll.get(keyString(1))).toEqual({ _id: 1, v: 'kept' });
  });
});
