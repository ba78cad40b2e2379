import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { AuthMessages, ZAccessMatrixResponse, ZCaptchaResponse, ZEnvVariablesResponse, ZSessionResponse } from '@hireflow/contracts/auth';
import { ZStoredUser } from '@hireflow/contracts/users';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { buildApp } from '../../app';
import { createLogger } from '../../lib/logger';
import type { Config } from '../../config';
import { Department } from '../org/department.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Location } from '../org/location.model';
import { Customer } from '../org/customer.model';
import { User } from '../users/user.model';
import { Captcha } from './captcha.model';
import { Session, revokeCompanySessions } from './session.model';
import { bearer, newCaptcha, signIn, solvedCaptcha } from './auth.test-support';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true', GOOGLE_CLIENT_ID: 'google-client-id.apps.example' }));
});
afterAll(async () => stop());

describe('GET /api/captcha_api', () => {
  it('answers an id and an svg image, and stores only a hash of the answer with an expiry', async () => {
    const res = await request(app).get('/api/captcha_api').expect(200);
    const body = ZCaptchaResponse.parse(res.body);
    expect(body.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const stored = await Captcha.findById(body.capId).lean();
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(TestCaptchaText);
    const minutesLeft = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4);
    expect(minutesLeft).toBeLessThanOrEqual(5);
  });
});

describe('POST /api/user/auth', () => {
  it('says which sign-in modes an account has: no Google or Microsoft while they are not configured', async () => {
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id });
    // Signed up with Google once; this server has a Google client id but no secret, so Google is not set up.
    await User.updateOne({ _id: user._id, customerId: customer._id }, { $set: { authProviders: ['google'] } });
    const res = await request(app).post('/api/user/auth').send({ email: user.email.toUpperCase() }).expect(200);
    expect(res.body).toEqual({ email: user.email, modes: { password: true, otp: true, google: false, microsoft: false } });
  });

  it('answers the spec message for an unknown email', async () => {
    const res = await request(app).post('/api/user/auth').send({ email: 'nobody@example.test' }).expect(404);
    expect(res.body.message).toBe(LoginMessages.noAccount);
  });

  it('answers the spec message when the email is missing', async () => {
    const res = await request(app).post('/api/user/auth').send({}).expect(400);
    expect(res.body.message).toBe(LoginMessages.emailMissing);
  });

  it('refuses a $-operator instead of an email', async () => {
    const res = await request(app).post('/api/user/auth').send({ email: { $gt: '' } }).expect(400);
    expect(res.body.message).toMatch(/\$gt/);
  });
});

