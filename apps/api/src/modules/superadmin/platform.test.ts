import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { AuthMessages } from '@hireflow/contracts/auth';
import { UserMessages } from '@hireflow/contracts/users';
import { SuperadminMessages, ZCompanyActionResponse, ZCompanyDetailResponse, ZPlatformAuditResponse, ZSuperadminUserListResponse } from '@hireflow/contracts/superadmin';
import { startTestApp } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';
import { Customer } from '../org/customer.model';
import { User } from '../users/user.model';
import { Job } from '../jobs/job.model';
import { Application } from '../candidates/applications/application.model';
import { Session } from '../auth/session.model';
import { bearer, linkParam, mailsTo, signIn } from '../auth/auth.test-support';
import { PlatformAudit, recordPlatformAction } from './platform-audit';
import { monthStartOf } from './companies.service';

let app: Express;
let config: Config;
let stop: () => Promise<void>;
let superAdmin: Awaited<ReturnType<typeof buildUser>>;
let superToken: string;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
  superAdmin = await buildUser({ superAdmin: true, firstName: 'Pia', lastName: 'Platform', email: 'pia@platform.test' });
  superToken = await tokenFor(config, superAdmin);
});
afterAll(async () => stop());

const asSuper = <T extends request.Test>(r: T) => r.set(bearer(superToken));

async function companyWithAdmin(name: string) {
  const customer = await buildCustomer({ name });
  const admin = await buildUser({ customerId: customer._id, admin: true, firstName: 'Ada', lastName: `Admin of ${name}` });
  return { customer, admin };
}

describe('every platform route is for the super admin only', () => {
  it('a company admin gets 403 on each new route and changes nothing', async () => {
    const { customer, admin } = await companyWithAdmin('Forbidden Co');
    const colleague = await buildUser({ customerId: customer._id });
    const token = await tokenFor(config, admin);
    const calls = [
      request(app).get('/api/superadmin/audit'),
      request(app).get('/api/superadmin/users'),
      request(app).put(`/api/superadmin/companies/${String(customer._id)}/subscription`).send({ plan: 'enterprise', seats: 500 }),
      request(app).post(`/api/superadmin/users/${String(colleague._id)}/disable`).send({}),
      request(app).post(`/api/superadmin/users/${String(colleague._id)}/enable`).send({}),
      request(app).post(`/api/superadmin/users/${String(colleague._id)}/reset-link`).send({}),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(token)).expect(403);
      expect(res.body.message).toBe('Only the platform super admin can do that');
    }
    expect((await Customer.findById(customer._id).lean())!.plan).toBe('growth');
    expect((await User.findById(colleague._id).setOptions({ crossTenant: true }).lean())!.status).toBe('active');
    expect(await mailsTo(app, colleague.email)).toHaveLength(0);
    expect(await PlatformAudit.countDocuments({ companyId: customer._id })).toBe(0);
  });
});

