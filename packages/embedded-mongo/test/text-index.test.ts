// The text index behind $text: consistency under writes and aborted transactions, restarts, and that a
// search reads postings instead of scanning the collection.
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { Collection } from '../src/collection.js';
import { queryDocs } from '../src/commands/read-commands.js';
import { startEmbeddedMongo } from '../src/index.js';
import { normaliseTextSpec } from '../src/text/text-index.js';
import { LockTable, WriteContext } from '../src/write-context.js';
import { engineOf } from '../src/server-registry.js';
import { parseSearch, TEXT_SCORE } from '../src/text/text-search.js';
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

  it('outside a transaction, a search sees committed versions only (read committed)', async () => {
    const t = await startWithClient();
    try {
      const c = t.client.db('rc').collection<{ _id: number; body: string }>('notes');
      await c.createIndex({ body: 'text' });
      await c.insertMany([{ _id: 1, body: 'alpha' }, { _id: 2, body: 'beta' }]);
      const session = t.client.startSession();
      session.startTransaction();
      await c.updateOne({ _id: 1 }, { $set: { body: 'delta' } }, { session });
      const outside = async (s: string) => (await c.find({ $text: { $search: s } }).toArray()).map((d) => `${d._id}:${d.body}`);
      expect(await outside('alpha')).toEqual(['1:alpha']);
      expect(await outside('delta')).toEqual([]);
      expect((await c.find({ $text: { $search: 'delta' } }, { session }).toArray()).map((d) => d._id)).toEqual([1]);
      await session.commitTransaction();
      await session.endSession();
      expect(await outside('delta')).toEqual(['1:delta']);
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

  it('a limited score sort over many candidates returns exactly the best ones that pass the filter', () => {
    const coll = new Collection('e', 'c', {}, new LockTable());
    const ctx = new WriteContext();
    const words = ['red', 'green', 'blue', 'cyan', 'teal', 'gold'];
    for (let i = 0; i < 12_000; i++) {
      const body = Array.from({ length: 1 + (i % 7) }, (_, j) => words[(i * (j + 3)) % words.length]).join(' ');
      coll.insert(ctx, { _id: i, body, even: i % 2 === 0 });
    }
    coll.addIndex(normaliseTextSpec({ v: 2, key: { body: 'text' }, name: 'body_text' }, false));
    const filter = { $text: { $search: 'red gold' }, even: true };
    const sort = { s: { $meta: 'textScore' }, _id: 1 };
    const all = [...queryDocs(coll, { filter, sort })];
    const top = [...queryDocs(coll, { filter, sort: { s: { $meta: 'textScore' } }, limit: 50, skip: 10 })];
    const score = (d: object) => (d as Record<string, number>)[TEXT_SCORE];
    expect(all.length).toBeGreaterThan(4_000);
    expect(top.map(score)).toEqual(all.slice(10, 60).map(score));
    expect(top.every((d) => d.even === true)).toBe(true);
  });
});
