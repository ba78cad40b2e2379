import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.js';
import { startEmbeddedMongo } from '../src/index.js';
import { engineOf } from '../src/server-registry.js';
import { tempDir } from './helpers.js';

/** Deterministic pseudo-random numbers so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('randomised workload', () => {
  it('keeps indexes consistent with documents and with what was persisted', async () => {
    const tmp = tempDir();
    const server = await startEmbeddedMongo({ dbPath: tmp.dir });
    const clients = await Promise.all([0, 1, 2].map(() => MongoClient.connect(server.uri)));
    const setup = clients[0].db('r').collection('c');
    await setup.createIndex({ u: 1 }, { unique: true, sparse: true });
    await setup.createIndex({ tags: 1, n: -1 });
    await setup.createIndex({ 'sub.k': 1 }, { partialFilterExpression: { n: { $gte: 5 } } });
    const worker = async (client: MongoClient, seed: number) => {
      const rand = rng(seed);
      const c = client.db('r').collection('c');
      const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
      for (let i = 0; i < 120; i++) {
        const id = Math.floor(rand() * 40);
        const op = rand();
        try {
          if (op < 0.3) await c.insertOne({ _id: id as never, n: Math.floor(rand() * 10), tags: [pick(['a', 'b', 'c']), pick(['a', 'd'])], ...(rand() < 0.5 ? { u: Math.floor(rand() * 20) } : {}) });
          else if (op < 0.5) await c.updateOne({ _id: id as never }, { $inc: { n: 1 }, $set: { sub: { k: pick(['x', 'y']) } }, $addToSet: { tags: pick(['e', 'a']) } });
          else if (op < 0.6) await c.updateMany({ n: { $gt: 7 } }, { $unset: { u: '' } });
          else if (op < 0.7) await c.deleteOne({ _id: id as never });
          else if (op < 0.8) await c.replaceOne({ _id: id as never }, { n: 1, tags: [], u: Math.floor(rand() * 20) }, { upsert: true });
          else {
            const s = client.startSession();
            s.startTransaction();
            try {
              await c.updateOne({ _id: id as never }, { $set: { u: Math.floor(rand() * 20), n: 9 } }, { session: s });
              await c.insertOne({ _id: (100 + id) as never, n: 5, sub: { k: 'z' } }, { session: s });
              if (rand() < 0.5) await s.commitTransaction();
              else await s.abortTransaction();
            } catch {
              await s.abortTransaction().catch(() => undefined);
            } finally {
              await s.endSession();
            }
          }
        } catch (err) {
          // duplicate keys and write conflicts are expected outcomes of the random mix
          expect([11000, 112, 251]).toContain((err as { code?: number }).code);
        }
      }
    };
    await Promise.all(clients.map((c, i) => worker(c, 17 + i)));
    const live = (await clients[0].db('r').collection('c').find({}, { sort: { _id: 1 } }).toArray()).map((d) => JSON.stringify(d));
    const liveColl = engineOf(server)!.getColl('r', 'c')!;
    expect(liveColl.docs.size).toBeGreaterThan(10);
    expect(liveColl.verifyIndexes()).toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
    await server.stop();

    const engine = Engine.open(tmp.dir);
    const coll = engine.getColl('r', 'c')!;
    expect(coll.verifyIndexes()).toEqual([]);
    const persisted = [...coll.docs.values()].map((d) => JSON.stringify(d)).sort();
    expect(persisted).toEqual([...live].sort());
    await engine.close();
    tmp.cleanup();
  }, 60_000);

  it('keeps in-memory indexes consistent through aborted transactions', async () => {
    const server = await startEmbeddedMongo();
    const client = await MongoClient.connect(server.uri);
    const c = client.db('r').collection('t');
    await c.createIndex({ k: 1 }, { unique: true });
    await c.insertMany([{ _id: 1, k: 'a' }, { _id: 2, k: 'b' }] as never[]);
    const s = client.startSession();
    s.startTransaction();
    await c.updateOne({ _id: 1 as never }, { $set: { k: 'c' } }, { session: s });
    await c.deleteOne({ _id: 2 as never }, { session: s });
    await c.insertOne({ _id: 3 as never, k: 'b' }, { session: s });
    await s.abortTransaction();
    await s.endSession();
    expect(engineOf(server)!.getColl('r', 't')!.verifyIndexes()).toEqual([]);
    expect(await c.find({}, { sort: { _id: 1 } }).toArray()).toEqual([{ _id: 1, k: 'a' }, { _id: 2, k: 'b' }]);
    expect(await c.countDocuments({ k: 'c' })).toBe(0);
    await expect(c.insertOne({ k: 'a' })).rejects.toMatchObject({ code: 11000 });
    await c.insertOne({ k: 'c' });
    await client.close();
    await server.stop();
  });
});
