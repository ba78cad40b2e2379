import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ZMySpotlightResponse, ZSpotlightChangeResponse, ZSpotlightListResponse, type TCreateSpotlightRequest } from '@hireflow/contracts/spotlight';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';
import { bearer } from '../auth/auth.test-support';
import { PlatformAudit } from '../superadmin/platform-audit';
import { Spotlight, SpotlightDismissal } from './spotlight.model';

let app: Express;
let config: Config;
let stop: () => Promise<void>;
let superToken: string;
const DayMs = 86_400_000;
const base = Date.parse('2026-11-24T12:00:00.000Z');
let now = base;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
  app.locals.clock = { now: () => now };
  const superAdmin = await buildUser({ superAdmin: true, firstName: 'Sam', lastName: 'Super', email: 'sam@platform.test' });
  superToken = await tokenFor(config, superAdmin);
});
afterAll(async () => stop());
beforeEach(async () => {
  now = base;
  await Spotlight.deleteMany({});
  await SpotlightDismissal.deleteMany({});
});

const iso = (offsetDays: number) => new Date(base + offsetDays * DayMs).toISOString();

function announcement(overrides: Partial<TCreateSpotlightRequest> = {}): TCreateSpotlightRequest {
  return {
    title: 'New reports are here',
    body: '<p>See the <strong>time-to-hire</strong> report.</p>',
    link: { url: 'https://hireflow.example/news', label: 'Read more' },
    audience: { allCompanies: true, companyIds: [], roles: ['admin', 'recruiter', 'hiring_manager', 'employee'] },
    validFrom: iso(-1),
    validTo: iso(7),
    ...overrides,
  };
}

const create = async (body: TCreateSpotlightRequest) =>
  ZSpotlightChangeResponse.parse((await request(app).post('/api/superadmin/spotlight').set(bearer(superToken)).send(body).expect(201)).body).announcement;

const mine = async (token: string) => ZMySpotlightResponse.parse((await request(app).get('/api/spotlight').set(bearer(token)).expect(200)).body).items.map((i) => i.title);

async function companyPeople() {
  const customer = await buildCustomer();
  const admin = await buildUser({ customerId: customer._id, admin: true, role: 'employee' });
  const recruiter = await buildUser({ customerId: customer._id, role: 'recruiter' });
  const hm = await buildUser({ customerId: customer._id, role: 'employee', addlRoles: ['HM'] });
  const employee = await buildUser({ customerId: customer._id, role: 'employee' });
  const tokens = {
    admin: await tokenFor(config, admin),
    recruiter: await tokenFor(config, recruiter),
    hm: await tokenFor(config, hm),
    employee: await tokenFor(config, employee),
  };
  return { customer, users: { admin, recruiter, hm, employee }, tokens };
}

describe('managing announcements is for the platform super admin only', () => {
  it('a company admin gets 403 on every management call and nothing changes; no token gets 401', async () => {
    const { tokens } = await companyPeople();
    const existing = await create(announcement());
    const admin = bearer(tokens.admin);
    expect((await request(app).get('/api/superadmin/spotlight').set(admin).expect(403)).body.message).toBe('Only the platform super admin can do that');
    await request(app).post('/api/superadmin/spotlight').set(admin).send(announcement({ title: 'Sneaky' })).expect(403);
    await request(app).patch(`/api/superadmin/spotlight/${existing.id}`).set(admin).send({ title: 'Changed' }).expect(403);
    await request(app).delete(`/api/superadmin/spotlight/${existing.id}`).set(admin).expect(403);
    await request(app).get('/api/superadmin/spotlight').expect(401);
    const stored = await Spotlight.find({}).lean();
    expect(stored.map((s) => s.title)).toEqual(['New reports are here']);
  });
});

