import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { UserMessages } from '@hireflow/contracts/users';
import { AuthMessages } from '@hireflow/contracts/auth';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { startTestApp } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Session } from '../auth/session.model';
import { OutboxMail } from '../mail/outbox.model';
import { User } from './user.model';
import { solvedCaptcha } from '../auth/auth.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let companyA: Types.ObjectId;
let companyB: Types.ObjectId;
const t: Record<string, string> = {};
const u: Record<string, { _id: Types.ObjectId }> = {};
let unitA: string;
let deptA: string;
let unitB: string;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Globex' })]);
  companyA = a._id;
  companyB = b._id;
  unitA = String((await BusinessUnit.create({ customerId: a._id, name: 'Sales' }))._id);
  deptA = String((await Department.create({ customerId: a._id, name: 'Inside sales' }))._id);
  unitB = String((await BusinessUnit.create({ customerId: b._id, name: 'Globex sales' }))._id);
  u.adminA = await buildUser({ customerId: a._id, admin: true });
  u.managerA = await buildUser({ customerId: a._id, rights: ['manageUsers'] });
  u.changerA = await buildUser({ customerId: a._id, rights: ['canChangeAdmin'] });
  u.plainA = await buildUser({ customerId: a._id, role: 'employee' });
  u.adminB = await buildUser({ customerId: b._id, admin: true });
  u.userB = await buildUser({ customerId: b._id });
  for (const key of Object.keys(u)) t[key] = await tokenFor(ctx.config, u[key]!);
});
afterAll(() => ctx.stop());

const post = (path: string, token: string, body: object) => request(app).post(path).set('Authorization', `Bearer ${token}`).send(body);

