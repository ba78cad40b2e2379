import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../../test/test-app';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('POST /offer/:token/documents/:documentId (rate limit)', () => {
  it('answers an address guessing links with a "Too many attempts" page after 30 tries in 15 minutes', async () => {
    const path = `/offer/${'g'.repeat(43)}/documents/${'a'.repeat(24)}`;
    for (let i = 0; i < 30; i++) await request(ctx.app).post(path).expect(404);
    const refused = await request(ctx.app).post(path).expect(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.text).toContain('<h1>Too many attempts</h1>');
  });
});
