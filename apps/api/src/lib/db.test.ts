// The database as `npm start` opens it without MONGODB_URI: the embedded server on its own thread in the
// data dir. What a user relies on: data written before a stop is there after the next start, and a data
// dir that another server holds stops start-up with a message saying so.
import mongoose from 'mongoose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '@hireflow/embedded-mongo';
import { createLogger } from './logger';
import { connectDatabase, isDatabaseUp } from './db';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hireflow-db-'));
const logger = createLogger('silent');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('connectDatabase with the embedded database', () => {
  it('runs it on its own thread and keeps what was written across a close and a new start', async () => {
    const db = await connectDatabase({ dataDir, embedded: 'thread', logger });
    expect(db.embedded).toBe(true);
    expect(isDatabaseUp()).toBe(true);
    await mongoose.connection.collection('notes').insertOne({ text: 'kept' });
    await db.close();
    expect(isDatabaseUp()).toBe(false);

    const again = await connectDatabase({ dataDir, embedded: 'thread', logger });
    expect(await mongoose.connection.collection('notes').findOne({}, { projection: { _id: 0 } })).toEqual({ text: 'kept' });
    await again.close();
  });

  it('refuses to start on a data dir that an in-process server already holds', async () => {
    const holder = await startEmbeddedMongo({ dbPath: path.join(dataDir, 'db') });
    try {
      await expect(connectDatabase({ dataDir, embedded: 'thread', logger })).rejects.toThrow(/db is (already open|in use)/);
    } finally {
      await holder.stop();
    }
  });
});