describe('POST /api/user/signup', () => {
  const valid = () => ({ firstName: 'Nina', lastName: 'New', email: `nina.${Date.now()}@acme.test`, role: 'recruiter', buItemId: unitA, department: deptA, addlRoles: ['HM'] });

  it('401 without a token, 403 without manageUsers', async () => {
    expect((await request(app).post('/api/user/signup').send(valid())).status).toBe(401);
    expect((await post('/api/user/signup', t.plainA!, valid())).status).toBe(403);
  });

  it('400 with the field and the problem', async () => {
    const res = await post('/api/user/signup', t.adminA!, { ...valid(), email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('email: must be a valid email address');
    const role = await post('/api/user/signup', t.adminA!, { ...valid(), role: 'pilot' });
    expect(role.body.message).toBe('role: must be recruiter or employee');
    expect(await User.countDocuments({ customerId: companyA, firstName: 'Nina' })).toBe(0);
  });

  it('404 for another company business unit, and nothing is created', async () => {
    const body = { ...valid(), buItemId: unitB };
    const res = await post('/api/user/signup', t.adminA!, body);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Business unit not found');
    expect(await User.exists({ email: body.email }).setOptions({ crossTenant: true })).toBeNull();
  });

  it('creates the user in the caller company with ids resolved, and mails a set-password invitation', async () => {
    const body = valid();
    const res = await post('/api/user/signup', t.managerA!, body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(UserMessages.created);
    expect(res.body.invitationSent).toBe(true);
    expect(res.body.user).toMatchObject({ email: body.email, role: 'recruiter', addlRoles: ['HM'], status: 'active', emailVerified: false });
    expect(res.body.user.buItemId).toEqual({ id: unitA, displayName: 'Sales' });
    expect(res.body.user.department).toMatchObject({ id: deptA, deptDisplayValue: 'Inside sales' });
    const stored = await User.findOne({ customerId: companyA, email: body.email }).lean();
    expect(stored?.passwordHash).toBeNull();
    const mail = await OutboxMail.findOne({ to: body.email }).lean();
    expect(mail?.subject).toContain('Acme');
    expect(mail?.text).toMatch(/reset-password\?/);
  });

  it('sets managers of the caller company; another company user as manager is a 404 and nothing is created', async () => {
    const foreign = await post('/api/user/signup', t.adminA!, { ...valid(), email: 'managed.b@acme.test', managers: [String(u.userB!._id)] });
    expect(foreign.status).toBe(404);
    expect(await User.exists({ email: 'managed.b@acme.test' }).setOptions({ crossTenant: true })).toBeNull();
    const res = await post('/api/user/signup', t.adminA!, { ...valid(), email: 'managed@acme.test', managers: [String(u.managerA!._id)] });
    expect(res.status).toBe(201);
    expect(res.body.user.managers.map((m: { id: string }) => m.id)).toEqual([String(u.managerA!._id)]);
    expect((await User.findOne({ customerId: companyA, email: 'managed@acme.test' }).lean())?.managers.map(String)).toEqual([String(u.managerA!._id)]);
  });

  it('409 when the email is taken, even by another company user', async () => {
    const other = await User.findById(u.userB!._id).setOptions({ crossTenant: true }).lean();
    const res = await post('/api/user/signup', t.adminA!, { ...valid(), email: other!.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(UserMessages.emailTaken);
  });
});

describe('invitation mails that do not go out', () => {
  it('signup says so (invitationSent false, message) and keeps the user; resend tries again', async () => {
    const smtpUrl = ctx.config.smtpUrl;
    // Nothing listens there: the mailer reports the mail as not delivered.
    Object.assign(ctx.config, { smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const email = `unsent.${Date.now()}@acme.test`;
      const res = await post('/api/user/signup', t.adminA!, { firstName: 'Una', lastName: 'Sent', email, role: 'employee' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ invitationSent: false, message: UserMessages.createdNotInvited });
      const resend = await post(`/api/user/${res.body.user.id}/resend-invitation`, t.adminA!, {});
      expect(resend.status).toBe(503);
      expect(resend.body.message).toBe(UserMessages.invitationNotSent);
    } finally {
      Object.assign(ctx.config, { smtpUrl });
    }
  });
});

describe('POST /api/user/{id}/resend-invitation', () => {
  const invite = async () => {
    const res = await post('/api/user/signup', t.adminA!, { firstName: 'Ria', lastName: 'Resend', email: `ria.${Date.now()}.${Math.random()}@acme.test`, role: 'employee' });
    return { id: res.body.user.id as string, email: res.body.user.email as string };
  };

  it('401 without a token, 403 without manageUsers, 404 for another company user, 400 for a bad id', async () => {
    const { id } = await invite();
    expect((await request(app).post(`/api/user/${id}/resend-invitation`)).status).toBe(401);
    expect((await post(`/api/user/${id}/resend-invitation`, t.plainA!, {})).status).toBe(403);
    const invitedB = await buildUser({ customerId: companyB, emailVerified: false });
    expect((await post(`/api/user/${invitedB._id}/resend-invitation`, t.adminA!, {})).status).toBe(404);
    expect(await OutboxMail.countDocuments({ to: (await User.findById(invitedB._id).setOptions({ crossTenant: true }).lean())!.email })).toBe(0);
    expect((await post('/api/user/nope/resend-invitation', t.adminA!, {})).body.message).toBe('id: must be a valid id');
  });

  it('mails a new set-password link to an invited user; refuses one who already joined or is inactive', async () => {
    const { id, email } = await invite();
    const res = await post(`/api/user/${id}/resend-invitation`, t.managerA!, {});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(UserMessages.invitationResent);
    const mails = await OutboxMail.find({ to: email }).lean();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toMatch(/reset-password\?/);
    const joined = await post(`/api/user/${u.plainA!._id}/resend-invitation`, t.adminA!, {});
    expect(joined.status).toBe(409);
    expect(joined.body.message).toBe(UserMessages.invitationNotNeeded);
    const sleeper = await buildUser({ customerId: companyA, status: 'inactive', emailVerified: false });
    expect((await post(`/api/user/${sleeper._id}/resend-invitation`, t.adminA!, {})).body.message).toBe(UserMessages.invitationInactive);
  });

  it('429 after a few resends to the same user', async () => {
    const { id, email } = await invite();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(`/api/user/${id}/resend-invitation`, t.adminA!, {})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await OutboxMail.countDocuments({ to: email })).toBe(6);
  });
});

describe('POST /api/user/profile/{id}', () => {
  it('403 without manageUsers; 404 for another company user; 400 for a bad id', async () => {
    expect((await post(`/api/user/profile/${u.managerA!._id}`, t.plainA!, { firstName: 'X' })).status).toBe(403);
    const other = await post(`/api/user/profile/${u.userB!._id}`, t.adminA!, { firstName: 'Hacked' });
    expect(other.status).toBe(404);
    expect((await User.findById(u.userB!._id).setOptions({ crossTenant: true }).lean())?.firstName).not.toBe('Hacked');
    expect((await post('/api/user/profile/123', t.adminA!, {})).body.message).toBe('id: must be a valid id');
  });

  it('changes only the fields given and keeps search in step', async () => {
    const res = await post(`/api/user/profile/${u.plainA!._id}`, t.managerA!, { firstName: 'Renamed', mobile: '+1 555 010 0100', buItemId: unitA });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Renamed', mobile: '+1 555 010 0100', role: 'employee', buItemId: { id: unitA, displayName: 'Sales' } });
    const found = await post('/api/user', t.adminA!, { filters: { search: 'renamed' } });
    expect(found.body.ul.map((r: { id: string }) => r.id)).toEqual([String(u.plainA!._id)]);
  });

  it('validates the mobile number and refuses another company department', async () => {
    const res = await post(`/api/user/profile/${u.plainA!._id}`, t.adminA!, { mobile: 'call me' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^mobile: must be a phone number/);
    const dept = await post(`/api/user/profile/${u.plainA!._id}`, t.adminA!, { buItemId: unitB });
    expect(dept.status).toBe(404);
  });

  it('403 when a non-admin edits an admin or someone holding rights they lack (no account takeover by email)', async () => {
    const admin = await post(`/api/user/profile/${u.adminA!._id}`, t.managerA!, { email: 'mine@acme.test' });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(UserMessages.adminOnly);
    const stronger = await post(`/api/user/profile/${u.changerA!._id}`, t.managerA!, { email: 'mine@acme.test' });
    expect(stronger.status).toBe(403);
    expect(stronger.body.message).toBe(UserMessages.moreRights);
    const status = await post('/api/user/change_status', t.managerA!, { id: String(u.changerA!._id), status: 'inactive' });
    expect(status.status).toBe(403);
    expect(await User.exists({ email: 'mine@acme.test' }).setOptions({ crossTenant: true })).toBeNull();
    expect((await User.findById(u.changerA!._id).setOptions({ crossTenant: true }).lean())?.status).toBe('active');
  });

  it('400 for a time zone that is not a real IANA name; nothing changes', async () => {
    const before = await User.findById(u.plainA!._id).setOptions({ crossTenant: true }).lean();
    for (const timezone of ['Mars/Olympus_Mons', 'not a zone', '']) {
      const res = await post(`/api/user/profile/${u.plainA!._id}`, t.adminA!, { timezone, firstName: 'Zoned' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^timezone: (is not a known time zone|is required)$/);
    }
    const after = await User.findById(u.plainA!._id).setOptions({ crossTenant: true }).lean();
    expect({ timezone: after?.timezone, firstName: after?.firstName }).toEqual({ timezone: before?.timezone, firstName: before?.firstName });
    const signup = await post('/api/user/signup', t.adminA!, { firstName: 'Tz', lastName: 'Nowhere', email: 'tz.nowhere@acme.test', role: 'employee', timezone: 'Europe/Atlantis' });
    expect(signup.status).toBe(400);
    expect(signup.body.message).toBe('timezone: is not a known time zone');
    expect(await User.exists({ email: 'tz.nowhere@acme.test' }).setOptions({ crossTenant: true })).toBeNull();
  });

  it('saves a real time zone and managers, and answers with the managers named', async () => {
    const res = await post(`/api/user/profile/${u.plainA!._id}`, t.adminA!, { timezone: 'Asia/Kolkata', managers: [String(u.managerA!._id)] });
    expect(res.status).toBe(200);
    const manager = await User.findById(u.managerA!._id).setOptions({ crossTenant: true }).lean();
    expect(res.body.user).toMatchObject({
      timezone: 'Asia/Kolkata',
      managers: [{ id: String(u.managerA!._id), fullName: `${manager!.firstName} ${manager!.lastName}`, email: manager!.email }],
    });
    const listed = await post('/api/user', t.adminA!, { filters: { search: 'renamed' } });
    expect(listed.body.ul[0].managers).toEqual(res.body.user.managers);
    const signup = await post('/api/user/signup', t.adminA!, { firstName: 'Tz', lastName: 'Known', email: 'tz.known@acme.test', role: 'employee', timezone: 'America/New_York' });
    expect(signup.status).toBe(201);
    expect(signup.body.user.timezone).toBe('America/New_York');
  });

  it('409 when the new email belongs to someone else', async () => {
    const admin = await User.findById(u.adminA!._id).setOptions({ crossTenant: true }).lean();
    const res = await post(`/api/user/profile/${u.plainA!._id}`, t.adminA!, { email: admin!.email });
    expect(res.status).toBe(409);
  });
});

describe('POST /api/user/change_status', () => {
  it('403 without manageUsers; 404 for another company user', async () => {
    expect((await post('/api/user/change_status', t.plainA!, { id: String(u.managerA!._id), status: 'inactive' })).status).toBe(403);
    const res = await post('/api/user/change_status', t.adminA!, { id: String(u.userB!._id), status: 'inactive' });
    expect(res.status).toBe(404);
    expect((await User.findById(u.userB!._id).setOptions({ crossTenant: true }).lean())?.status).toBe('active');
  });

  it('400 for an unknown status', async () => {
    const res = await post('/api/user/change_status', t.adminA!, { id: String(u.plainA!._id), status: 'sleeping' });
    expect(res.body.message).toBe('status: must be active or inactive');
  });

  it('deactivation ends the user sessions at once; they cannot use the API; reactivation lets them sign in again', async () => {
    const victim = await buildUser({ customerId: companyA });
    const token = await tokenFor(ctx.config, victim);
    expect((await request(app).get('/api/searchusers/x').set('Authorization', `Bearer ${token}`)).status).toBe(200);

    const res = await post('/api/user/change_status', t.managerA!, { id: String(victim._id), status: 'inactive' });
    expect(res.status).toBe(200);
    expect(res.body.user.status).toBe('inactive');
    expect(await Session.countDocuments({ userId: victim._id, revokedAt: null })).toBe(0);
    expect((await request(app).get('/api/searchusers/x').set('Authorization', `Bearer ${token}`)).status).toBe(401);

    const login = async () =>
      request(app).post('/api/user/login').send({ email: (await User.findById(victim._id).setOptions({ crossTenant: true }).lean())!.email, password: FactoryPassword, ...(await solvedCaptcha(app)) });
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AuthMessages.accountInactive);

    const back = await post('/api/user/change_status', t.managerA!, { id: String(victim._id), status: 'active' });
    expect(back.body.user.status).toBe('active');
    expect((await User.findById(victim._id).setOptions({ crossTenant: true }).lean())?.status).toBe('active');
    expect((await login()).status).toBe(200);
  });

  it('refuses to deactivate yourself and the last active admin', async () => {
    const self = await post('/api/user/change_status', t.managerA!, { id: String(u.managerA!._id), status: 'inactive' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(UserMessages.selfDeactivate);
    const allRights = await buildUser({ customerId: companyA, rights: [...AccessRightKeys] });
    const lastAdmin = await post('/api/user/change_status', await tokenFor(ctx.config, allRights), { id: String(u.adminA!._id), status: 'inactive' });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.message).toBe(UserMessages.lastAdmin);
    expect((await User.findById(u.adminA!._id).setOptions({ crossTenant: true }).lean())?.status).toBe('active');
  });
});

describe('POST /api/user/swapAdmin', () => {
  it('403 without canChangeAdmin (even with manageUsers)', async () => {
    const res = await post('/api/user/swapAdmin', t.managerA!, { toUserId: String(u.managerA!._id), fromUserId: String(u.adminA!._id) });
    expect(res.status).toBe(403);
  });

  it('404 when either user belongs to another company; nothing changes', async () => {
    const res = await post('/api/user/swapAdmin', t.adminA!, { toUserId: String(u.userB!._id) });
    expect(res.status).toBe(404);
    const stolen = await post('/api/user/swapAdmin', t.adminA!, { fromUserId: String(u.adminB!._id), toUserId: String(u.plainA!._id) });
    expect(stolen.status).toBe(404);
    expect((await User.findById(u.adminB!._id).setOptions({ crossTenant: true }).lean())?.admin).toBe(true);
    expect((await User.findById(u.plainA!._id).setOptions({ crossTenant: true }).lean())?.admin).toBe(false);
  });

  it('refuses an inactive target and a non-admin source', async () => {
    const sleeper = await buildUser({ customerId: companyA, status: 'inactive' });
    const inactive = await post('/api/user/swapAdmin', t.adminA!, { toUserId: String(sleeper._id) });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(UserMessages.inactiveTarget);
    const notAdmin = await post('/api/user/swapAdmin', t.changerA!, { toUserId: String(u.plainA!._id) });
    expect(notAdmin.status).toBe(409);
    expect(notAdmin.body.message).toBe(UserMessages.notAdmin);
  });

  it('403 when a non-admin with canChangeAdmin takes an admin role (not even for themselves); nothing changes', async () => {
    for (const toUserId of [u.changerA!._id, u.managerA!._id]) {
      const res = await post('/api/user/swapAdmin', t.changerA!, { fromUserId: String(u.adminA!._id), toUserId: String(toUserId) });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(UserMessages.swapAdminOnly);
    }
    expect((await User.find({ customerId: companyA, admin: true }).lean()).map((a) => String(a._id))).toEqual([String(u.adminA!._id)]);
  });

  it('400 when the new admin has never set a password nor verified their email (they could not sign in)', async () => {
    const invited = await User.create({ customerId: companyA, firstName: 'Ivy', lastName: 'Invited', email: `ivy.${Date.now()}@acme.test`, passwordHash: null, emailVerification: { status: false, keyHash: null } });
    const res = await post('/api/user/swapAdmin', t.adminA!, { toUserId: String(invited._id) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(UserMessages.targetNotSignedIn);
    expect((await User.findById(u.adminA!._id).setOptions({ crossTenant: true }).lean())?.admin).toBe(true);
    expect((await User.findById(invited._id).setOptions({ crossTenant: true }).lean())?.admin).toBe(false);
  });

  it('hands the admin role over: the company keeps exactly one admin', async () => {
    const res = await post('/api/user/swapAdmin', t.adminA!, { fromUserId: String(u.adminA!._id), toUserId: String(u.managerA!._id) });
    expect(res.status).toBe(200);
    expect(res.body.from).toMatchObject({ id: String(u.adminA!._id), admin: false });
    expect(res.body.to).toMatchObject({ id: String(u.managerA!._id), admin: true });
    const admins = await User.find({ customerId: companyA, admin: true }).lean();
    expect(admins.map((a) => String(a._id))).toEqual([String(u.managerA!._id)]);
    expect(await User.countDocuments({ customerId: companyB, admin: true })).toBe(1);

    // The new admin hands it back with the default source (themselves).
    const back = await post('/api/user/swapAdmin', t.managerA!, { toUserId: String(u.adminA!._id) });
    expect(back.status).toBe(200);
    expect((await User.find({ customerId: companyA, admin: true }).lean()).map((a) => String(a._id))).toEqual([String(u.adminA!._id)]);
  });
});
