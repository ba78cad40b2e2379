import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithClient, type TestServer } from './helpers.js';

const waitFor = async (cond: () => Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

describe('TTL indexes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startWithClient({ ttlMonitorIntervalMs: 50 });
  });
  afterAll(() => t.close());

  it('removes expired documents and keeps fresh or non-date ones', async () => {
    const c = t.client.db('ttl').collection('sessions');
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
    expect((await c.indexes())[1]).toMatchObject({ expireAfterSeconds: 60 });
    const now = Date.now();
    await c.insertMany([
      { k: 'old', at: new Date(now - 120_000) },
      { k: 'oldArray', at: [new Date(now + 3_600_000), new Date(now - 120_000)] },
      { k: 'fresh', at: new Date(now) },
      { k: 'text', at: 'not a date' },
      { k: 'none' },
    ]);
    expect(await waitFor(async () => (await c.countDocuments()) === 3)).toBe(true);
    expect((await c.find({}, { sort: { k: 1 } }).toArray()).map((d) => d.k)).toEqual(['fresh', 'none', 'text']);
  });

  it('expires documents with expireAfterSeconds 0 at their own date', async () => {
    const c = t.client.db('ttl').collection('tokens');
    await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await c.insertMany([{ k: 'soon', expiresAt: new Date(Date.now() + 150) }, { k: 'later', expiresAt: new Date(Date.now() + 3_600_000) }]);
    expect(await c.countDocuments({ k: 'soon' })).toBe(1);
    expect(await waitFor(async () => (await c.countDocuments({ k: 'soon' })) === 0)).toBe(true);
    expect(await c.countDocuments({ k: 'later' })).toBe(1);
  });
});
