import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { UserMessages } from '@hireflow/contracts/users';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { User } from './user.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
const t: Record<string, string> = {};
const u: Record<string, { _id: Types.ObjectId }> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer(), buildCustomer()]);
  u.adminA = await buildUser({ customerId: a._id, admin: true });
  u.managerA = await buildUser({ customerId: a._id, rights: ['manageUsers', 'viewReports'] });
  u.specialA = await buildUser({ customerId: a._id, rights: ['manageSpecialUsers'] });
  u.plainA = await buildUser({ customerId: a._id, role: 'employee', rights: ['companySettings'] });
  u.userB = await buildUser({ customerId: b._id });
  u.adminB = await buildUser({ customerId: b._id, admin: true });
  for (const key of Object.keys(u)) t[key] = await tokenFor(ctx.config, u[key]!);
});
afterAll(() => ctx.stop());

const post = (path: string, token: string, body: object) => request(app).post(path).set('Authorization', `Bearer ${token}`).send(body);
const stored = (id: Types.ObjectId) => User.findById(id).setOptions({ crossTenant: true }).lean();

describe('POST /api/user/rights/{id}', () => {
  it('401 without a token; 403 without manageUsers', async () => {
    expect((await request(app).post(`/api/user/rights/${u.plainA!._id}`).send({ rights: [] })).status).toBe(401);
    expect((await post(`/api/user/rights/${u.plainA!._id}`, t.specialA!, { rights: [] })).status).toBe(403);
  });

  it('400 for an unknown key', async () => {
    const res = await post(`/api/user/rights/${u.plainA!._id}`, t.adminA!, { rights: ['launchRockets'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('rights.0: is not a known access right');
  });

  it('404 for another company user', async () => {
    const res = await post(`/api/user/rights/${u.userB!._id}`, t.adminA!, { rights: ['viewReports'] });
    expect(res.status).toBe(404);
    expect((await stored(u.userB!._id))?.rights).toEqual([]);
  });

  it('an admin grants and revokes any key', async () => {
    const res = await post(`/api/user/rights/${u.plainA!._id}`, t.adminA!, { rights: ['viewReports', 'manageJobCodes'] });
    expect(res.status).toBe(200);
    expect(res.body.user.rights.sort()).toEqual(['manageJobCodes', 'viewReports']);
    expect((await stored(u.plainA!._id))?.rights.sort()).toEqual(['manageJobCodes', 'viewReports']);
  });

  it('a non-admin may not change a user who holds a right they lack, not even the keys they share', async () => {
    // plainA now holds manageJobCodes, which managerA lacks.
    const shared = await post(`/api/user/rights/${u.plainA!._id}`, t.managerA!, { rights: ['manageJobCodes'] });
    expect(shared.status).toBe(403);
    expect(shared.body.message).toBe(UserMessages.moreRights);
    expect((await stored(u.plainA!._id))?.rights.sort()).toEqual(['manageJobCodes', 'viewReports']);
  });

  it('a non-admin may only change keys they hold', async () => {
    await post(`/api/user/rights/${u.plainA!._id}`, t.adminA!, { rights: ['viewReports'] });
    const refused = await post(`/api/user/rights/${u.plainA!._id}`, t.managerA!, { rights: ['viewReports', 'canChangeAdmin'] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot grant or revoke "canChangeAdmin" because you do not hold it');
    const ok = await post(`/api/user/rights/${u.plainA!._id}`, t.managerA!, { rights: [] });
    expect(ok.status).toBe(200);
    expect((await stored(u.plainA!._id))?.rights).toEqual([]);
  });

  it('the rights take effect at once on the server', async () => {
    expect((await post('/api/user', t.plainA!, {})).status).toBe(403);
    await post(`/api/user/rights/${u.plainA!._id}`, t.adminA!, { rights: ['manageUsers'] });
    expect((await post('/api/user', t.plainA!, {})).status).toBe(200);
    await post(`/api/user/rights/${u.plainA!._id}`, t.adminA!, { rights: [] });
    expect((await post('/api/user', t.plainA!, {})).status).toBe(403);
  });

  it('409 for an admin, whose rights are implied', async () => {
    const res = await post(`/api/user/rights/${u.adminA!._id}`, t.managerA!, { rights: [] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(UserMessages.adminRights);
  });
});

describe('POST /api/user/roles/{id}', () => {
  it('403 without manageUsers; 404 for another company user; 400 for an unknown role', async () => {
    expect((await post(`/api/user/roles/${u.plainA!._id}`, t.plainA!, { addlRoles: ['HM'] })).status).toBe(403);
    expect((await post(`/api/user/roles/${u.userB!._id}`, t.adminA!, { addlRoles: ['HM'] })).status).toBe(404);
    expect((await post(`/api/user/roles/${u.plainA!._id}`, t.adminA!, { addlRoles: ['CEO'] })).body.message).toBe('addlRoles.0: is not a known role');
  });

  it('sets the additional roles and the summary counts them', async () => {
    const res = await post(`/api/user/roles/${u.plainA!._id}`, t.managerA!, { addlRoles: ['HM', 'OPS', 'HM'] });
    expect(res.status).toBe(200);
    expect(res.body.user.addlRoles).toEqual(['HM', 'OPS']);
    const summary = await request(app).get('/api/user-roles/summary').set('Authorization', `Bearer ${t.managerA}`);
    expect(summary.status).toBe(200);
    expect(summary.body.roles).toEqual([
      { role: 'HM', label: 'Hiring manager', holders: 1 },
      { role: 'OPS', label: 'Operations', holders: 1 },
      { role: 'OPSE', label: 'Operations executive', holders: 0 },
      { role: 'AR', label: 'Additional recruiter', holders: 0 },
    ]);
    expect(summary.body.special.admins).toBe(1);
    const hms = await post('/api/user', t.managerA!, { filters: { role: 'Hiring Managers' } });
    expect(hms.body.ul.map((r: { id: string }) => r.id)).toEqual([String(u.plainA!._id)]);
  });

  it('403 when a non-admin changes an admin or a user holding rights they lack; nothing changes', async () => {
    const admin = await post(`/api/user/roles/${u.adminA!._id}`, t.managerA!, { addlRoles: ['OPS'] });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(UserMessages.adminOnly);
    expect((await stored(u.adminA!._id))?.addlRoles).toEqual([]);
    const stronger = await post(`/api/user/roles/${u.specialA!._id}`, t.managerA!, { addlRoles: ['OPS'] });
    expect(stronger.status).toBe(403);
    expect(stronger.body.message).toBe(UserMessages.moreRights);
    expect((await stored(u.specialA!._id))?.addlRoles).toEqual([]);
    expect((await post(`/api/user/roles/${u.specialA!._id}`, t.adminA!, { addlRoles: ['OPS'] })).status).toBe(200);
    expect((await post(`/api/user/roles/${u.specialA!._id}`, t.adminA!, { addlRoles: [] })).status).toBe(200);
  });

  it('the summary is refused without manageUsers or manageSpecialUsers', async () => {
    expect((await request(app).get('/api/user-roles/summary').set('Authorization', `Bearer ${t.plainA}`)).status).toBe(403);
  });
});

describe('POST /api/user/special/{id}', () => {
  it('403 without manageSpecialUsers (manageUsers is not enough); 404 for another company user', async () => {
    expect((await post(`/api/user/special/${u.plainA!._id}`, t.managerA!, { superUser: true })).status).toBe(403);
    expect((await post(`/api/user/special/${u.userB!._id}`, t.specialA!, { superUser: true })).status).toBe(404);
  });

  it('403 when a non-admin changes an admin or a user holding rights they lack; nothing changes', async () => {
    const admin = await post(`/api/user/special/${u.adminA!._id}`, t.specialA!, { superUser: true });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(UserMessages.adminOnly);
    expect((await stored(u.adminA!._id))?.superUser).toBe(false);
    const stronger = await post(`/api/user/special/${u.managerA!._id}`, t.specialA!, { superUser: true });
    expect(stronger.status).toBe(403);
    expect(stronger.body.message).toBe(UserMessages.moreRights);
    expect((await stored(u.managerA!._id))?.superUser).toBe(false);
  });

  it('400 when neither flag is given', async () => {
    const res = await post(`/api/user/special/${u.plainA!._id}`, t.specialA!, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose siteAdmin or superUser');
  });

  it('makes a super user and a site admin, listed on the special users page', async () => {
    const res = await post(`/api/user/special/${u.plainA!._id}`, t.specialA!, { superUser: true, siteAdmin: true });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ superUser: true, siteAdmin: true });
    const list = await post('/api/user', t.specialA!, { filters: { role: 'Super Users' } });
    expect(list.status).toBe(200);
    expect(list.body.ul.map((r: { id: string }) => r.id)).toEqual([String(u.plainA!._id)]);
    expect((await post('/api/user', t.specialA!, { filters: { role: 'All Users' } })).status).toBe(403);
    const off = await post(`/api/user/special/${u.plainA!._id}`, t.adminA!, { superUser: false });
    expect(off.body.user).toMatchObject({ superUser: false, siteAdmin: true });
  });
});

describe('nobody changes their own role, rights or special flags', () => {
  it('a manageSpecialUsers holder cannot make themselves a super user or site admin (403, nothing stored)', async () => {
    const res = await post(`/api/user/special/${u.specialA!._id}`, t.specialA!, { superUser: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(UserMessages.selfAccess);
    const admin = await post(`/api/user/special/${u.adminA!._id}`, t.adminA!, { siteAdmin: true });
    expect(admin.status).toBe(403);
    expect(await stored(u.specialA!._id)).toMatchObject({ superUser: false, siteAdmin: false });
    expect(await stored(u.adminA!._id)).toMatchObject({ siteAdmin: false });
  });

  it('a manageUsers holder cannot change their own rights or additional roles, even ones they hold', async () => {
    const rights = await post(`/api/user/rights/${u.managerA!._id}`, t.managerA!, { rights: ['manageUsers'] });
    expect(rights.status).toBe(403);
    expect(rights.body.message).toBe(UserMessages.selfAccess);
    const roles = await post(`/api/user/roles/${u.managerA!._id}`, t.managerA!, { addlRoles: ['HM'] });
    expect(roles.status).toBe(403);
    const managerNow = await stored(u.managerA!._id);
    expect(managerNow?.rights.sort()).toEqual(['manageUsers', 'viewReports']);
    expect(managerNow?.addlRoles).toEqual([]);
  });

  it('an admin cannot change their own additional roles or role through the profile, but may edit their name', async () => {
    const roles = await post(`/api/user/roles/${u.adminA!._id}`, t.adminA!, { addlRoles: ['OPS'] });
    expect(roles.status).toBe(403);
    const profile = await post(`/api/user/profile/${u.adminA!._id}`, t.adminA!, { addlRoles: ['OPS'] });
    expect(profile.status).toBe(403);
    expect(profile.body.message).toBe(UserMessages.selfAccess);
    const own = await stored(u.adminA!._id);
    const role = await post(`/api/user/profile/${u.adminA!._id}`, t.adminA!, { role: own!.role === 'employee' ? 'recruiter' : 'employee' });
    expect(role.status).toBe(403);
    expect((await stored(u.adminA!._id))?.addlRoles).toEqual(own!.addlRoles);
    expect((await stored(u.adminA!._id))?.role).toBe(own!.role);
    const renamed = await post(`/api/user/profile/${u.adminA!._id}`, t.adminA!, { firstName: 'Ada', role: own!.role });
    expect(renamed.status).toBe(200);
  });

  it('another holder still changes them', async () => {
    const res = await post(`/api/user/roles/${u.managerA!._id}`, t.adminA!, { addlRoles: ['HM'] });
    expect(res.status).toBe(200);
    expect((await stored(u.managerA!._id))?.addlRoles).toEqual(['HM']);
  });
});
