import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { BillingMessages } from '@hireflow/contracts/billing';
import { AgencyPortalApi } from '@hireflow/contracts/agency-portal';
import { AgencyApi } from '@hireflow/contracts/agencies';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { ReportsApi } from '@hireflow/contracts/reports';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { Customer } from '../org/customer.model';
import { User } from '../users/user.model';
import { addAgency } from '../agencies/agencies.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function company(fields: Partial<{ plan: 'starter' | 'growth' | 'enterprise'; seats: number; trialEndsAt: Date | null; status: 'trialing' | 'active' | 'canceled' }> = {}) {
  const customer = await buildCustomer();
  await Customer.updateOne({ _id: customer._id }, { $set: { plan: fields.plan ?? 'starter', seats: fields.seats ?? 5, trialEndsAt: fields.trialEndsAt ?? null, 'subscription.status': fields.status ?? 'active' } });
  const admin = await buildUser({ customerId: customer._id, admin: true });
  return { id: customer._id as Types.ObjectId, admin, token: await tokenFor(ctx.config, admin), domain: customer.domains[0]! };
}

let n = 0;
const newUser = () => ({ firstName: 'Seat', lastName: `Taker ${++n}`, email: `seat-${Date.now()}-${n}@example.test`, role: 'recruiter' });
const addUser = (token: string, body = newUser()) => request(app).post('/api/user/signup').set(auth(token)).send(body);
const importCsv = (token: string, rows: string[]) =>
  request(app).post('/api/user/import').set(auth(token)).set('Content-Type', 'text/csv').send(['First name,Last name,Email', ...rows].join('\n'));

describe('seats', () => {
  it('adding a user beyond the seats is refused with how to get more; a deactivated user frees a seat', async () => {
    const c = await company({ plan: 'starter', seats: 3 });
    await buildUser({ customerId: c.id });
    expect((await addUser(c.token)).status).toBe(201);
    const full = await addUser(c.token);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ code: 'seats_full', message: BillingMessages.seatsFull(3) });
    expect(await User.countDocuments({ customerId: c.id })).toBe(3);

    const someone = await User.findOne({ customerId: c.id, admin: false });
    await request(app).post('/api/user/change_status').set(auth(c.token)).send({ id: String(someone!._id), status: 'inactive' }).expect(200);
    expect((await addUser(c.token)).status).toBe(201);
    // Bringing the deactivated user back needs a seat again.
    const back = await request(app).post('/api/user/change_status').set(auth(c.token)).send({ id: String(someone!._id), status: 'active' });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('seats_full');
  });

  it('two admins adding the last seat at once: exactly one is added', async () => {
    const c = await company({ plan: 'starter', seats: 3 });
    const other = await buildUser({ customerId: c.id, admin: true });
    const otherToken = await tokenFor(ctx.config, other);
    const results = await Promise.all([addUser(c.token), addUser(otherToken), addUser(c.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await User.countDocuments({ customerId: c.id, status: 'active' })).toBe(3);
  });

  it('an import that would exceed the seats is refused as a whole with the message; one that fits is written', async () => {
    const c = await company({ plan: 'starter', seats: 4 });
    const tooMany = await importCsv(c.token, ['Ann,One,ann.seat@example.test', 'Ben,Two,ben.seat@example.test', 'Cy,Three,cy.seat@example.test', 'Di,Four,di.seat@example.test']);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ code: 'seats_full', message: BillingMessages.seatsTooFew(4, 3, 4) });
    expect(await User.countDocuments({ customerId: c.id })).toBe(1);

    const fits = await importCsv(c.token, ['Ann,One,ann.seat@example.test', 'Ben,Two,ben.seat@example.test', 'Cy,Three,cy.seat@example.test']);
    expect(fits.status).toBe(200);
    expect(fits.body.created).toBe(3);
    expect(await User.countDocuments({ customerId: c.id })).toBe(4);
  });

  it('an employee signing up through the company domain takes a seat: refused when none is free', async () => {
    const c = await company({ plan: 'starter', seats: 1 });
    const res = await request(app).post('/api/employeeSelfSignUp').send({ firstName: 'Eve', lastName: 'Extra', email: `eve@${c.domain}`, password: 'Employ33-pass' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(BillingMessages.seatsFull(1));
    expect(await User.countDocuments({ customerId: c.id })).toBe(1);
  });
});

describe('plan features', () => {
  it('a Starter company gets 403 plan_required on agencies and mailbox/calendar connect, with the message; its reports work', async () => {
    const c = await company({ plan: 'starter' });
    const agencies = await request(app).get(AgencyApi.agencies).set(auth(c.token));
    expect(agencies.status).toBe(403);
    expect(agencies.body).toEqual({ code: 'plan_required', message: BillingMessages.featureNotInPlan('agencies', 'Starter') });
    const connect = await request(app).post(IntegrationsApi.connect).set(auth(c.token)).send({ service: 'calendar', provider: 'google' });
    expect(connect.status).toBe(403);
    expect(connect.body.message).toBe(BillingMessages.featureNotInPlan('integrations', 'Starter'));
    expect((await request(app).get(ReportsApi.overview).set(auth(c.token))).status).toBe(200);
  });

  it('a cancelled subscription gets 403 plan_required on reports', async () => {
    const c = await company({ plan: 'growth', status: 'canceled' });
    const res = await request(app).get(ReportsApi.overview).set(auth(c.token));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'plan_required', message: BillingMessages.featureNotInPlan('reports', 'Growth') });
  });

  it("an agency of a Starter company cannot submit candidates through the portal", async () => {
    const c = await company({ plan: 'starter' });
    const { auth: agencyAuth } = await addAgency(ctx.config, { customerId: c.id, invitedBy: c.admin._id });
    const res = await request(app).post(AgencyPortalApi.submissions).set('Authorization', agencyAuth).field('jobId', '000000000000000000000000');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('plan_required');
  });

  it('in the trial every feature works, whatever the plan', async () => {
    const c = await company({ plan: 'starter', trialEndsAt: new Date(Date.now() + 3 * 24 * 3600 * 1000), status: 'trialing' });
    expect((await request(app).get(AgencyApi.agencies).set(auth(c.token))).status).toBe(200);
    expect((await request(app).get(ReportsApi.overview).set(auth(c.token))).status).toBe(200);
    const connect = await request(app).post(IntegrationsApi.connect).set(auth(c.token)).send({ service: 'calendar', provider: 'google' });
    expect(connect.body.code).not.toBe('plan_required');
  });
});