describe('POST /api/user/login', () => {
  it('signs in with a JWT and the stored user, related data populated, no secrets', async () => {
    const customer = await buildCustomer({ name: 'Acme Test' });
    const dept = await Department.create({ customerId: customer._id, name: 'Engineering' });
    const bu = await BusinessUnit.create({ customerId: customer._id, name: 'Platform' });
    const loc = await Location.create({ customerId: customer._id, name: 'Berlin' });
    const user = await buildUser({ customerId: customer._id, firstName: 'Lena', lastName: 'Lang', admin: true });
    await User.updateOne({ _id: user._id, customerId: customer._id }, { $set: { department: dept._id, buItemId: bu._id, location: loc._id } });

    const res = await signIn(app, user.email, FactoryPassword, 200);
    const body = ZSessionResponse.parse(res.body);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      id: String(user._id),
      fullName: 'Lena Lang',
      admin: true,
      email_verification: { status: true },
      customer: { id: String(customer._id), name: 'Acme Test' },
      department: { id: String(dept._id), deptDisplayValue: 'Engineering', status: 'active' },
      buItemId: { id: String(bu._id), displayName: 'Platform' },
      location: { id: String(loc._id), searchText: 'Berlin' },
      customerState: { slug: customer.slug, isAuthorized: true, userOptionsPage: true },
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
    expect(res.body.user.email_verification).not.toHaveProperty('key');
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|keyHash|\$2[aby]\$/);

    const sessions = await Session.find({ userId: user._id }).lean();
    expect(sessions).toHaveLength(1);
    await request(app).post('/api/loggedinuserdetails').set(bearer(body.token)).expect(200);
  });

  it('refuses a missing captcha with the spec message', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword }).expect(400);
    expect(res.body.message).toBe(LoginMessages.captchaUnresolved);
  });

  it('reports the missing captcha first when the password is missing too', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await request(app).post('/api/user/login').send({ email: user.email }).expect(400);
    expect(res.body.message).toBe(LoginMessages.captchaUnresolved);
  });

  it('refuses a wrong captcha answer, and the captcha is used up either way', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const captchaId = await newCaptcha(app);
    const wrong = await request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword, captchaId, captchaText: 'nope' }).expect(400);
    expect(wrong.body.message).toBe(LoginMessages.captchaUnresolved);
    const again = await request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword, captchaId, captchaText: TestCaptchaText }).expect(400);
    expect(again.body.message).toBe(LoginMessages.captchaUnresolved);
  });

  it('accepts a right captcha only once', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const captcha = await solvedCaptcha(app);
    await request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword, ...captcha }).expect(200);
    const res = await request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword, ...captcha }).expect(400);
    expect(res.body.message).toBe(LoginMessages.captchaUnresolved);
  });

  it('lets only one of two parallel sign-ins use the same captcha', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const captcha = await solvedCaptcha(app);
    const answers = await Promise.all([0, 1].map(() => request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword, ...captcha })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired captcha', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const captcha = await solvedCaptcha(app);
    await Captcha.updateOne({ _id: captcha.captchaId }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await request(app).post('/api/user/login').send({ email: user.email, password: FactoryPassword, ...captcha }).expect(400);
    expect(res.body.message).toBe(LoginMessages.captchaUnresolved);
  });

  it('answers the spec message for an unknown email', async () => {
    const res = await signIn(app, 'ghost@example.test', FactoryPassword, 404);
    expect(res.body.message).toBe(LoginMessages.noAccount);
  });

  it('answers the spec message for a wrong password', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await signIn(app, user.email, 'Wrong-passw0rd', 401);
    expect(res.body.message).toBe(LoginMessages.invalidCredentials);
  });

  it('answers the spec message when the email is missing', async () => {
    const res = await request(app).post('/api/user/login').send({ password: 'x', ...(await solvedCaptcha(app)) }).expect(400);
    expect(res.body.message).toBe(LoginMessages.emailMissing);
  });

  it('refuses $-operators in the password', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await request(app)
      .post('/api/user/login')
      .send({ email: user.email, password: { $ne: null }, ...(await solvedCaptcha(app)) })
      .expect(400);
    expect(res.body.message).toMatch(/\$ne/);
    expect(await Session.countDocuments({ userId: user._id })).toBe(0);
  });

  it('signs in an unverified user (the SPA sends them to /stop) and a company not yet authorised', async () => {
    const pending = await buildCustomer({ isAuthorized: false, userOptionsPage: false, slug: null });
    const user = await buildUser({ customerId: pending._id, emailVerified: false, admin: true });
    const res = await signIn(app, user.email, FactoryPassword, 200);
    expect(res.body.user.email_verification).toEqual({ status: false });
    expect(res.body.user.customerState).toEqual({ slug: null, isAuthorized: false, userOptionsPage: false });
  });

  it('refuses an inactive user and a suspended company with clear messages', async () => {
    const customer = await buildCustomer();
    const inactive = await buildUser({ customerId: customer._id, status: 'inactive' });
    const res = await signIn(app, inactive.email, FactoryPassword, 403);
    expect(res.body.message).toBe(AuthMessages.accountInactive);

    const suspended = await buildCustomer({ status: 'suspended' });
    const member = await buildUser({ customerId: suspended._id });
    const res2 = await signIn(app, member.email, FactoryPassword, 403);
    expect(res2.body.message).toBe(AuthMessages.companySuspended);
  });

  it('signs in the platform super admin, who has no company', async () => {
    const admin = await buildUser({ superAdmin: true });
    const res = await signIn(app, admin.email, FactoryPassword, 200);
    expect(res.body.user).toMatchObject({ superAdmin: true, customer: null, customerState: null });
  });
});

describe('POST /api/user/logout', () => {
  it('ends the session: the same token is refused afterwards, other sessions live on', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const first = (await signIn(app, user.email, FactoryPassword, 200)).body.token as string;
    const second = (await signIn(app, user.email, FactoryPassword, 200)).body.token as string;
    const res = await request(app).post('/api/user/logout').set(bearer(first)).expect(200);
    expect(res.body.message).toBe(AuthMessages.signedOut);
    await request(app).post('/api/loggedinuserdetails').set(bearer(first)).expect(401);
    await request(app).post('/api/user/logout').set(bearer(first)).expect(401);
    await request(app).post('/api/loggedinuserdetails').set(bearer(second)).expect(200);
  });

  it('needs a token', async () => {
    await request(app).post('/api/user/logout').expect(401);
  });
});

