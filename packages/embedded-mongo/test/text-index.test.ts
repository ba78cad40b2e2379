// The text index behind $text: consistency under writes and aborted transactions, restarts, and that a
// search reads postings instead of scanning the collection.
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';
import { engineOf } from '../src/server-registry.js';
import { parseSearch } from '../src/text/text-search.js';
import { scoreString } from '../src/text/tokenize.js';
import { startWithClient, tempDir } from './helpers.js';

describe('text index internals', () => {
  it('parses terms, phrases and negations with stemming and stop words', () => {
    expect(parseSearch('the Running "coffee shop" -decaf -"instant coffee"', { language: 'english' })).toEqual({
      terms: ['run', 'coffe', 'shop'],
      negated: ['decaf'],
      phrases: ['coffee shop'],
      negatedPhrases: ['instant coffee'],
    });
  });

  it('scores repeated terms with diminishing weight and boosts an exact field (MongoDB formula)', () => {
    const once = new Map<string, number>();
    scoreString('coffee', 1, { language: 'english' }, once);
    // The boost needs the field to equal the (stemmed) term: 'coffee' stems to 'coffe', 'shop' to itself.
    expect(once.get('coffe')).toBeCloseTo(1);
    scoreString('Shop', 1, { language: 'english' }, once);
    expect(once.get('shop')).toBeCloseTo(1.1);
    const twice = new Map<string, number>();
    scoreString('coffee shop coffee', 2, { language: 'english' }, twice);
    // freq 1 + 1/2, coefficient 0.5 * 2/3 + 0.5, weight 2
    expect(twice.get('coffe')).toBeCloseTo(2 * 1.5 * (0.5 * (2 / 3) + 0.5));
  });

  it('stays consistent through writes and aborted transactions', async () => {
    const t = await startWithClient();
    try {
      const c = t.client.db('tx').collection<{ _id: number; body: string }>('notes');
      await c.createIndex({ body: 'text' });
      await c.insertMany([{ _id: 1, body: 'alpha beta' }, { _id: 2, body: 'gamma' }]);
      const session = t.client.startSession();
      session.startTransaction();
      await c.updateOne({ _id: 1 }, { $set: { body: 'delta' } }, { session });
      await c.deleteOne({ _id: 2 }, { session });
      await session.abortTransaction();
      await session.endSession();
      expect((await c.find({ $text: { $search: 'alpha gamma' } }).toArray()).map((d) => d._id).sort()).toEqual([1, 2]);
      expect(await c.countDocuments({ $text: { $search: 'delta' } })).toBe(0);
      expect(engineOf(t.server)!.getColl('tx', 'notes')!.verifyIndexes()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('answers from postings: a search does not read non-matching documents', async () => {
    const t = await startWithClient();
    try {
      const c = t.client.db('scan').collection<{ _id: number; body: string }>('docs');
      await c.createIndex({ body: 'text' });
      await c.insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: i, body: i === 1234 ? 'needle here' : `hay ${i}` })));
      const coll = engineOf(t.server)!.getColl('scan', 'docs')!;
      let reads = 0;
      const get = coll.get.bind(coll);
      coll.get = (id: string) => {
        reads++;
        return get(id);
      };
      expect((await c.find({ $text: { $search: 'needle' } }).toArray()).map((d) => d._id)).toEqual([1234]);
      expect(reads).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('rebuilds the text index from the catalog after a restart', async () => {
    const tmp = tempDir();
    try {
      for (const round of [0, 1]) {
        const server = await startEmbeddedMongo({ dbPath: tmp.dir });
        const client = await MongoClient.connect(server.uri);
        const c = client.db('dur').collection<{ _id: number; body: string }>('notes');
        if (round === 0) {
          await c.createIndex({ body: 'text' }, { weights: { body: 3 } });
          await c.insertOne({ _id: 1, body: 'durable search' });
        } else {
          expect((await c.find({ $text: { $search: 'searching' } }).toArray()).map((d) => d._id)).toEqual([1]);
          expect((await c.indexes()).find((i) => i.name === 'body_text')).toMatchObject({ weights: { body: 3 } });
        }
        await client.close();
        await server.stop();
      }
    } finally {
      tmp.cleanup();
    }
  });
});