describe('companies: plan, seats, trial and usage', () => {
  it('lists plan, seats used of allowed, trial end and this month’s usage, counted in the database', async () => {
    const { customer } = await companyWithAdmin('Usage Unlimited');
    await Customer.updateOne({ _id: customer._id }, { $set: { plan: 'starter', seats: 5, trialEndsAt: new Date('2031-01-15T00:00:00Z') } });
    await buildUser({ customerId: customer._id });
    await buildUser({ customerId: customer._id, status: 'inactive' });
    await Job.collection.insertMany([{ customerId: customer._id, title: 'A' }, { customerId: customer._id, title: 'B' }]);
    const start = monthStartOf(new Date());
    const jobId = new Types.ObjectId();
    await Application.collection.insertMany([
      { customerId: customer._id, jobId, candidateId: new Types.ObjectId(), appliedAt: new Date() },
      { customerId: customer._id, jobId, candidateId: new Types.ObjectId(), appliedAt: start },
      { customerId: customer._id, jobId, candidateId: new Types.ObjectId(), appliedAt: new Date(start.getTime() - 1) },
    ]);
    const list = (await asSuper(request(app).get('/api/superadmin/companies').query({ q: 'Usage Unlimited' })).expect(200)).body;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      plan: 'starter',
      seats: { used: 2, allowed: 5 },
      trialEndsAt: '2031-01-15T00:00:00.000Z',
      usage: { users: 2, jobs: 2, applicationsThisMonth: 2 },
    });
    const detail = ZCompanyDetailResponse.parse((await asSuper(request(app).get(`/api/superadmin/companies/${String(customer._id)}`)).expect(200)).body);
    expect(detail.company.usage).toEqual({ users: 2, jobs: 2, applicationsThisMonth: 2 });
  });

  it('changes plan and seats, audited as company.plan with what changed; refuses seats below the active users with a clear 400', async () => {
    const { customer } = await companyWithAdmin('Planful');
    await buildUser({ customerId: customer._id });
    await buildUser({ customerId: customer._id });
    const url = `/api/superadmin/companies/${String(customer._id)}/subscription`;

    const low = await asSuper(request(app).put(url).send({ plan: 'starter', seats: 2 })).expect(400);
    expect(low.body.message).toBe(SuperadminMessages.seatsBelowUsed(3));
    expect(low.body.message).toBe('This company has 3 active users, so it needs at least 3 seats. Deactivate users first to give it fewer.');
    expect((await asSuper(request(app).put(url).send({ plan: 'platinum', seats: 10 })).expect(400)).body.message).toBe('plan: must be starter, growth or enterprise');
    expect((await asSuper(request(app).put(url).send({ plan: 'growth', seats: 0 })).expect(400)).body.message).toBe('seats: must be at least 1');
    expect(await PlatformAudit.countDocuments({ companyId: customer._id })).toBe(0);

    const res = ZCompanyActionResponse.parse((await asSuper(request(app).put(url).send({ plan: 'enterprise', seats: 100, reason: 'Signed a contract' })).expect(200)).body);
    expect(res.message).toBe("Planful's plan and seats are saved.");
    expect(res.company).toMatchObject({ plan: 'enterprise', seats: { used: 3, allowed: 100 } });
    expect(res.history[0]).toMatchObject({
      action: 'company.plan',
      detail: 'Growth → Enterprise, 100 seats',
      reason: 'Signed a contract',
      actor: { id: String(superAdmin._id), name: 'Pia Platform', email: 'pia@platform.test' },
      target: { kind: 'company', id: String(customer._id), label: 'Planful' },
    });
    // Exactly as many seats as active users is allowed.
    await asSuper(request(app).put(url).send({ plan: 'enterprise', seats: 3 })).expect(200);
    expect((await Customer.findById(customer._id).lean())!.seats).toBe(3);
    await asSuper(request(app).put('/api/superadmin/companies/0123456789abcdef01234567/subscription').send({ plan: 'growth', seats: 5 })).expect(404);
  });
});

