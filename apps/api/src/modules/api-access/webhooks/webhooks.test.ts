import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ApiAccessMessages, WebhookSignatureHeader, type TWebhookDelivery, type TWebhookWithSecret } from '@hireflow/contracts/api-access';
import { startTestApp } from '../../../test/test-app';
import { buildApp } from '../../../app';
import { JobWorker } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { buildApiCompany, type ApiCompany } from '../api-access.test-support';
import { WebhookDeliveryJob } from './deliver-webhook.job';
import { emitWebhookEvent } from './emit-webhook';
import { guardedLookup, urlRefusal } from './url-guard';
import { Webhook, WebhookDelivery } from './webhook.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
const MaxAttempts = WebhookDeliveryJob.maxAttempts!;
let a: ApiCompany;
let b: ApiCompany;

/** The company's receiver: records each request (headers, raw body) and answers the next planned status. */
type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
let answers: number[] = [];
let receiver: http.Server;
let base = '';

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // Deliveries are run by the tests' own worker on a clock they move.
  await ctx.worker.stop({ graceMs: 0 });
  [a, b] = await Promise.all([buildApiCompany(ctx.config), buildApiCompany(ctx.config)]);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await ctx.stop();
});
beforeEach(async () => {
  received.length = 0;
  answers = [];
  await QueueJob.deleteMany({ name: WebhookDeliveryJob.name });
});

/** A worker for deliveries on a clock the test moves: `runAt(ms)` runs whatever is due then. */
function deliverer(config = ctx.config) {
  let t = Date.now() + 1000;
  const worker = new JobWorker({ definitions: [WebhookDeliveryJob], config, logger: ctx.logger, now: () => new Date(t) });
  return {
    start: t,
    async runAt(at: number) {
      t = at;
      await worker.drain();
    },
  };
}

/** What a receiver does: recompute the HMAC of "<t>.<raw body>" with its secret and compare. */
function verify(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return expected === parts.v1;
}

const createHook = async (co: ApiCompany, body: Record<string, unknown> = {}, app = ctx.app) =>
  request(app).post('/api/webhooks').set('Authorization', co.admin.auth).send({ url: `${base}/hook`, events: ['application.created'], active: true, ...body });

