import request from 'supertest';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { buildApp } from '../../app';
import { MeetingRoom } from '../interviews/rooms/meeting-room.model';
import { IntegrationConnection, ownerKeyOf } from './connections/connection.model';
import { startAppWithPeers } from './integrations.test-support';

let ctx: Awaited<ReturnType<typeof startAppWithPeers>>;
beforeAll(async () => {
  ctx = await startAppWithPeers();
});
afterAll(async () => ctx?.stop());

async function company() {
  const customer = await buildCustomer();
  const admin = await buildUser({ customerId: customer._id, admin: true });
  const recruiter = await buildUser({ customerId: customer._id, role: 'recruiter' });
  return {
    customer, admin, recruiter,
    adminAuth: `Bearer ${await tokenFor(ctx.config, admin)}`,
    recruiterAuth: `Bearer ${await tokenFor(ctx.config, recruiter)}`,
  };
}

/** A connection as a finished round trip leaves it (the secret is never read by these calls). */
function addConnection(customerId: Types.ObjectId, fields: { owner: 'user' | 'shared'; userId?: Types.ObjectId; sharedEmail?: string; fallbackAt?: Date | null }) {
  const owner = fields.owner === 'user' ? { owner: 'user' as const, userId: fields.userId! } : { owner: 'shared' as const, sharedEmail: fields.sharedEmail! };
  return IntegrationConnection.create({
    customerId, service: 'mailbox', ...owner, ownerKey: ownerKeyOf(owner), userId: fields.userId ?? null, sharedEmail: fields.sharedEmail ?? null,
    provider: 'google', account: fields.sharedEmail ?? 'someone@acme.test', status: 'expired', connectedAt: new Date(), connectedBy: new Types.ObjectId(),
    lastError: 'Google no longer accepts the permission', lastErrorAt: new Date(), secret: 'v1.x.y.z', fallbackAt: fields.fallbackAt ?? null,
  });
}

