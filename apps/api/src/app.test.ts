import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import express from 'express';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { LoginMessages } from '@hireflow/contracts/messages';
import { startTestApp } from './test/test-app';
import { buildApp } from './app';
import { errorHandler } from './lib/error-handler';
import { maskUrl } from './lib/request-log';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx?.stop();
});

describe('GET /api/health', () => {
  it('reports the database as up', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('sends the API security headers', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('compression', () => {
  it('gzips a large answer for a client that accepts gzip', async () => {
    const res = await request(ctx.app).get('/api/captcha_api').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.svg).toContain('<svg');
  });

  it('sends plain bytes, marked as varying by encoding, to a client that asks for none', async () => {
    const res = await request(ctx.app).get('/api/captcha_api').set('Accept-Encoding', '');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.svg).toContain('<svg');
  });
});

describe('the API edge', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(ctx.app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: 'No API route for GET /api/no-such-thing' });
  });

  it('refuses a body over 1 MB with 413 and a clear message', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const res = await request(ctx.app).post('/api/health').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'payload_too_large', message: 'Request body is larger than 1 MB' });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await request(ctx.app).post('/api/health').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });

  it.each([
    [{ email: { $gt: '' } }, '$gt'],
    [{ filters: { 'profile.admin': true } }, 'profile.admin'],
    [{ list: [{ ok: 1 }, { $where: 'sleep(1000)' }] }, '$where'],
  ])('refuses operator or dotted keys in input (%j)', async (body, key) => {
    const res = await request(ctx.app).post('/api/user/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`"${key}"`);
  });

  it('refuses operator keys in the query string too', async () => {
    const res = await request(ctx.app).get('/api/health?$where=1');
    expect(res.status).toBe(400);
  });
});

describe('the error middleware', () => {
  it('turns an unexpected error into a generic 500 without a stack trace', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('connection string mongodb://secret@db');
    });
    app.use(errorHandler);
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'internal_error', message: LoginMessages.somethingWrong });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });
});

describe('request log lines', () => {
  it('mask tokens that travel in URLs', () => {
    expect(maskUrl('/api/continueAfterVerifyEmail/a%40b.test/abc123?x=1')).toBe('/api/continueAfterVerifyEmail/[redacted]/[redacted]?x=1');
    expect(maskUrl('/api/authComplete?code=4/0Ab&state=s')).toBe('/api/authComplete?code=[redacted]&state=[redacted]');
    expect(maskUrl('/api/health')).toBe('/api/health');
  });

  it('say method, masked URL and status once per request, at warn for refusals, and skip health probes', async () => {
    const lines: { level: number; msg: string; req?: { url: string } }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = buildApp({ config: ctx.config, logger: pino({ level: 'info' }, sink) });
    await request(app).get('/api/health').expect(200);
    await request(app).get('/api/no-such-thing?token=abc').expect(404);
    await request(app).get('/api/env_variables').expect(200);
    expect(lines.map((l) => l.msg)).toEqual(['GET /api/no-such-thing?token=[redacted] 404', 'GET /api/env_variables 200']);
    expect(lines[0]!.level).toBe(40);
    expect(lines[1]!.level).toBe(30);
  });
});