describe('GET /api/superadmin/audit', () => {
  it('lists every super-admin action newest first, paged in the database, filtered by action and company', async () => {
    const a = await companyWithAdmin('Audit Alpha');
    const b = await companyWithAdmin('Audit Beta');
    await asSuper(request(app).post(`/api/superadmin/companies/${String(a.customer._id)}/suspend`).send({ reason: 'Spam' })).expect(200);
    await asSuper(request(app).put(`/api/superadmin/companies/${String(b.customer._id)}/subscription`).send({ plan: 'starter', seats: 5 })).expect(200);
    await asSuper(request(app).post(`/api/superadmin/users/${String(b.admin._id)}/reset-link`).send({})).expect(200);

    const all = ZPlatformAuditResponse.parse((await asSuper(request(app).get('/api/superadmin/audit')).expect(200)).body);
    expect(all.items.slice(0, 3).map((e) => e.action)).toEqual(['user.reset_link', 'company.plan', 'company.suspend']);
    expect(all.items[0]).toMatchObject({ companyId: String(b.customer._id), actor: { name: 'Pia Platform' }, target: { kind: 'user', id: String(b.admin._id) } });

    const ofB = ZPlatformAuditResponse.parse((await asSuper(request(app).get('/api/superadmin/audit').query({ companyId: String(b.customer._id) })).expect(200)).body);
    expect(ofB.items.map((e) => e.action)).toEqual(['user.reset_link', 'company.plan']);
    expect(ofB.total).toBe(2);
    const suspends = ZPlatformAuditResponse.parse((await asSuper(request(app).get('/api/superadmin/audit').query({ action: 'company.suspend' })).expect(200)).body);
    expect(suspends.items.every((e) => e.action === 'company.suspend')).toBe(true);
    expect(suspends.items.map((e) => e.reason)).toContain('Spam');
    expect((await asSuper(request(app).get('/api/superadmin/audit').query({ action: 'company.delete' })).expect(400)).body.message).toBe('action: is not a known action');

    // 26 entries of one company: 25 on the first page, the oldest on the second.
    const c = await companyWithAdmin('Audit Many');
    for (let i = 0; i < 26; i += 1) {
      await recordPlatformAction({ action: 'company.plan', actor: superAdmin, target: { kind: 'company', id: String(c.customer._id), label: 'Audit Many' }, companyId: c.customer._id, reason: `round ${i}` });
    }
    const first = ZPlatformAuditResponse.parse((await asSuper(request(app).get('/api/superadmin/audit').query({ companyId: String(c.customer._id) })).expect(200)).body);
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    const second = ZPlatformAuditResponse.parse((await asSuper(request(app).get('/api/superadmin/audit').query({ companyId: String(c.customer._id), page: 2 })).expect(200)).body);
    expect(second.items.map((e) => e.reason)).toEqual(['round 0']);
  });
});

