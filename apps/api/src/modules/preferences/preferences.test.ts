import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { PreferencesMessages } from '@hireflow/contracts/preferences';
import { startTestApp } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { Location } from '../org/location.model';
import { Session } from '../auth/session.model';
import { User } from '../users/user.model';
import { buildJobsCompany, requisitionBody, setVacancyChain } from '../jobs/jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let me: { _id: Types.ObjectId; customerId?: Types.ObjectId | null };
let token: string;
let locA: string;
let locB: string;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer(), buildCustomer()]);
  locA = String((await Location.create({ customerId: a._id, name: 'Paris' }))._id);
  locB = String((await Location.create({ customerId: b._id, name: 'Rome' }))._id);
  me = await buildUser({ customerId: a._id, role: 'employee', firstName: 'Pat', lastName: 'Person' });
  token = await tokenFor(ctx.config, me);
});
afterAll(() => ctx.stop());

const get = (path: string, t = token) => request(app).get(path).set('Authorization', `Bearer ${t}`);
const post = (path: string, body: object, t = token) => request(app).post(path).set('Authorization', `Bearer ${t}`).send(body);
const stored = () => User.findById(me._id).setOptions({ crossTenant: true }).lean();

describe('GET/POST /api/preferences/profile', () => {
  it('401 without a token', async () => {
    expect((await request(app).get('/api/preferences/profile')).status).toBe(401);
  });

  it('shows the signed-in user as the SPA stores them', async () => {
    const res = await get('/api/preferences/profile');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: String(me._id), firstName: 'Pat', lastName: 'Person', role: 'employee' });
    expect(res.body.user).not.toHaveProperty('passwordHash');
  });

  it('changes name, mobile, time zone and location of my company', async () => {
    const res = await post('/api/preferences/profile', { firstName: 'Patricia', lastName: 'Person', mobile: '+33 1 23 45 67 89', timezone: 'Europe/Paris', location: locA });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Patricia', mobile: '+33 1 23 45 67 89', timezone: 'Europe/Paris', location: { id: locA, searchText: 'Paris' } });
    expect((await stored())?.timezone).toBe('Europe/Paris');
  });

  it('400 for an unknown time zone or a bad mobile; 404 for another company location', async () => {
    const zone = await post('/api/preferences/profile', { firstName: 'P', lastName: 'P', timezone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('timezone: is not a known time zone');
    expect((await post('/api/preferences/profile', { firstName: 'P', lastName: 'P', timezone: 'UTC', mobile: 'abc' })).status).toBe(400);
    const foreign = await post('/api/preferences/profile', { firstName: 'P', lastName: 'P', timezone: 'UTC', location: locB });
    expect(foreign.status).toBe(404);
    expect((await stored())?.firstName).toBe('Patricia');
  });
});

describe('POST /api/preferences/password', () => {
  it('400 with the wrong current password, a weak or unconfirmed new one; nothing changes', async () => {
    const before = (await stored())?.passwordHash;
    const wrong = await post('/api/preferences/password', { currentPassword: 'nope', newPassword: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(PreferencesMessages.wrongCurrentPassword);
    const weak = await post('/api/preferences/password', { currentPassword: FactoryPassword, newPassword: 'short', confirmPassword: 'short' });
    expect(weak.body.message).toBe('Password needs at least 8 characters, a digit');
    const mismatch = await post('/api/preferences/password', { currentPassword: FactoryPassword, newPassword: 'NewPassw0rd', confirmPassword: 'Other0000' });
    expect(mismatch.body.message).toBe('Passwords do not match');
    expect((await stored())?.passwordHash).toBe(before);
  });

  it('changes the password and signs out every other session, not this one', async () => {
    const other = await tokenFor(ctx.config, me);
    const res = await post('/api/preferences/password', { currentPassword: FactoryPassword, newPassword: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PreferencesMessages.passwordChanged);
    expect((await get('/api/preferences/profile', other)).status).toBe(401);
    expect((await get('/api/preferences/profile')).status).toBe(200);
    expect(await Session.countDocuments({ userId: me._id, revokedAt: null })).toBe(1);
    const bcrypt = await import('bcrypt');
    expect(await bcrypt.compare('NewPassw0rd', (await stored())!.passwordHash!)).toBe(true);
  });
});

describe('GET/POST /api/preferences/notifications', () => {
  it('starts from the defaults and keeps what I change', async () => {
    const first = await get('/api/preferences/notifications');
    expect(first.body.notifications).toMatchObject({ approvalRequests: true, weeklyDigest: false });
    const res = await post('/api/preferences/notifications', { weeklyDigest: true, candidateApplied: false });
    expect(res.status).toBe(200);
    expect(res.body.notifications).toMatchObject({ approvalRequests: true, weeklyDigest: true, candidateApplied: false });
    const again = await post('/api/preferences/notifications', { approvalRequests: false });
    expect(again.body.notifications).toMatchObject({ approvalRequests: false, weeklyDigest: true, candidateApplied: false });
  });

  it('400 for a non-boolean value', async () => {
    const res = await post('/api/preferences/notifications', { weeklyDigest: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('weeklyDigest: must be true or false');
  });
});

describe('notification preferences decide which job mails go out', () => {
  const outbox = async (to: string) => (await request(app).get('/api/dev/outbox').query({ to })).body as { subject: string }[];

  it('an approver who turned approval requests off gets no approval mails; the others still do', async () => {
    const co = await buildJobsCompany(ctx.config);
    const off = await post('/api/preferences/notifications', { approvalRequests: false }, co.approver1.auth.replace('Bearer ', ''));
    expect(off.body.notifications.approvalRequests).toBe(false);
    await setVacancyChain(app, co, [co.approver1.id, co.approver2.id]);
    const created = await request(app).post('/api/requisitions').set('Authorization', co.hm.auth).send({ ...requisitionBody(co, { title: 'Quiet Role' }), submit: true });
    expect(created.status).toBe(201);
    expect(await outbox(co.approver1.user.email)).toEqual([]);

    const decided = await request(app).post(`/api/vacancy-approvals/${created.body.id}/decision`).set('Authorization', co.approver1.auth).send({ decision: 'approve' });
    expect(decided.status).toBe(200);
    expect((await outbox(co.approver2.user.email)).map((m) => m.subject)).toEqual(['Approval needed: Quiet Role']);

    // The requester turned them off too: the approval outcome is not mailed either.
    await post('/api/preferences/notifications', { approvalRequests: false }, co.hm.auth.replace('Bearer ', ''));
    await request(app).post(`/api/vacancy-approvals/${created.body.id}/decision`).set('Authorization', co.approver2.auth).send({ decision: 'approve' }).expect(200);
    expect(await outbox(co.hm.user.email)).toEqual([]);
  });
});
