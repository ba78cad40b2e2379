import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import type { TPlatformReportsOverview, TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { Customer } from '../../org/customer.model';
import { PlatformAudit } from '../../superadmin/platform-audit';
import { bumpTallies, type TallyBump } from '../tallies/tallies';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let superAuth: string;
let adminAuth: string;
const ids: Record<'a' | 'b' | 'c', Types.ObjectId> = {} as never;
const range = 'preset=custom&from=2026-01-01&to=2026-03-31';
const day = (s: string) => new Date(`${s}T00:00:00.000Z`);

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const superAdmin = await buildUser({ superAdmin: true });
  superAuth = `Bearer ${await tokenFor(ctx.config, superAdmin)}`;
  const [a, b, c] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Beta' }), buildCustomer({ name: 'Cobalt', status: 'suspended' })]);
  Object.assign(ids, { a: a._id, b: b._id, c: c._id });
  // When they signed up and what the platform did to them (written past the timestamps plugin: fixed dates).
  await Customer.collection.updateOne({ _id: a._id }, { $set: { createdAt: day('2026-01-15') } });
  await Customer.collection.updateOne({ _id: b._id }, { $set: { createdAt: day('2026-02-03') } });
  await Customer.collection.updateOne({ _id: c._id }, { $set: { createdAt: day('2025-12-01') } });
  const audit = (companyId: Types.ObjectId, action: string, at: string) => ({ companyId, action: `company.${action}`, target: { kind: 'company', id: String(companyId), label: '' }, actorId: superAdmin._id, actorName: 'Sam Super', actorEmail: 'sam@platform.test', reason: '', detail: '', createdAt: day(at) });
  await PlatformAudit.collection.insertMany([audit(a._id, 'authorise', '2026-01-16'), audit(b._id, 'authorise', '2026-02-04'), audit(c._id, 'suspend', '2026-03-10')]);

  const admin = await buildUser({ customerId: a._id, role: 'recruiter', admin: true });
  adminAuth = `Bearer ${await tokenFor(ctx.config, admin)}`;
  const [u1, u2, u3, u4] = await Promise.all([buildUser({ customerId: a._id }), buildUser({ customerId: a._id }), buildUser({ customerId: b._id }), buildUser({ customerId: c._id })]);
  const user = (customerId: Types.ObjectId, u: { _id: Types.ObjectId }, at: string, inc: Record<string, number>): TallyBump => ({ customerId, dim: 'user', key: String(u._id), at: day(at), inc });
  const src = (customerId: Types.ObjectId, at: string, inc: Record<string, number>): TallyBump => ({ customerId, dim: 'src', key: 'career_site', at: day(at), inc });
  await bumpTallies([
    // Acme: u1 signs in twice on Tuesday 20 January and once on the 21st (week of Monday 19), u2 on Tuesday 10 February.
    user(a._id, u1, '2026-01-20', { signIns: 2, actions: 10 }),
    user(a._id, u1, '2026-01-21', { signIns: 1 }),
    user(a._id, u2, '2026-02-10', { signIns: 1 }),
    // Beta: u3 three times on Wednesday 11 February (the same week as u2).
    user(b._id, u3, '2026-02-11', { signIns: 3, actions: 5 }),
    // Cobalt: only before the range.
    user(c._id, u4, '2025-12-15', { signIns: 4, actions: 9 }),
    src(a._id, '2026-01-20', { applied: 4, hired: 1 }),
    src(a._id, '2025-12-30', { applied: 7 }),
    src(b._id, '2026-02-11', { applied: 2 }),
    // This month (the overview's).
    user(a._id, u1, new Date().toISOString().slice(0, 10), { signIns: 1 }),
    src(b._id, new Date().toISOString().slice(0, 10), { applied: 5 }),
  ]);
});
afterAll(() => ctx.stop());

const platform = (name: string, query = range) => request(app).get(`/api/superadmin/reports/${name}?${query}`).set('Authorization', superAuth);

describe('platform reports: super admin only', () => {
  it('a company admin gets 403 on every platform report and the overview; the company reports do not list them', async () => {
    for (const name of ['companies', 'active-users', 'usage-per-company']) {
      expect((await request(app).get(`/api/superadmin/reports/${name}?${range}`).set('Authorization', adminAuth)).status).toBe(403);
      expect((await request(app).get(`/api/reports/${name}?${range}`).set('Authorization', adminAuth)).status).toBe(404);
    }
    expect((await request(app).get('/api/superadmin/reports').set('Authorization', adminAuth)).status).toBe(403);
    expect((await request(app).get(`/api/superadmin/reports/companies?${range}`)).status).toBe(401);
  });
});