describe('POST /api/superadmin/spotlight', () => {
  it('stores the announcement with its body sanitised, and audits who published it', async () => {
    const created = await create(
      announcement({ body: '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(2)">there</a></p><img src=x onerror="alert(3)">' }),
    );
    expect(created.body).toBe('<p>Hello <a rel="noopener noreferrer nofollow">there</a></p>');
    expect(created.state).toBe('live');
    expect(created.audience).toEqual({ allCompanies: true, companies: [], roles: ['admin', 'recruiter', 'hiring_manager', 'employee'] });
    const stored = await Spotlight.findById(created.id).lean();
    expect(stored!.body).not.toContain('script');

    const audit = await PlatformAudit.find({ 'target.id': created.id }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'spotlight.create', actorEmail: 'sam@platform.test', actorName: 'Sam Super', target: { kind: 'spotlight', label: 'New reports are here' } });
    expect(audit[0]!.detail).toContain('All companies · Admins, Recruiters, Hiring managers, Employees');
  });

  it('refuses an end before the start, no company picked, no role, an empty body or a non-web link, and stores nothing', async () => {
    const post = (body: object) => request(app).post('/api/superadmin/spotlight').set(bearer(superToken)).send(body).expect(400);
    expect((await post(announcement({ validFrom: iso(3), validTo: iso(2) }))).body.message).toBe('The end must be after the start');
    expect((await post(announcement({ validFrom: iso(3), validTo: iso(3) }))).body.message).toBe('The end must be after the start');
    expect((await post(announcement({ audience: { allCompanies: false, companyIds: [], roles: ['admin'] } }))).body.message).toBe('Pick at least one company, or show it to all companies');
    expect((await post(announcement({ audience: { allCompanies: true, companyIds: [], roles: [] } }))).body.message).toBe('Pick at least one role');
    expect((await post(announcement({ body: '<p><script>x()</script></p>' }))).body.message).toBe('body: Write what the announcement says');
    expect((await post(announcement({ link: { url: 'javascript:alert(1)', label: 'Go' } }))).body.message).toMatch(/^link.url: must be a web address/);
    expect((await post(announcement({ audience: { allCompanies: false, companyIds: ['64a0000000000000000000ff'], roles: ['admin'] } }))).body.message).toMatch(/no longer exist/);
    expect(await Spotlight.countDocuments({})).toBe(0);
    expect(await PlatformAudit.countDocuments({ action: 'spotlight.create', 'target.label': 'Sneaky' })).toBe(0);
  });
});

describe('GET /api/spotlight shows each user what speaks to them now', () => {
  it('targets companies and roles, and shows only between the dates', async () => {
    const acme = await companyPeople();
    const other = await companyPeople();
    await create(announcement({ title: 'For everyone' }));
    await create(announcement({ title: 'Acme recruiters', audience: { allCompanies: false, companyIds: [String(acme.customer._id)], roles: ['recruiter'] } }));
    await create(announcement({ title: 'Hiring managers everywhere', audience: { allCompanies: true, companyIds: [], roles: ['hiring_manager'] } }));
    await create(announcement({ title: 'Admins', audience: { allCompanies: true, companyIds: [], roles: ['admin'] } }));
    await create(announcement({ title: 'Next week', validFrom: iso(7), validTo: iso(14) }));
    await create(announcement({ title: 'Last month', validFrom: iso(-30), validTo: iso(-2) }));

    expect((await mine(acme.tokens.recruiter)).sort()).toEqual(['Acme recruiters', 'For everyone']);
    expect((await mine(other.tokens.recruiter)).sort()).toEqual(['For everyone']);
    expect((await mine(acme.tokens.hm)).sort()).toEqual(['For everyone', 'Hiring managers everywhere']);
    expect((await mine(acme.tokens.admin)).sort()).toEqual(['Admins', 'For everyone']);
    expect(await mine(acme.tokens.employee)).toEqual(['For everyone']);
    // The platform super admin belongs to no company: nothing is aimed at them.
    expect(await mine(superToken)).toEqual([]);

    now = base + 8 * DayMs;
    expect(await mine(acme.tokens.employee)).toEqual(['Next week']);
    await request(app).get('/api/spotlight').expect(401);
  });

  it('never tells a user about another company’s announcement or its audience', async () => {
    const acme = await companyPeople();
    const other = await companyPeople();
    const only = await create(announcement({ title: 'Other only', audience: { allCompanies: false, companyIds: [String(other.customer._id)], roles: ['recruiter'] } }));
    const res = await request(app).get('/api/spotlight').set(bearer(other.tokens.recruiter)).expect(200);
    expect(res.body.items[0]).toEqual({ id: only.id, title: 'Other only', body: only.body, link: only.link, validTo: only.validTo });
    expect(await mine(acme.tokens.recruiter)).toEqual([]);
    await request(app).post(`/api/spotlight/${only.id}/dismiss`).set(bearer(acme.tokens.recruiter)).expect(404);
  });
});

