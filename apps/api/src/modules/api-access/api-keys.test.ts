import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { ApiKeyFormat, type TApiKeyCreated } from '@hireflow/contracts/api-access';
import { startTestApp } from '../../test/test-app';
import { requireApiKey, apiKeyAuthOf } from '../../lib/auth';
import { errorHandler } from '../../lib/error-handler';
import { hashKey } from '../auth/auth.crypto';
import { ApiKey } from './api-key.model';
import { buildApiCompany, type ApiCompany } from './api-access.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let a: ApiCompany;
let b: ApiCompany;

/** A throwaway app with one route behind requireApiKey (the public API is built elsewhere). */
const probe = express();
probe.locals.config = {} as never;
probe.get('/probe', requireApiKey('jobs:read'), (req, res) => {
  res.json({ customerId: String(apiKeyAuthOf(req).customerId) });
});
probe.get('/probe-write', requireApiKey('candidates:write'), (_req, res) => {
  res.json({ ok: true });
});
probe.use(errorHandler);

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  [a, b] = await Promise.all([buildApiCompany(ctx.config), buildApiCompany(ctx.config)]);
}, 120_000);
afterAll(() => ctx.stop());

const createKey = (co: ApiCompany, body: object = { name: 'ERP sync', scopes: ['jobs:read'] }) => request(ctx.app).post('/api/api-keys').set('Authorization', co.admin.auth).send(body);

describe('API keys', () => {
  it('shows the whole key once at creation and stores only its hash and prefix', async () => {
    const res = await createKey(a, { name: 'ERP sync', scopes: ['jobs:read', 'applications:read'] });
    expect(res.status).toBe(201);
    const created = res.body as TApiKeyCreated;
    const match = ApiKeyFormat.exec(created.fullKey);
    expect(match?.[1]).toBe(created.key.prefix);
    expect(created.key).toMatchObject({ name: 'ERP sync', scopes: ['jobs:read', 'applications:read'], lastUsedAt: null, revokedAt: null });
    expect(created.key.createdBy?.id).toBe(String(a.admin.user._id));

    const stored = (await ApiKey.findOne({ customerId: a.customerId, _id: created.key.id }).lean())!;
    expect(stored.keyHash).toBe(hashKey(created.fullKey));
    expect(JSON.stringify(stored)).not.toContain(created.fullKey);
    expect(JSON.stringify(stored)).not.toContain(match![2]);

    const list = await request(ctx.app).get('/api/api-keys').set('Authorization', a.admin.auth).expect(200);
    expect(list.body.items.map((k: { id: string }) => k.id)).toContain(created.key.id);
    expect(JSON.stringify(list.body)).not.toContain(match![2]);
  });

  it('a key reaches what its scopes allow, is marked used, and is refused once revoked', async () => {
    const { body } = await createKey(a);
    const { fullKey, key } = body as TApiKeyCreated;
    const ok = await request(probe).get('/probe').set('Authorization', `Bearer ${fullKey}`);
    expect(ok.status).toBe(200);
    expect(ok.body.customerId).toBe(String(a.customerId));
    // Scope enforced: this key may read jobs, not write candidates.
    const scoped = await request(probe).get('/probe-write').set('Authorization', `Bearer ${fullKey}`);
    expect(scoped.status).toBe(403);
    expect(scoped.body.message).toContain('candidates:write');

    const listed = await request(ctx.app).get('/api/api-keys').set('Authorization', a.admin.auth).expect(200);
    expect(listed.body.items.find((k: { id: string }) => k.id === key.id).lastUsedAt).not.toBeNull();

    const revoked = await request(ctx.app).delete(`/api/api-keys/${key.id}`).set('Authorization', a.admin.auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const refused = await request(probe).get('/probe').set('Authorization', `Bearer ${fullKey}`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This API key was revoked');
    expect((await request(ctx.app).delete(`/api/api-keys/${key.id}`).set('Authorization', a.admin.auth)).status).toBe(409);

    // A key with a wrong secret but a real prefix is not valid.
    const forged = fullKey.slice(0, -4) + (fullKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await request(probe).get('/probe').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('keeps each company to its own keys: another company can neither list nor revoke them (404)', async () => {
    const { body } = await createKey(a, { name: 'A only', scopes: ['jobs:read'] });
    const bList = await request(ctx.app).get('/api/api-keys').set('Authorization', b.admin.auth).expect(200);
    expect(bList.body.items.map((k: { name: string }) => k.name)).not.toContain('A only');
    const res = await request(ctx.app).delete(`/api/api-keys/${(body as TApiKeyCreated).key.id}`).set('Authorization', b.admin.auth);
    expect(res.status).toBe(404);
    expect((await ApiKey.findOne({ customerId: a.customerId, _id: (body as TApiKeyCreated).key.id }).lean())!.revokedAt).toBeNull();
  });

  it('needs the manageApiKeys right, a plan with the API, a name and a known scope', async () => {
    expect((await request(ctx.app).get('/api/api-keys').set('Authorization', a.recruiter.auth)).status).toBe(403);
    expect((await request(ctx.app).get('/api/api-keys')).status).toBe(401);
    const growth = await buildApiCompany(ctx.config, 'growth');
    const refused = await request(ctx.app).get('/api/api-keys').set('Authorization', growth.admin.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('plan_required');
    expect((await createKey(a, { name: '', scopes: ['jobs:read'] })).status).toBe(400);
    expect((await createKey(a, { name: 'x', scopes: ['jobs:delete'] })).status).toBe(400);
    expect((await createKey(a, { name: 'x', scopes: [] })).status).toBe(400);
  });
});