describe('GET /api/superadmin/reports/usage-per-company', () => {
  it('sums sign-ins, actions, applications and hires per company across companies, busiest first', async () => {
    const body = (await platform('usage-per-company').expect(200)).body as TReportResult;
    expect(body.rows).toEqual([
      { company: 'Acme', signIns: 4, actions: 10, applications: 4, hires: 1 },
      { company: 'Beta', signIns: 3, actions: 5, applications: 2, hires: 0 },
    ]);
    expect(body.totals).toEqual({ company: 'Total', signIns: 7, actions: 15, applications: 6, hires: 1 });
    expect(body.headline.map((h) => h.value)).toEqual([7, 15, 6, 1]);
    expect(body.chart).toMatchObject({ kind: 'bar', indexKey: 'company' });
  });

  it('with a company chosen, only that company', async () => {
    const body = (await platform('usage-per-company', `${range}&companyId=${String(ids.b)}`).expect(200)).body as TReportResult;
    expect(body.rows).toEqual([{ company: 'Beta', signIns: 3, actions: 5, applications: 2, hires: 0 }]);
    expect(body.applied).toEqual([{ key: 'companyId', label: 'Company', value: 'Beta' }]);
  });
});

describe('GET /api/superadmin/reports/active-users', () => {
  it('counts distinct users who signed in per company and per week', async () => {
    const body = (await platform('active-users').expect(200)).body as TReportResult;
    // Acme: u1 and u2 of 3 active accounts (with the admin); Beta: u3 of 1.
    expect(body.rows).toEqual([
      { company: 'Acme', users: 3, activeUsers: 2, share: 66.7, signIns: 4 },
      { company: 'Beta', users: 1, activeUsers: 1, share: 100, signIns: 3 },
    ]);
    expect(body.totals).toEqual({ company: 'Total', users: 4, activeUsers: 3, share: 75, signIns: 7 });
    expect(body.headline.map((h) => h.value)).toEqual([3, 7, 2]);
    const weeks = Object.fromEntries(body.chart.data.map((d) => [d.week, d.activeUsers]));
    // The weeks from Monday 29 December 2025 (1 January's) to Monday 30 March 2026: 14 of them.
    expect(body.chart.data).toHaveLength(14);
    expect(weeks).toMatchObject({ '2025-12-29': 0, '2026-01-19': 1, '2026-02-09': 2, '2026-03-30': 0 });
    expect(Object.values(weeks).reduce((n, v) => Number(n) + Number(v), 0)).toBe(3);
  });
});

describe('GET /api/superadmin/reports/companies', () => {
  it('per month: signed up, authorised, suspended and active companies; the headline as they are now', async () => {
    const body = (await platform('companies').expect(200)).body as TReportResult;
    expect(body.rows).toEqual([
      { month: '2026-01', signedUp: 1, authorised: 1, suspended: 0, reinstated: 0, active: 1 },
      { month: '2026-02', signedUp: 1, authorised: 1, suspended: 0, reinstated: 0, active: 2 },
      { month: '2026-03', signedUp: 0, authorised: 0, suspended: 1, reinstated: 0, active: 0 },
    ]);
    expect(body.totals).toEqual({ month: 'Total', signedUp: 2, authorised: 2, suspended: 1, reinstated: 0, active: null });
    expect(body.headline.map((h) => [h.label, h.value])).toEqual([['Companies', 3], ['Authorised now', 3], ['Suspended now', 1], ['Signed up in the period', 2]]);

    const acme = (await platform('companies', `${range}&companyId=${String(ids.a)}`).expect(200)).body as TReportResult;
    expect(acme.rows.map((r) => [r.month, r.signedUp, r.authorised, r.suspended, r.active])).toEqual([['2026-01', 1, 1, 0, 1], ['2026-02', 0, 0, 0, 1], ['2026-03', 0, 0, 0, 0]]);
    expect(acme.headline[0]).toEqual({ label: 'Companies', value: 1, kind: 'count' });
  });
});

describe('GET /api/superadmin/reports (overview)', () => {
  it('gives the platform cards and the companies to choose from, by name', async () => {
    const body = (await request(app).get('/api/superadmin/reports').set('Authorization', superAuth).expect(200)).body as TPlatformReportsOverview;
    expect(body.cards).toEqual([
      { label: 'Companies', value: 3, kind: 'count' },
      { label: 'Active companies this month', value: 1, kind: 'count' },
      { label: 'Users', value: 5, kind: 'count' },
      { label: 'Applications this month', value: 5, kind: 'count' },
    ]);
    expect(body.companies).toEqual([{ id: String(ids.a), name: 'Acme' }, { id: String(ids.b), name: 'Beta' }, { id: String(ids.c), name: 'Cobalt' }]);
  });
});