describe('POST /api/integrations/connect', () => {
  it('answers the provider URL for my mailbox, with PKCE, a state and my address as the login hint', async () => {
    const co = await company();
    const res = await request(ctx.app).post('/api/integrations/connect').set('Authorization', co.recruiterAuth).send({ service: 'mailbox', provider: 'google' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe(ctx.peers.google.url);
    expect(url.searchParams.get('login_hint')).toBe(co.recruiter.email);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(res.headers['set-cookie']?.[0]).toMatch(/^hf_oauth=.+; Max-Age=600; Path=\/api; .*HttpOnly/);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const co = await company();
    const bad = [
      [{ service: 'fax', provider: 'google' }, /service must be mailbox, calendar, shared-mailbox or room-calendar/],
      [{ service: 'mailbox', provider: 'yahoo' }, /provider: must be google or microsoft/],
      [{ service: 'mailbox', provider: 'google', returnTo: 'https://evil.example/steal' }, /returnTo: must be a path inside the product/],
      [{ service: 'mailbox', provider: 'google', returnTo: '//evil.example' }, /returnTo: must be a path inside the product/],
      [{ service: 'shared-mailbox', provider: 'google', email: 'not-an-email' }, /email/],
    ] as const;
    for (const [body, message] of bad) {
      const res = await request(ctx.app).post('/api/integrations/connect').set('Authorization', co.adminAuth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('lets only admins connect a shared address or a room, and only a room of their company', async () => {
    const co = await company();
    const other = await company();
    const room = await MeetingRoom.create({ customerId: other.customer._id, name: 'Elsewhere', locationId: new Types.ObjectId(), addressId: new Types.ObjectId(), capacity: 4 });
    const shared = await request(ctx.app).post('/api/integrations/connect').set('Authorization', co.recruiterAuth).send({ service: 'shared-mailbox', provider: 'google', email: 'careers@acme.test' });
    expect(shared.status).toBe(403);
    const roomOfOther = await request(ctx.app).post('/api/integrations/connect').set('Authorization', co.adminAuth).send({ service: 'room-calendar', provider: 'microsoft', meetingRoomId: String(room._id) });
    expect(roomOfOther.status).toBe(404);
    const ownRoom = await request(ctx.app).post('/api/integrations/connect').set('Authorization', other.adminAuth).send({ service: 'room-calendar', provider: 'microsoft', meetingRoomId: String(room._id) });
    expect(ownRoom.status).toBe(200);
    expect(new URL(ownRoom.body.url).origin).toBe(ctx.peers.microsoft.url);
  });

  it('needs a signed-in user', async () => {
    const res = await request(ctx.app).post('/api/integrations/connect').send({ service: 'mailbox', provider: 'google' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/integrations/mine', () => {
  it('says which providers are configured and lists only my own connections', async () => {
    const co = await company();
    await addConnection(co.customer._id, { owner: 'user', userId: co.admin._id });
    await addConnection(co.customer._id, { owner: 'shared', sharedEmail: 'careers@acme.test' });
    const res = await request(ctx.app).get('/api/integrations/mine').set('Authorization', co.recruiterAuth);
    expect(res.body.providers).toEqual({ google: true, microsoft: true });
    expect(res.body.connections).toEqual([]);
    const admin = await request(ctx.app).get('/api/integrations/mine').set('Authorization', co.adminAuth);
    expect(admin.body.connections.map((c: { owner: string }) => c.owner)).toEqual(['user']);
    expect(JSON.stringify(admin.body)).not.toContain('v1.x.y.z');
  });

  it("warns me of my broken mailbox, and admins (only) of a broken shared address; dismissing hides it", async () => {
    const co = await company();
    const mine = await addConnection(co.customer._id, { owner: 'user', userId: co.recruiter._id, fallbackAt: new Date() });
    const shared = await addConnection(co.customer._id, { owner: 'shared', sharedEmail: 'careers@acme.test', fallbackAt: new Date() });
    const recruiter = await request(ctx.app).get('/api/integrations/mine').set('Authorization', co.recruiterAuth);
    expect(recruiter.body.warnings.map((w: { message: string }) => w.message)).toEqual([IntegrationMessages.fallbackWarning('Gmail')]);
    const admin = await request(ctx.app).get('/api/integrations/mine').set('Authorization', co.adminAuth);
    expect(admin.body.warnings.map((w: { message: string }) => w.message)).toEqual([IntegrationMessages.sharedFallbackWarning('careers@acme.test')]);

    const notHis = await request(ctx.app).post(`/api/integrations/warnings/${String(shared._id)}/dismiss`).set('Authorization', co.recruiterAuth);
    expect(notHis.status).toBe(404);
    await request(ctx.app).post(`/api/integrations/warnings/${String(shared._id)}/dismiss`).set('Authorization', co.adminAuth).expect(200);
    await request(ctx.app).post(`/api/integrations/warnings/${String(mine._id)}/dismiss`).set('Authorization', co.recruiterAuth).expect(200);
    for (const auth of [co.adminAuth, co.recruiterAuth]) {
      expect((await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth)).body.warnings).toEqual([]);
    }
  });

  it('shows another company nothing of these connections and lets it disconnect none of them', async () => {
    const co = await company();
    const other = await company();
    const mine = await addConnection(co.customer._id, { owner: 'user', userId: co.admin._id, fallbackAt: new Date() });
    const shared = await addConnection(co.customer._id, { owner: 'shared', sharedEmail: 'careers@acme.test' });
    const theirs = await request(ctx.app).get('/api/integrations/mine').set('Authorization', other.adminAuth);
    expect(theirs.body).toMatchObject({ connections: [], warnings: [] });
    expect((await request(ctx.app).get('/api/integrations/shared-addresses').set('Authorization', other.adminAuth)).body).toEqual([]);
    for (const id of [mine._id, shared._id]) {
      const res = await request(ctx.app).delete(`/api/integrations/connections/${String(id)}`).set('Authorization', other.adminAuth);
      expect(res.status).toBe(404);
    }
    expect(await IntegrationConnection.countDocuments({ customerId: co.customer._id })).toBe(2);
  });
});

describe('with no provider configured', () => {
  it('says so (501, what to set) and lists both providers as not configured', async () => {
    // The same database, an app whose configuration names no provider.
    const bare = buildApp({ config: { ...ctx.config, google: null, microsoft: null }, logger: ctx.logger });
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id });
    const auth = `Bearer ${await tokenFor(ctx.config, user)}`;
    const res = await request(bare).post('/api/integrations/connect').set('Authorization', auth).send({ service: 'calendar', provider: 'microsoft' });
    expect(res.status).toBe(501);
    expect(res.body.message).toBe(IntegrationMessages.notConfigured('Microsoft'));
    const mine = await request(bare).get('/api/integrations/mine').set('Authorization', auth);
    expect(mine.body.providers).toEqual({ google: false, microsoft: false });
  });
});