describe('webhooks', () => {
  it('shows the secret once, keeps it encrypted, and signs each delivery so the receiver can verify it', async () => {
    const res = await createHook(a);
    expect(res.status).toBe(201);
    const { webhook, secret } = res.body as TWebhookWithSecret;
    expect(secret).toMatch(/^whsec_/);
    const stored = (await Webhook.findOne({ customerId: a.customerId, _id: webhook.id }).lean())!;
    expect(stored.secret).not.toContain(secret);
    const list = await request(ctx.app).get('/api/webhooks').set('Authorization', a.admin.auth).expect(200);
    expect(list.body.items.map((w: { id: string }) => w.id)).toContain(webhook.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    await emitWebhookEvent({ customerId: a.customerId, event: 'application.created', data: { applicationId: 'x1' } });
    const worker = deliverer();
    await worker.runAt(worker.start);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['hireflow-event']).toBe('application.created');
    expect(verify(got.headers[WebhookSignatureHeader.toLowerCase()] as string, got.body, secret)).toBe(true);
    expect(verify(got.headers[WebhookSignatureHeader.toLowerCase()] as string, got.body.replace('x1', 'x2'), secret)).toBe(false);
    expect(verify(got.headers[WebhookSignatureHeader.toLowerCase()] as string, got.body, 'whsec_wrong')).toBe(false);
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({ event: 'application.created', data: { applicationId: 'x1' } });
    expect(payload.id).toMatch(/^evt_/);
    expect(new Date(payload.createdAt).toISOString()).toBe(payload.createdAt);

    // A rotated secret signs from now on; the old one no longer verifies.
    const rotated = await request(ctx.app).post(`/api/webhooks/${webhook.id}/rotate-secret`).set('Authorization', a.admin.auth).expect(200);
    const test = await request(ctx.app).post(`/api/webhooks/${webhook.id}/test`).set('Authorization', a.admin.auth).expect(200);
    expect((test.body as TWebhookDelivery).status).toBe('succeeded');
    const testGot = received[1]!;
    expect(JSON.parse(testGot.body).event).toBe('webhook.test');
    expect(verify(testGot.headers['hireflow-signature'] as string, testGot.body, (rotated.body as TWebhookWithSecret).secret)).toBe(true);
    expect(verify(testGot.headers['hireflow-signature'] as string, testGot.body, secret)).toBe(false);
    await request(ctx.app).delete(`/api/webhooks/${webhook.id}`).set('Authorization', a.admin.auth).expect(204);
    expect(await WebhookDelivery.countDocuments({ customerId: a.customerId, webhookId: stored._id })).toBe(0);
  });

  it('retries a failing receiver with backoff, logs every attempt with its response code, and resends on demand', async () => {
    const { webhook } = (await createHook(a, { events: ['application.moved'] })).body as TWebhookWithSecret;
    answers = [500, 503, 200];
    await emitWebhookEvent({ customerId: a.customerId, event: 'application.moved', data: { applicationId: 'm1' } });
    const worker = deliverer();
    const log = async () => (await request(ctx.app).get(`/api/webhooks/${webhook.id}/deliveries`).set('Authorization', a.admin.auth).expect(200)).body.items as TWebhookDelivery[];

    await worker.runAt(worker.start);
    let [d] = await log();
    expect(d).toMatchObject({ event: 'application.moved', status: 'pending', attempt: 1, responseCode: 500, error: 'The receiver answered 500' });
    expect(Date.parse(d!.nextAttemptAt!)).toBe(worker.start + 60_000);

    // Not due yet: nothing is sent.
    await worker.runAt(worker.start + 59_000);
    expect(received).toHaveLength(1);
    await worker.runAt(worker.start + 60_000);
    [d] = await log();
    expect(d).toMatchObject({ status: 'pending', attempt: 2, responseCode: 503 });
    expect(Date.parse(d!.nextAttemptAt!)).toBe(worker.start + 60_000 + 120_000);
    await worker.runAt(worker.start + 180_000);
    [d] = await log();
    expect(d).toMatchObject({ status: 'succeeded', attempt: 3, responseCode: 200, error: '', nextAttemptAt: null });
    expect(d!.attempts.map((x) => x.responseCode)).toEqual([500, 503, 200]);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);

    // Resend: a new delivery of the same event (same id and body), sent now.
    const resent = await request(ctx.app).post(`/api/webhooks/${webhook.id}/deliveries/${d!.id}/resend`).set('Authorization', a.admin.auth).expect(200);
    expect(resent.body).toMatchObject({ status: 'succeeded', responseCode: 200, resentFrom: d!.id, eventId: d!.eventId });
    expect(received[3]!.body).toBe(received[0]!.body);
    expect((await log()).map((x) => x.id)).toEqual([resent.body.id, d!.id]);
  });

  it('marks a delivery failed after its last attempt', async () => {
    const { webhook } = (await createHook(a, { events: ['offer.accepted'] })).body as TWebhookWithSecret;
    answers = Array(MaxAttempts).fill(500);
    await emitWebhookEvent({ customerId: a.customerId, event: 'offer.accepted', data: {} });
    const worker = deliverer();
    for (let i = 0; i < MaxAttempts; i++) await worker.runAt(worker.start + i * 24 * 3600_000);
    const [d] = (await request(ctx.app).get(`/api/webhooks/${webhook.id}/deliveries`).set('Authorization', a.admin.auth).expect(200)).body.items as TWebhookDelivery[];
    expect(d).toMatchObject({ status: 'failed', attempt: MaxAttempts, responseCode: 500, nextAttemptAt: null });
    expect(received).toHaveLength(MaxAttempts);
  });

  it('sends an event only to active webhooks subscribed to it', async () => {
    const co = await buildApiCompany(ctx.config);
    await createHook(co, { events: ['candidate.hired'], url: `${base}/hired` });
    await createHook(co, { events: ['candidate.hired'], url: `${base}/off`, active: false });
    await createHook(co, { events: ['application.created'], url: `${base}/other` });
    await emitWebhookEvent({ customerId: co.customerId, event: 'candidate.hired', data: {} });
    const worker = deliverer();
    await worker.runAt(worker.start);
    expect(received.map((r) => r.path)).toEqual(['/hired']);
  });

  it("keeps each company's webhooks and deliveries to itself (404 for another company)", async () => {
    const { webhook } = (await createHook(a, { url: `${base}/a-only` })).body as TWebhookWithSecret;
    await emitWebhookEvent({ customerId: a.customerId, event: 'application.created', data: {} });
    const [delivery] = await WebhookDelivery.find({ customerId: a.customerId, webhookId: webhook.id }).lean();
    const asB = (req: request.Test) => req.set('Authorization', b.admin.auth);
    const list = await asB(request(ctx.app).get('/api/webhooks')).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('a-only');
    expect((await asB(request(ctx.app).get(`/api/webhooks/${webhook.id}/deliveries`))).status).toBe(404);
    expect((await asB(request(ctx.app).put(`/api/webhooks/${webhook.id}`)).send({ url: `${base}/b`, events: ['application.created'], active: true })).status).toBe(404);
    expect((await asB(request(ctx.app).post(`/api/webhooks/${webhook.id}/deliveries/${String(delivery!._id)}/resend`))).status).toBe(404);
    expect((await asB(request(ctx.app).post(`/api/webhooks/${webhook.id}/test`))).status).toBe(404);
    expect((await asB(request(ctx.app).post(`/api/webhooks/${webhook.id}/rotate-secret`))).status).toBe(404);
    expect((await asB(request(ctx.app).delete(`/api/webhooks/${webhook.id}`))).status).toBe(404);
    expect(await Webhook.exists({ customerId: a.customerId, _id: webhook.id })).toBeTruthy();
    expect((await request(ctx.app).get('/api/webhooks').set('Authorization', a.recruiter.auth)).status).toBe(403);
  });
});

