import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { startEmbeddedMongo, startEmbeddedMongoThread } from '@hireflow/embedded-mongo';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../lib/logger';
import { buildApp } from '../app';
import { startBackgroundWorker } from '../background-jobs';
import type { JobDefinition } from '../lib/job-queue';
import { closeEventStreams } from '../lib/live-events/event-stream';

export const TestCaptchaText = 'test42';

/**
 * A fresh database and app for one test file: the embedded server in memory, or a uniquely named
 * database on the MongoDB that MONGODB_URI names (so the same suite runs against a real server).
 * The embedded server runs in-process: a worker thread costs each test file about a second of start-up
 * (a fresh thread loads tsx, lmdb and mingo again). TEST_EMBEDDED_DB=thread runs the suite with the
 * server on its own thread, as `npm start` does; src/lib/db.test.ts always covers that path.
 */
export async function startTestApp(env: Record<string, string> = {}, opts: { keptDatabase?: string; jobs?: JobDefinition[] } = {}) {
  const external = process.env.MONGODB_URI;
  const embedded = external ? null : process.env.TEST_EMBEDDED_DB === 'thread' ? await startEmbeddedMongoThread() : await startEmbeddedMongo();
  // keptDatabase (a bench on MONGODB_URI): that database, left in place at stop so a later run reuses its data.
  const kept = external ? opts.keptDatabase : undefined;
  const dbName = kept ?? `test_${randomBytes(6).toString('hex')}`;
  await mongoose.connect(external ?? embedded!.uri, { dbName, autoIndex: true });
  await mongoose.connection.syncIndexes();

  const config: Config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-policy-0123456789',
    BCRYPT_COST: '4',
    CAPTCHA_TEST_TEXT: TestCaptchaText,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `.tmp/${dbName}`,
    ...env,
  });
  const logger = createLogger(config.logLevel);
  const app = buildApp({ config, logger });
  // Background jobs run as in production: queued mail and invitations go out while the test waits for them
  // (a bench may name the only jobs it wants run, so that no sweep runs beside what it times).
  const worker = startBackgroundWorker({ config, logger, definitions: opts.jobs });

  return {
    app,
    config,
    logger,
    worker,
    async stop() {
      await worker.stop({ graceMs: 0 });
      await closeEventStreams();
      if (external && !kept) await mongoose.connection.dropDatabase();
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}