describe('/api/superadmin/users', () => {
  it('searches across companies by name, email and company, paged, with company, role, status and last sign-in', async () => {
    const { customer: zeta, admin } = await companyWithAdmin('Zetaworks');
    const other = await buildCustomer({ name: 'Otherplace' });
    await buildUser({ customerId: other._id, firstName: 'Quentin', lastName: 'Quasar', email: 'qq@otherplace.test' });
    await buildUser({ customerId: zeta._id, firstName: 'Quinn', lastName: 'Quasar', email: 'quinn@zetaworks.test', role: 'employee' });
    await signIn(app, admin.email, FactoryPassword, 200);

    const byName = ZSuperadminUserListResponse.parse((await asSuper(request(app).get('/api/superadmin/users').query({ q: 'quasar' })).expect(200)).body);
    expect(byName.items.map((u) => u.name)).toEqual(['Quentin Quasar', 'Quinn Quasar']);
    expect(byName.items.map((u) => u.company?.name)).toEqual(['Otherplace', 'Zetaworks']);
    expect(byName.items[1]).toMatchObject({ role: 'Employee', status: 'active', lastSignInAt: null });

    const byTwoWords = (await asSuper(request(app).get('/api/superadmin/users').query({ q: 'Quin Quas' })).expect(200)).body;
    expect(byTwoWords.items.map((u: { name: string }) => u.name)).toEqual(['Quinn Quasar']);
    const byEmail = (await asSuper(request(app).get('/api/superadmin/users').query({ q: 'qq@otherplace.test' })).expect(200)).body;
    expect(byEmail.items.map((u: { email: string }) => u.email)).toEqual(['qq@otherplace.test']);
    const byCompany = ZSuperadminUserListResponse.parse((await asSuper(request(app).get('/api/superadmin/users').query({ q: 'zetawork' })).expect(200)).body);
    expect(byCompany.items.map((u) => u.email).sort()).toEqual([admin.email, 'quinn@zetaworks.test'].sort());
    const signedIn = byCompany.items.find((u) => u.email === admin.email)!;
    expect(signedIn.role).toBe('Recruiter, admin');
    expect(signedIn.lastSignInAt).not.toBeNull();
    const regex = (await asSuper(request(app).get('/api/superadmin/users').query({ q: '.*' })).expect(200)).body;
    expect(regex.total).toBe(0);

    for (let i = 0; i < 26; i += 1) await buildUser({ customerId: other._id, firstName: 'Pagey', lastName: `P${String(i).padStart(2, '0')}` });
    const first = (await asSuper(request(app).get('/api/superadmin/users').query({ q: 'pagey' })).expect(200)).body;
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.items[0].name).toBe('Pagey P00');
    const second = (await asSuper(request(app).get('/api/superadmin/users').query({ q: 'pagey', page: 2 })).expect(200)).body;
    expect(second.items.map((u: { name: string }) => u.name)).toEqual(['Pagey P25']);
  });

  it('disabling signs the user out and keeps them out; enabling lets them back; both audited with who did it', async () => {
    const { customer } = await companyWithAdmin('Disablers');
    const user = await buildUser({ customerId: customer._id, firstName: 'Dora', lastName: 'Doomed' });
    const session = await signIn(app, user.email, FactoryPassword, 200);
    await request(app).get('/api/user-accessmatrix').set(bearer(session.body.token)).expect(200);

    const res = await asSuper(request(app).post(`/api/superadmin/users/${String(user._id)}/disable`).send({ reason: 'Left the company' })).expect(200);
    expect(res.body.message).toBe('Dora Doomed is disabled and has been signed out.');
    expect(res.body.user.status).toBe('inactive');
    await request(app).get('/api/user-accessmatrix').set(bearer(session.body.token)).expect(401);
    expect(await Session.countDocuments({ userId: user._id, revokedAt: null })).toBe(0);
    expect((await signIn(app, user.email, FactoryPassword, 403)).body.message).toBe(AuthMessages.accountInactive);
    expect((await asSuper(request(app).post(`/api/superadmin/users/${String(user._id)}/disable`).send({})).expect(409)).body.message).toBe(SuperadminMessages.alreadyDisabled);
    expect((await asSuper(request(app).post(`/api/superadmin/users/${String(user._id)}/reset-link`).send({})).expect(409)).body.message).toBe(SuperadminMessages.disabledCannotReset);

    const back = await asSuper(request(app).post(`/api/superadmin/users/${String(user._id)}/enable`).send({})).expect(200);
    expect(back.body.user.status).toBe('active');
    await signIn(app, user.email, FactoryPassword, 200);

    const entries = await PlatformAudit.find({ 'target.id': String(user._id) }).sort({ createdAt: 1, _id: 1 }).lean();
    expect(entries.map((e) => [e.action, e.actorId.toString(), e.actorEmail, e.companyId?.toString(), e.reason])).toEqual([
      ['user.disable', String(superAdmin._id), 'pia@platform.test', String(customer._id), 'Left the company'],
      ['user.enable', String(superAdmin._id), 'pia@platform.test', String(customer._id), ''],
    ]);
  });

  it('the super admin cannot disable themself; enabling is refused when the company has no free seat', async () => {
    const self = await asSuper(request(app).post(`/api/superadmin/users/${String(superAdmin._id)}/disable`).send({})).expect(400);
    expect(self.body.message).toBe(SuperadminMessages.cannotDisableSelf);
    expect((await User.findById(superAdmin._id).setOptions({ crossTenant: true }).lean())!.status).toBe('active');

    const { customer } = await companyWithAdmin('Full House');
    const parked = await buildUser({ customerId: customer._id, status: 'inactive' });
    await Customer.updateOne({ _id: customer._id }, { $set: { seats: 1 } });
    const full = await asSuper(request(app).post(`/api/superadmin/users/${String(parked._id)}/enable`).send({})).expect(409);
    expect(full.body.code).toBe('seats_full');
    expect((await User.findById(parked._id).setOptions({ crossTenant: true }).lean())!.status).toBe('inactive');
    expect(await PlatformAudit.countDocuments({ 'target.id': String(parked._id) })).toBe(0);
    await asSuper(request(app).post('/api/superadmin/users/0123456789abcdef01234567/enable').send({})).expect(404);
    await asSuper(request(app).post(`/api/superadmin/users/${String(parked._id)}/promote`).send({})).expect(400);
  });

  it("refuses to disable a company's last active admin, and disables one of two", async () => {
    const { customer, admin } = await companyWithAdmin('One Admin Co');
    const last = await asSuper(request(app).post(`/api/superadmin/users/${String(admin._id)}/disable`).send({})).expect(409);
    expect(last.body.message).toBe(UserMessages.lastAdmin);
    expect((await User.findById(admin._id).setOptions({ crossTenant: true }).lean())!.status).toBe('active');
    expect(await PlatformAudit.countDocuments({ 'target.id': String(admin._id) })).toBe(0);

    await buildUser({ customerId: customer._id, admin: true, firstName: 'Second' });
    await asSuper(request(app).post(`/api/superadmin/users/${String(admin._id)}/disable`).send({})).expect(200);
    expect((await User.findById(admin._id).setOptions({ crossTenant: true }).lean())!.status).toBe('inactive');
  });

  it('mails a password-reset link that works on the reset page, and records it', async () => {
    const { customer } = await companyWithAdmin('Forgetful');
    const user = await buildUser({ customerId: customer._id, firstName: 'Rita' });
    const res = await asSuper(request(app).post(`/api/superadmin/users/${String(user._id)}/reset-link`).send({})).expect(200);
    expect(res.body.message).toBe(`A password-reset link has been mailed to ${user.email}.`);
    const [mail] = await mailsTo(app, user.email);
    expect(mail!.subject).toBe('Reset your Hireflow password');
    expect(mail!.text).toContain('Hello Rita,');
    const hashKey = linkParam(mail!, 'hashKey');
    await request(app).post('/api/reset_password').send({ hashKey, password: 'N3w-password!', confirmpassword: 'N3w-password!' }).expect(200);
    await signIn(app, user.email, 'N3w-password!', 200);
    const entry = await PlatformAudit.findOne({ action: 'user.reset_link', 'target.id': String(user._id) }).lean();
    expect(entry).toMatchObject({ actorEmail: 'pia@platform.test', detail: `Mailed to ${user.email}` });
  });
});