describe('webhook addresses (SSRF)', () => {
  it('in production refuses plain http and addresses that are not public when a webhook is saved', async () => {
    const production = buildApp({ config: { ...ctx.config, isProduction: true }, logger: ctx.logger });
    const refusedWith = async (url: string, reason: string) => {
      const res = await createHook(a, { url }, production);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(`url: ${reason}`);
    };
    await refusedWith('http://93.184.215.14/hook', ApiAccessMessages.urlNotHttps);
    await refusedWith('https://127.0.0.1/hook', ApiAccessMessages.urlNotPublic('127.0.0.1'));
    await refusedWith('https://10.1.2.3/hook', ApiAccessMessages.urlNotPublic('10.1.2.3'));
    await refusedWith('https://169.254.169.254/latest', ApiAccessMessages.urlNotPublic('169.254.169.254'));
    await refusedWith('https://[::1]/hook', ApiAccessMessages.urlNotPublic('::1'));
    await refusedWith('https://[fd00::1]/hook', ApiAccessMessages.urlNotPublic('fd00::1'));
    await refusedWith('https://localhost/hook', ApiAccessMessages.urlNotPublic('localhost'));
    const { webhook } = (await createHook(a, { url: 'https://93.184.215.14/hook' }, production)).body as TWebhookWithSecret;
    expect(webhook.url).toBe('https://93.184.215.14/hook');
    const edit = await request(production).put(`/api/webhooks/${webhook.id}`).set('Authorization', a.admin.auth).send({ url: 'https://10.0.0.8/x', events: ['application.created'], active: true });
    expect(edit.status).toBe(400);
    // Outside production, local receivers are fine (tests, local development); a full address is still needed.
    expect((await createHook(a, { url: 'http://127.0.0.1:9/hook' })).status).toBe(201);
    expect((await createHook(a, { url: 'https://user:pw@hooks.example/x' })).status).toBe(400);
    expect((await createHook(a, { url: 'ftp://hooks.example/x' })).status).toBe(400);
  });

  it('refuses a name that resolves to a private or loopback address, whatever else it resolves to', async () => {
    const resolver = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(await urlRefusal('https://hooks.example/x', resolver(['10.4.5.6']))).toBe(ApiAccessMessages.urlNotPublic('hooks.example'));
    expect(await urlRefusal('https://hooks.example/x', resolver(['93.184.215.14', '192.168.1.2']))).toBe(ApiAccessMessages.urlNotPublic('hooks.example'));
    expect(await urlRefusal('https://hooks.example/x', resolver(['100.64.0.1']))).toBe(ApiAccessMessages.urlNotPublic('hooks.example'));
    expect(await urlRefusal('https://hooks.example/x', resolver(['93.184.215.14', '2606:2800:220:1::1']))).toBeNull();
    const lookedUp = await new Promise<Error | null>((resolve) => guardedLookup('localhost', {}, (err) => resolve(err)));
    expect(lookedUp?.message).toBe(ApiAccessMessages.urlNotPublic('localhost'));
  });

  it('in production refuses at delivery time a webhook whose address is (now) not public, and sends nothing', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const { webhook } = (await createHook(a, { url: `https://127.0.0.1:${port}/hook`, events: ['candidate.hired'] })).body as TWebhookWithSecret;
    const second = (await createHook(a, { url: `https://localhost:${port}/hook`, events: ['candidate.hired'] })).body as TWebhookWithSecret;
    await emitWebhookEvent({ customerId: a.customerId, event: 'candidate.hired', data: {} });
    const worker = deliverer({ ...ctx.config, isProduction: true });
    await worker.runAt(worker.start);
    expect(received).toHaveLength(0);
    for (const [id, host] of [[webhook.id, '127.0.0.1'], [second.webhook.id, 'localhost']] as const) {
      const [d] = (await request(ctx.app).get(`/api/webhooks/${id}/deliveries`).set('Authorization', a.admin.auth).expect(200)).body.items as TWebhookDelivery[];
      expect(d).toMatchObject({ status: 'failed', responseCode: null, error: `Not sent: ${ApiAccessMessages.urlNotPublic(host)}` });
    }
  });
});