describe('POST /api/loggedinuserdetails', () => {
  it('answers the signed-in user', async () => {
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id, addlRoles: ['HM'] });
    const res = await request(app).post('/api/loggedinuserdetails').set(bearer(await tokenFor(config, user))).expect(200);
    const stored = ZStoredUser.parse(res.body);
    expect(stored).toMatchObject({ id: String(user._id), addlRoles: ['HM'], customer: { id: String(customer._id) } });
  });

  it('refuses without a token, with a forged token, and for a user deactivated since sign-in', async () => {
    await request(app).post('/api/loggedinuserdetails').expect(401);
    await request(app).post('/api/loggedinuserdetails').set(bearer('not.a.jwt')).expect(401);
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id });
    const token = await tokenFor(config, user);
    await User.updateOne({ _id: user._id, customerId: customer._id }, { $set: { status: 'inactive' } });
    await request(app).post('/api/loggedinuserdetails').set(bearer(token)).expect(401);
  });

  it('refuses sessions a company-wide revocation ended, even once the company is active again', async () => {
    const customer = await buildCustomer();
    const other = await buildCustomer();
    const member = await buildUser({ customerId: customer._id });
    const outsider = await buildUser({ customerId: other._id });
    const memberToken = await tokenFor(config, member);
    const outsiderToken = await tokenFor(config, outsider);
    await revokeCompanySessions(customer._id);
    await request(app).post('/api/loggedinuserdetails').set(bearer(memberToken)).expect(401);
    await request(app).post('/api/loggedinuserdetails').set(bearer(outsiderToken)).expect(200);
  });

  it('refuses members of a company suspended since sign-in', async () => {
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id });
    const token = await tokenFor(config, user);
    await Customer.updateOne({ _id: customer._id }, { $set: { status: 'suspended' } });
    await request(app).post('/api/loggedinuserdetails').set(bearer(token)).expect(401);
  });
});

describe('GET /api/user-accessmatrix', () => {
  it('answers the user and the rights granted to them', async () => {
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id, rights: ['viewReports', 'manageUsers'] });
    const res = await request(app).get('/api/user-accessmatrix').set(bearer(await tokenFor(config, user))).expect(200);
    const body = ZAccessMatrixResponse.parse(res.body);
    expect(body.user.id).toBe(String(user._id));
    expect([...body.rights].sort()).toEqual(['manageUsers', 'viewReports']);
  });

  it('gives an admin every right', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id, admin: true });
    const res = await request(app).get('/api/user-accessmatrix').set(bearer(await tokenFor(config, user))).expect(200);
    expect(res.body.rights).toEqual([...AccessRightKeys]);
  });

  it('needs a token', async () => {
    await request(app).get('/api/user-accessmatrix').expect(401);
  });
});

describe('GET /api/env_variables', () => {
  it('answers only public values, never a secret', async () => {
    const res = await request(app).get('/api/env_variables').expect(200);
    expect(ZEnvVariablesResponse.strict().parse(res.body)).toEqual({
      productName: 'Hireflow',
      helpSiteUrl: config.helpSiteUrl,
      // A client id without its secret does not enable Google: no button to show.
      googleClientId: null,
      microsoftClientId: null,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(config.jwtSecret);
    expect(text).not.toMatch(/secret|smtp|mongodb/i);
  });
});

describe('Google and Microsoft sign-in and sign-up while not configured', () => {
  it('answer 501 with what an administrator sets', async () => {
    const res = await request(app).post('/api/user/googleLogin').send({ provider: 'google', email: 'someone@example.test' }).expect(501);
    expect(res.body).toMatchObject({ code: 'not_configured', message: IntegrationMessages.notConfigured('Google') });
    const res2 = await request(app).post('/api/user/thirdparty/signup').send({ provider: 'microsoft' }).expect(501);
    expect(res2.body).toMatchObject({ code: 'not_configured', message: IntegrationMessages.notConfigured('Microsoft') });
    // A callback without a round trip this browser started is refused before any provider is asked.
    const res3 = await request(app).post('/api/authComplete').query({ code: 'abc', state: 'x'.repeat(20) }).expect(400);
    expect(res3.body.message).toBe(IntegrationMessages.stateInvalid);
  });
});

describe('several API instances on one database', () => {
  it('share captchas and sessions: sign in on one, use and end the session on the other', async () => {
    const other = buildApp({ config, logger: createLogger('silent') });
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const captchaId = await newCaptcha(app);
    const res = await request(other)
      .post('/api/user/login')
      .send({ email: user.email, password: FactoryPassword, captchaId, captchaText: TestCaptchaText })
      .expect(200);
    const token = res.body.token as string;
    await request(app).post('/api/loggedinuserdetails').set(bearer(token)).expect(200);
    await request(other).post('/api/user/logout').set(bearer(token)).expect(200);
    await request(app).post('/api/loggedinuserdetails').set(bearer(token)).expect(401);
  });
});
