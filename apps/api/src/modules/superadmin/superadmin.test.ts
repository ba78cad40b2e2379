import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { AuthMessages } from '@hireflow/contracts/auth';
import { SuperadminMessages, ZCompanyActionResponse, ZCompanyListResponse, ZSuperadminOverviewResponse } from '@hireflow/contracts/superadmin';
import { startTestApp } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';
import { Customer } from '../org/customer.model';
import { OutboxMail } from '../mail/outbox.model';
import { Session } from '../auth/session.model';
import { bearer, signIn } from '../auth/auth.test-support';
import { PlatformAudit } from './platform-audit';

let app: Express;
let config: Config;
let stop: () => Promise<void>;
let superToken: string;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
  const superAdmin = await buildUser({ superAdmin: true, firstName: 'Sam', lastName: 'Super', email: 'sam@platform.test' });
  superToken = await tokenFor(config, superAdmin);
});
afterAll(async () => stop());

async function companyWithAdmin(overrides: Parameters<typeof buildCustomer>[0] = {}) {
  const customer = await buildCustomer(overrides);
  const admin = await buildUser({ customerId: customer._id, admin: true });
  return { customer, admin };
}

const act = (id: unknown, action: string, body: object = {}) =>
  request(app).post(`/api/superadmin/companies/${String(id)}/${action}`).set(bearer(superToken)).send(body);

describe('the super admin API is for the platform super admin only', () => {
  it('a company admin gets 403 on every call and changes nothing; no token gets 401', async () => {
    const { customer, admin } = await companyWithAdmin({ isAuthorized: false });
    const token = await tokenFor(config, admin);
    await request(app).get('/api/superadmin/overview').set(bearer(token)).expect(403);
    await request(app).get('/api/superadmin/companies').set(bearer(token)).expect(403);
    await request(app).get(`/api/superadmin/companies/${String(customer._id)}`).set(bearer(token)).expect(403);
    const res = await request(app).post(`/api/superadmin/companies/${String(customer._id)}/authorise`).set(bearer(token)).send({}).expect(403);
    expect(res.body.message).toBe('Only the platform super admin can do that');
    expect((await Customer.findById(customer._id).lean())!.isAuthorized).toBe(false);
    await request(app).get('/api/superadmin/companies').expect(401);
  });
});

describe('GET /api/superadmin/companies', () => {
  it('pages in the database, filters by state and searches name, slug and admin email', async () => {
    const pending = await companyWithAdmin({ name: 'Zebra Pending Ltd', slug: 'zebra-pending', isAuthorized: false });
    const suspended = await companyWithAdmin({ name: 'Quokka Suspended', slug: 'quokka', status: 'suspended' });
    const active = await companyWithAdmin({ name: 'Yak Active', slug: 'yak-active' });

    const byState = ZCompanyListResponse.parse((await request(app).get('/api/superadmin/companies').query({ state: 'pending' }).set(bearer(superToken)).expect(200)).body);
    expect(byState.items.every((c) => c.state === 'pending')).toBe(true);
    expect(byState.items.map((c) => c.id)).toContain(String(pending.customer._id));
    expect(byState.items.map((c) => c.id)).not.toContain(String(active.customer._id));

    const suspendedOnly = (await request(app).get('/api/superadmin/companies').query({ state: 'suspended' }).set(bearer(superToken)).expect(200)).body;
    expect(suspendedOnly.items.map((c: { id: string }) => c.id)).toEqual([String(suspended.customer._id)]);

    const byName = (await request(app).get('/api/superadmin/companies').query({ q: 'zebra' }).set(bearer(superToken)).expect(200)).body;
    expect(byName.items).toHaveLength(1);
    expect(byName.items[0]).toMatchObject({ name: 'Zebra Pending Ltd', slug: 'zebra-pending', state: 'pending', admin: { email: pending.admin.email } });
    const bySlug = (await request(app).get('/api/superadmin/companies').query({ q: 'yak-act' }).set(bearer(superToken)).expect(200)).body;
    expect(bySlug.items.map((c: { name: string }) => c.name)).toEqual(['Yak Active']);
    const byEmail = (await request(app).get('/api/superadmin/companies').query({ q: active.admin.email.toUpperCase() }).set(bearer(superToken)).expect(200)).body;
    expect(byEmail.items.map((c: { name: string }) => c.name)).toEqual(['Yak Active']);
    // Regex characters are matched literally.
    const literal = (await request(app).get('/api/superadmin/companies').query({ q: '.*' }).set(bearer(superToken)).expect(200)).body;
    expect(literal.total).toBe(0);
  });

  it('answers 25 a page, newest first, with the total', async () => {
    for (let i = 0; i < 27; i++) await buildCustomer({ name: `Paged ${String(i).padStart(2, '0')}`, isAuthorized: false });
    const first = ZCompanyListResponse.parse((await request(app).get('/api/superadmin/companies').query({ q: 'Paged ' }).set(bearer(superToken)).expect(200)).body);
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.name).toBe('Paged 26');
    const second = (await request(app).get('/api/superadmin/companies').query({ q: 'Paged ', page: 2 }).set(bearer(superToken)).expect(200)).body;
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(['Paged 01', 'Paged 00']);
  });

  it('refuses an unknown state with a clear message', async () => {
    const res = await request(app).get('/api/superadmin/companies').query({ state: 'deleted' }).set(bearer(superToken)).expect(400);
    expect(res.body.message).toBe('state: must be pending, active or suspended');
  });
});