describe('POST /api/spotlight/:id/dismiss', () => {
  it('hides the announcement for that user only, remembered across calls; twice is the same as once', async () => {
    const acme = await companyPeople();
    const news = await create(announcement({ title: 'News' }));
    const res = await request(app).post(`/api/spotlight/${news.id}/dismiss`).set(bearer(acme.tokens.recruiter)).expect(200);
    expect(res.body).toEqual({ id: news.id, message: 'Hidden. It will not show on your dashboard again.' });
    await request(app).post(`/api/spotlight/${news.id}/dismiss`).set(bearer(acme.tokens.recruiter)).expect(200);

    expect(await mine(acme.tokens.recruiter)).toEqual([]);
    expect(await mine(acme.tokens.employee)).toEqual(['News']);
    expect(await SpotlightDismissal.countDocuments({ announcementId: news.id })).toBe(1);

    const list = ZSpotlightListResponse.parse((await request(app).get('/api/superadmin/spotlight').set(bearer(superToken)).expect(200)).body);
    expect(list.items.find((i) => i.id === news.id)!.dismissals).toBe(1);
  });

  it('refuses an unknown or ended announcement with 404', async () => {
    const acme = await companyPeople();
    const ended = await create(announcement({ validFrom: iso(-10), validTo: iso(-1) }));
    await request(app).post(`/api/spotlight/${ended.id}/dismiss`).set(bearer(acme.tokens.employee)).expect(404);
    await request(app).post('/api/spotlight/64a0000000000000000000ff/dismiss').set(bearer(acme.tokens.employee)).expect(404);
    await request(app).post('/api/spotlight/not-an-id/dismiss').set(bearer(acme.tokens.employee)).expect(400);
  });
});

describe('GET, PATCH and DELETE /api/superadmin/spotlight', () => {
  it('lists with state and company names, changes what is sent, and deletes with its dismissals; each audited', async () => {
    const acme = await companyPeople();
    const scheduled = await create(announcement({ title: 'Soon', validFrom: iso(2), validTo: iso(4) }));
    const live = await create(announcement({ title: 'Now', audience: { allCompanies: false, companyIds: [String(acme.customer._id)], roles: ['employee'] } }));
    const ended = await create(announcement({ title: 'Gone', validFrom: iso(-5), validTo: iso(-3) }));

    const list = ZSpotlightListResponse.parse((await request(app).get('/api/superadmin/spotlight').set(bearer(superToken)).expect(200)).body);
    expect(list.items.map((i) => [i.title, i.state])).toEqual([['Soon', 'scheduled'], ['Now', 'live'], ['Gone', 'ended']]);
    expect(list.items[1]!.audience.companies).toEqual([{ id: String(acme.customer._id), name: acme.customer.name }]);

    const patched = ZSpotlightChangeResponse.parse(
      (await request(app).patch(`/api/superadmin/spotlight/${scheduled.id}`).set(bearer(superToken)).send({ title: 'Sooner', validFrom: iso(-1), body: '<p>Now <em>live</em><script>x</script></p>', link: null }).expect(200)).body,
    );
    expect(patched.message).toBe('“Sooner” is changed.');
    expect(patched.announcement).toMatchObject({ title: 'Sooner', state: 'live', body: '<p>Now <em>live</em></p>', link: null, validTo: scheduled.validTo });
    expect(await mine(acme.tokens.employee)).toContain('Sooner');

    // The stored end is before the new start: refused, nothing changes.
    const refused = await request(app).patch(`/api/superadmin/spotlight/${ended.id}`).set(bearer(superToken)).send({ validFrom: iso(1) }).expect(400);
    expect(refused.body.message).toBe('validTo: The end must be after the start');
    expect((await Spotlight.findById(ended.id).lean())!.validFrom.toISOString()).toBe(ended.validFrom);

    await request(app).post(`/api/spotlight/${live.id}/dismiss`).set(bearer(acme.tokens.employee)).expect(200);
    const deleted = await request(app).delete(`/api/superadmin/spotlight/${live.id}`).set(bearer(superToken)).expect(200);
    expect(deleted.body.message).toBe('“Now” is deleted.');
    expect(await Spotlight.exists({ _id: live.id })).toBeNull();
    expect(await SpotlightDismissal.countDocuments({ announcementId: live.id })).toBe(0);
    await request(app).delete(`/api/superadmin/spotlight/${live.id}`).set(bearer(superToken)).expect(404);
    await request(app).patch(`/api/superadmin/spotlight/${live.id}`).set(bearer(superToken)).send({ title: 'x' }).expect(404);

    const update = await PlatformAudit.findOne({ action: 'spotlight.update', 'target.id': scheduled.id }).lean();
    expect(update!.detail).toMatch(/^Changed title \(was “Soon”\), text, link, dates\. /);
    expect(await PlatformAudit.countDocuments({ action: 'spotlight.update', 'target.id': ended.id })).toBe(0);
    const removal = await PlatformAudit.findOne({ action: 'spotlight.delete', 'target.id': live.id }).lean();
    expect(removal).toMatchObject({ actorEmail: 'sam@platform.test', target: { kind: 'spotlight', label: 'Now' } });
    expect(removal!.detail).toContain('1 company · Employees');
  });
});