describe('the older company history moves into the platform audit log', () => {
  it('copies each entry once, keeping who, when and why', async () => {
    const { moveCompanyAuditIntoPlatformAudit } = await import('./company-audit-migration');
    const { customer } = await companyWithAdmin('Old History Co');
    const db = PlatformAudit.db;
    await db.collection('migrations').deleteOne({ _id: 'company-audit-into-platform-audit' as never });
    const at = new Date('2025-05-05T10:00:00Z');
    await db.collection('companyaudits').insertOne({ companyId: customer._id, action: 'suspend', actorId: superAdmin._id, actorName: 'Old Admin', actorEmail: 'old@platform.test', reason: 'Fraud', createdAt: at });
    expect(await moveCompanyAuditIntoPlatformAudit()).toEqual({ moved: 1 });
    expect(await moveCompanyAuditIntoPlatformAudit()).toEqual({ moved: 0 });
    const detail = ZCompanyDetailResponse.parse((await asSuper(request(app).get(`/api/superadmin/companies/${String(customer._id)}`)).expect(200)).body);
    expect(detail.history).toEqual([
      expect.objectContaining({ action: 'company.suspend', reason: 'Fraud', at: at.toISOString(), actor: expect.objectContaining({ name: 'Old Admin' }), target: { kind: 'company', id: String(customer._id), label: 'Old History Co' } }),
    ]);
  });
});