describe('POST /api/superadmin/companies/:id/authorise', () => {
  it("lets the company's admin past /pendingverification, mails them and records who did it and why", async () => {
    const { customer, admin } = await companyWithAdmin({ isAuthorized: false, name: 'Newco' });
    const before = await signIn(app, admin.email, FactoryPassword, 200);
    expect(before.body.user.customerState.isAuthorized).toBe(false);

    const res = await act(customer._id, 'authorise', { reason: 'Checked the company register' }).expect(200);
    const body = ZCompanyActionResponse.parse(res.body);
    expect(body.message).toBe(SuperadminMessages.authorised('Newco'));
    expect(body.company.state).toBe('active');
    expect(body.history).toEqual([
      expect.objectContaining({
        action: 'company.authorise',
        reason: 'Checked the company register',
        target: { kind: 'company', id: String(customer._id), label: 'Newco' },
        actor: expect.objectContaining({ name: 'Sam Super', email: 'sam@platform.test' }),
      }),
    ]);

    const after = await signIn(app, admin.email, FactoryPassword, 200);
    expect(after.body.user.customerState.isAuthorized).toBe(true);
    const status = await request(app).get('/api/customer/presentstatus').set(bearer(after.body.token)).expect(200);
    expect(status.body.isAuthorized).toBe(true);

    const mails = await OutboxMail.find({ to: admin.email, kind: 'company-authorised' }).lean();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Newco is ready on Hireflow');
    expect(mails[0]!.text).toContain(`${config.publicUrl}/login`);
  });

  it('answers 409 for a company that is not pending, 404 for an unknown one, and writes no audit entry', async () => {
    const { customer } = await companyWithAdmin();
    const res = await act(customer._id, 'authorise').expect(409);
    expect(res.body.message).toBe(SuperadminMessages.notPending);
    await act('0123456789abcdef01234567', 'authorise').expect(404);
    await act(customer._id, 'delete').expect(400);
    expect(await PlatformAudit.countDocuments({ companyId: customer._id })).toBe(0);
  });
});

describe('suspend and reinstate', () => {
  it("a suspended company's users cannot sign in and their open sessions end; reinstating lets them back", async () => {
    const { customer, admin } = await companyWithAdmin({ name: 'Shady Inc' });
    const colleague = await buildUser({ customerId: customer._id });
    const signedIn = await signIn(app, colleague.email, FactoryPassword, 200);
    await request(app).get('/api/customer/presentstatus').set(bearer(signedIn.body.token)).expect(200);

    const res = await act(customer._id, 'suspend', { reason: 'Spam job posts' }).expect(200);
    expect(res.body.company.state).toBe('suspended');
    expect(res.body.message).toBe(SuperadminMessages.suspended('Shady Inc'));

    const refused = await signIn(app, admin.email, FactoryPassword, 403);
    expect(refused.body.message).toBe(AuthMessages.companySuspended);
    await request(app).get('/api/user-accessmatrix').set(bearer(signedIn.body.token)).expect(401);
    expect(await Session.countDocuments({ customerId: customer._id, revokedAt: null })).toBe(0);

    expect((await act(customer._id, 'suspend').expect(409)).body.message).toBe(SuperadminMessages.alreadySuspended);

    const back = await act(customer._id, 'reinstate').expect(200);
    expect(back.body.company.state).toBe('active');
    expect(back.body.history.map((h: { action: string }) => h.action)).toEqual(['company.reinstate', 'company.suspend']);
    await signIn(app, admin.email, FactoryPassword, 200);
    expect((await act(customer._id, 'reinstate').expect(409)).body.message).toBe(SuperadminMessages.notSuspended);
  });

  it('reinstating a company suspended while pending returns it to pending', async () => {
    const { customer } = await companyWithAdmin({ isAuthorized: false });
    await act(customer._id, 'suspend').expect(200);
    const res = await act(customer._id, 'reinstate').expect(200);
    expect(res.body.company.state).toBe('pending');
  });
});

describe('GET /api/superadmin/overview and GET /api/superadmin/companies/:id', () => {
  it('counts by state match the list, pending companies come oldest first, the newest company is first of the newest', async () => {
    const newest = await companyWithAdmin({ name: 'Brand New Co', isAuthorized: false });
    const res = await request(app).get('/api/superadmin/overview').set(bearer(superToken)).expect(200);
    const overview = ZSuperadminOverviewResponse.parse(res.body);
    for (const state of ['pending', 'active', 'suspended'] as const) {
      const list = await request(app).get('/api/superadmin/companies').query({ state }).set(bearer(superToken)).expect(200);
      expect(overview.counts[state]).toBe(list.body.total);
    }
    expect(overview.pending.every((c) => c.state === 'pending')).toBe(true);
    const created = overview.pending.map((c) => c.createdAt);
    expect([...created].sort()).toEqual(created);
    expect(overview.newest[0]!.name).toBe('Brand New Co');

    const detail = await request(app).get(`/api/superadmin/companies/${String(newest.customer._id)}`).set(bearer(superToken)).expect(200);
    expect(detail.body).toMatchObject({ company: { name: 'Brand New Co', state: 'pending', admin: { email: newest.admin.email } }, history: [] });
    await request(app).get('/api/superadmin/companies/0123456789abcdef01234567').set(bearer(superToken)).expect(404);
  });
});
