import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWithClient, type TestServer } from './helpers.js';

// The monitor runs every 50 ms; waiting until it has acted holds however busy the machine is.
const untilMonitorHasRun = { timeout: 30_000, interval: 25 };

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
    await vi.waitFor(async () => expect(await c.countDocuments()).toBe(3), untilMonitorHasRun);
    expect((await c.find({}, { sort: { k: 1 } }).toArray()).map((d) => d.k)).toEqual(['fresh', 'none', 'text']);
  });

  it('expires documents with expireAfterSeconds 0 at their own date', async () => {
    const c = t.client.db('ttl').collection('tokens');
    await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await c.insertMany([{ k: 'due', expiresAt: new Date(Date.now() - 1_000) }, { k: 'later', expiresAt: new Date(Date.now() + 3_600_000) }]);
    await vi.waitFor(async () => expect(await c.countDocuments({ k: 'due' })).toBe(0), untilMonitorHasRun);
    expect(await c.countDocuments({ k: 'later' })).toBe(1);
  });
});
