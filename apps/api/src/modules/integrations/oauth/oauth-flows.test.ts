import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../lib/error-handler';
import { startAppWithPeers } from '../integrations.test-support';
import { finishOAuthFlow, startOAuthFlow } from './oauth-flows';

let ctx: Awaited<ReturnType<typeof startAppWithPeers>>;
beforeAll(async () => {
  ctx = await startAppWithPeers();
});
afterAll(async () => ctx?.stop());

/** A bare app around the two flow functions: start answers the URL, finish the verified identity. */
function flowApp() {
  const app = express();
  app.locals.config = ctx.config;
  app.post('/api/start/:provider', async (req, res) => {
    res.json(await startOAuthFlow(req, res, { purpose: 'mailbox', provider: req.params.provider as 'google' | 'microsoft', loginHint: 'rita@acme.test' }));
  });
  app.get('/api/finish', async (req, res) => {
    const { result } = await finishOAuthFlow(req, { state: String(req.query.state), code: String(req.query.code), purposes: ['mailbox'] });
    res.json(result.identity);
  });
  app.use(errorHandler);
  return app;
}

describe.each(['google', 'microsoft'] as const)('an OAuth round trip with %s (real provider on loopback)', (provider) => {
  it('verifies the ID token and answers who signed in; the same state a second time is refused', async () => {
    const agent = request.agent(flowApp());
    const started = await agent.post(`/api/start/${provider}`);
    const url = new URL(started.body.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const back = await ctx.peers.authorize(started.body.url);
    const done = await agent.get('/api/finish').query({ code: back.code, state: back.state });
    expect(done.body).toMatchObject({ email: 'rita@acme.test', emailVerified: true });
    const again = await agent.get('/api/finish').query({ code: back.code, state: back.state });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link has expired or was already used. Please start again.');
  });

  it('refuses a state started in another browser (no binding cookie)', async () => {
    const app = flowApp();
    const started = await request.agent(app).post(`/api/start/${provider}`);
    const back = await ctx.peers.authorize(started.body.url);
    const elsewhere = await request.agent(app).get('/api/finish').query({ code: back.code, state: back.state });
    expect(elsewhere.status).toBe(400);
  });
});

it('refuses a Microsoft account whose tenant did not prove the address (no xms_edov, no email_verified)', async () => {
  const agent = request.agent(flowApp());
  const started = await agent.post('/api/start/microsoft');
  const back = await ctx.peers.authorize(started.body.url);
  ctx.peers.microsoft.onceIdToken((payload) => {
    delete payload.xms_edov;
    delete payload.email_verified;
  });
  const done = await agent.get('/api/finish').query({ code: back.code, state: back.state });
  expect(done.status).toBe(400);
  expect(done.body.message).toBe('Microsoft has not verified this email address, so it cannot be used to sign in.');
});
