import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { startEmbeddedMongo } from '@hireflow/embedded-mongo';
import { killScenario } from '../../bench/job-queue-kill.bench';

// Worker processes are real child processes, so the database must be reachable over the wire.
let uri: string;
let dbName: string;
let stopDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const embedded = process.env.MONGODB_URI ? null : await startEmbeddedMongo();
  uri = process.env.MONGODB_URI ?? embedded!.uri;
  dbName = `test_kill_${randomBytes(4).toString('hex')}`;
  await mongoose.connect(uri, { dbName });
  stopDb = embedded ? () => embedded.stop() : undefined;
});
afterAll(async () => {
  if (!stopDb) await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await stopDb?.();
});

describe('job queue under kill -9', () => {
  it('a worker process killed with jobs in flight loses none: another worker process completes every job', async () => {
    const f = await killScenario({ uri, dbName, jobs: 60 });
    expect(f.doneAtKill).toBeLessThan(60);
    expect(f.inFlightAtKill).toBeGreaterThan(0);
    expect(f).toMatchObject({ completed: 60, failed: 0, lost: 0 });
    expect(f.retried).toBeGreaterThanOrEqual(f.inFlightAtKill);
    expect(f.duplicates).toBeLessThanOrEqual(f.inFlightAtKill);
  }, 180_000);
});
