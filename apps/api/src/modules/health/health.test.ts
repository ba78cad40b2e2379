import { afterAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '@hireflow/embedded-mongo';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import { buildApp } from '../../app';

afterAll(() => mongoose.disconnect());

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable and 503 once it is gone', async () => {
    const db = await startEmbeddedMongo();
    await mongoose.connect(db.uri, { dbName: 'health' });
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-the-policy-0123456789', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/health' });
    const app = buildApp({ config, logger: pino({ level: 'silent' }) });

    const up = await request(app).get('/api/health');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: 'ok', database: 'up' });

    await db.stop();
    await vi.waitFor(
      async () => {
        const down = await request(app).get('/api/health');
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({ status: 'degraded', database: 'down' });
      },
      { timeout: 20_000, interval: 250 },
    );
  }, 30_000);
});
