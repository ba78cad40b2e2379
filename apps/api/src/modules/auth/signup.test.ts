import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import pino from 'pino';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { AuthMessages, ZSessionResponse, ZVerifyEmailResponse } from '@hireflow/contracts/auth';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser } from '../../test/factories';
import type { Config } from '../../config';
import { User } from '../users/user.model';
import { Customer } from '../org/customer.model';
import { AuthToken } from './auth-token.model';
import { hashKey } from './auth.crypto';
import { issueEmailVerification } from './email-verification.service';
import { bearer, linkParam, mailsTo, signIn } from './auth.test-support';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true', PUBLIC_URL: 'https://ats.example.test' }));
});
afterAll(async () => stop());

const findUser = (email: string) => User.findOne({ email }).setOptions({ crossTenant: true }).lean();
let seq = 0;
const selfSignupBody = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    companyName: `Startup ${seq}`,
    slug: `startup-${seq}`,
    firstName: 'Sofia',
    lastName: 'Founder',
    email: `sofia${seq}@startup${seq}.test`,
    mobile: '+1 555 010 0100',
    password: 'Found3r-pass',
    ...overrides,
  };
};

async function verifyKeyFor(email: string) {
  const [mail] = await mailsTo(app, email);
  return linkParam(mail!, 'key');
}

describe('POST /api/selfsignup', () => {
  it('creates an unauthorised company and its unverified admin with every right, and mails a welcome link', async () => {
    const body = selfSignupBody();
    const res = await request(app).post('/api/selfsignup').send(body).expect(201);
    expect(res.body).toEqual({ message: AuthMessages.signupComplete(body.email), email: body.email });

    const user = await findUser(body.email);
    const customer = await Customer.findById(user!.customerId).lean();
    expect(customer).toMatchObject({ name: body.companyName, slug: body.slug, isAuthorized: false, userOptionsPage: false, status: 'active' });
    expect(user).toMatchObject({ admin: true, role: 'recruiter', firstName: 'Sofia', mobile: body.mobile, status: 'active' });
    expect([...user!.rights].sort()).toEqual([...AccessRightKeys].sort());
    expect(user!.emailVerification!.status).toBe(false);
    expect(user!.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(user!.passwordHash).not.toContain(body.password);

    const [mail] = await mailsTo(app, body.email);
    expect(mail!.subject).toBe('Welcome to Hireflow');
    expect(mail!.text).toContain('https://ats.example.test/verify?key=');

    const signedIn = await signIn(app, body.email, body.password, 200);
    expect(signedIn.body.user).toMatchObject({
      admin: true,
      email_verification: { status: false },
      customerState: { slug: body.slug, isAuthorized: false, userOptionsPage: false },
    });
  });

  it('refuses an email already in use and a slug already taken, with clear 409 messages, writing nothing', async () => {
    const first = selfSignupBody();
    await request(app).post('/api/selfsignup').send(first).expect(201);
    const companies = await Customer.countDocuments();

    const sameEmail = await request(app).post('/api/selfsignup').send(selfSignupBody({ email: first.email })).expect(409);
    expect(sameEmail.body.message).toBe(AuthMessages.emailTaken);
    const sameSlug = await request(app).post('/api/selfsignup').send(selfSignupBody({ slug: first.slug })).expect(409);
    expect(sameSlug.body.message).toBe(AuthMessages.slugTaken(first.slug));
    expect(await Customer.countDocuments()).toBe(companies);
  });

  it('lets only one of two parallel sign-ups have a slug', async () => {
    const a = selfSignupBody();
    const b = selfSignupBody({ slug: a.slug });
    const answers = await Promise.all([a, b].map((body) => request(app).post('/api/selfsignup').send(body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(AuthMessages.slugTaken(a.slug));
    expect(await Customer.countDocuments({ slug: a.slug })).toBe(1);
    const loser = answers[0]!.status === 409 ? a : b;
    expect(await findUser(loser.email as string)).toBeNull();
  });

  it('refuses a weak password, saying what is missing', async () => {
    const body = selfSignupBody({ password: 'password' });
    const res = await request(app).post('/api/selfsignup').send(body).expect(400);
    expect(res.body.message).toBe('Password needs a digit');
    expect(await findUser(body.email as string)).toBeNull();
  });

  it('refuses bad fields with the field named', async () => {
    const res = await request(app).post('/api/selfsignup').send(selfSignupBody({ slug: 'Not a slug!' })).expect(400);
    expect(res.body.message).toMatch(/^slug: /);
    const res2 = await request(app).post('/api/selfsignup').send(selfSignupBody({ email: 'not-an-email' })).expect(400);
    expect(res2.body.message).toBe('email: must be a valid email address');
  });

  it('refuses $-operators', async () => {
    const res = await request(app).post('/api/selfsignup').send(selfSignupBody({ companyName: { $set: { isAuthorized: true } } })).expect(400);
    expect(res.body.message).toMatch(/\$set/);
  });
});

describe('POST /api/employeeSelfSignUp', () => {
  it('adds an unverified employee to the company that lists the email domain', async () => {
    const customer = await buildCustomer({ domains: ['umbrella.test'] });
    const res = await request(app)
      .post('/api/employeeSelfSignUp')
      .send({ firstName: 'Eli', lastName: 'Worker', email: 'eli@umbrella.test', password: 'Employ33-pass' })
      .expect(201);
    expect(res.body.email).toBe('eli@umbrella.test');
    const user = await findUser('eli@umbrella.test');
    expect(user).toMatchObject({ role: 'employee', admin: false, rights: [] });
    expect(String(user!.customerId)).toBe(String(customer._id));
    expect(user!.emailVerification!.status).toBe(false);
    const [mail] = await mailsTo(app, 'eli@umbrella.test');
    expect(mail!.subject).toBe('Verify your email for Hireflow');
  });

  it('refuses a domain no company lists, and an email already in use', async () => {
    const res = await request(app)
      .post('/api/employeeSelfSignUp')
      .send({ firstName: 'Eli', lastName: 'Worker', email: 'eli@nowhere.test', password: 'Employ33-pass' })
      .expect(400);
    expect(res.body.message).toBe(AuthMessages.unknownDomain);
    const existing = await buildUser({ customerId: (await buildCustomer({ domains: ['taken.test'] }))._id, email: 'old@taken.test' });
    const res2 = await request(app)
      .post('/api/employeeSelfSignUp')
      .send({ firstName: 'Eli', lastName: 'Worker', email: existing.email, password: 'Employ33-pass' })
      .expect(409);
    expect(res2.body.message).toBe(AuthMessages.emailTaken);
  });

  it('refuses joining a suspended company', async () => {
    await buildCustomer({ domains: ['closed.test'], status: 'suspended' });
    const res = await request(app)
      .post('/api/employeeSelfSignUp')
      .send({ firstName: 'Eli', lastName: 'Worker', email: 'eli@closed.test', password: 'Employ33-pass' })
      .expect(403);
    expect(res.body.message).toBe(AuthMessages.companySuspended);
  });

  it('refuses a weak password', async () => {
    await buildCustomer({ domains: ['weak.test'] });
    const res = await request(app)
      .post('/api/employeeSelfSignUp')
      .send({ firstName: 'Eli', lastName: 'Worker', email: 'eli@weak.test', password: '1234' })
      .expect(400);
    expect(res.body.message).toBe('Password needs at least 8 characters, a letter');
  });
});

describe('POST /api/verify_user_email and GET /api/continueAfterVerifyEmail/{email}/{tokenId}', () => {
  it('verifies the email once, then continues signed in once', async () => {
    const body = selfSignupBody();
    await request(app).post('/api/selfsignup').send(body).expect(201);
    const key = await verifyKeyFor(body.email);
    const stored = await findUser(body.email);
    expect(stored!.emailVerification!.keyHash).toBe(hashKey(key));

    const res = await request(app).post('/api/verify_user_email').send({ verify_key: key }).expect(200);
    const verified = ZVerifyEmailResponse.parse(res.body);
    expect(verified).toMatchObject({ message: AuthMessages.emailVerified, email: body.email });
    const after = await findUser(body.email);
    expect(after!.emailVerification).toMatchObject({ status: true, keyHash: null });

    const again = await request(app).post('/api/verify_user_email').send({ verify_key: key }).expect(400);
    expect(again.body.message).toBe(AuthMessages.verifyLinkInvalid);

    const cont = await request(app).get(`/api/continueAfterVerifyEmail/${encodeURIComponent(body.email)}/${verified.tokenId}`).expect(200);
    const session = ZSessionResponse.parse(cont.body);
    expect(session.user.email_verification.status).toBe(true);
    await request(app).post('/api/loggedinuserdetails').set(bearer(session.token)).expect(200);
    const reuse = await request(app).get(`/api/continueAfterVerifyEmail/${encodeURIComponent(body.email)}/${verified.tokenId}`).expect(400);
    expect(reuse.body.message).toBe(AuthMessages.continueLinkInvalid);
  });

  it('refuses the continue id for another email, and an expired one', async () => {
    const body = selfSignupBody();
    await request(app).post('/api/selfsignup').send(body).expect(201);
    const res = await request(app).post('/api/verify_user_email').send({ verify_key: await verifyKeyFor(body.email) }).expect(200);
    const other = await buildUser({ customerId: (await buildCustomer())._id });
    await request(app).get(`/api/continueAfterVerifyEmail/${encodeURIComponent(other.email)}/${res.body.tokenId}`).expect(400);

    const body2 = selfSignupBody();
    await request(app).post('/api/selfsignup').send(body2).expect(201);
    const res2 = await request(app).post('/api/verify_user_email').send({ verify_key: await verifyKeyFor(body2.email) }).expect(200);
    await AuthToken.updateOne({ keyHash: hashKey(res2.body.tokenId) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await request(app).get(`/api/continueAfterVerifyEmail/${encodeURIComponent(body2.email)}/${res2.body.tokenId}`).expect(400);
    await request(app).get(`/api/continueAfterVerifyEmail/not-an-email/${res2.body.tokenId}`).expect(400);
  });

  it('refuses an expired verification link', async () => {
    const body = selfSignupBody();
    await request(app).post('/api/selfsignup').send(body).expect(201);
    const key = await verifyKeyFor(body.email);
    await AuthToken.updateOne({ keyHash: hashKey(key) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await request(app).post('/api/verify_user_email').send({ verify_key: key }).expect(400);
    expect(res.body.message).toBe(AuthMessages.verifyLinkInvalid);
    expect((await findUser(body.email))!.emailVerification!.status).toBe(false);
  });

  it('refuses a missing key', async () => {
    await request(app).post('/api/verify_user_email').send({}).expect(400);
  });
});

describe('POST /api/resend_email_verifcation', () => {
  it('mails a new link, and only the new link works', async () => {
    const body = selfSignupBody();
    await request(app).post('/api/selfsignup').send(body).expect(201);
    const oldKey = await verifyKeyFor(body.email);
    const res = await request(app).post('/api/resend_email_verifcation').send({ email: body.email }).expect(200);
    expect(res.body.message).toBe(AuthMessages.verificationSent);
    const mails = await mailsTo(app, body.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Verify your email for Hireflow');
    const newKey = linkParam(mails[0]!, 'key');
    await request(app).post('/api/verify_user_email').send({ verify_key: oldKey }).expect(400);
    await request(app).post('/api/verify_user_email').send({ verify_key: newKey }).expect(200);
  });

  it('refuses an already verified email and answers the spec messages for unknown or missing emails', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const r1 = await request(app).post('/api/resend_email_verifcation').send({ email: user.email }).expect(400);
    expect(r1.body.message).toBe(AuthMessages.alreadyVerified);
    const r2 = await request(app).post('/api/resend_email_verifcation').send({ email: 'ghost@example.test' }).expect(404);
    expect(r2.body.message).toBe(LoginMessages.noAccount);
    const r3 = await request(app).post('/api/resend_email_verifcation').send({}).expect(400);
    expect(r3.body.message).toBe(LoginMessages.emailMissing);
  });
});

describe('issueEmailVerification (for the People module)', () => {
  it('mails a verification link for a user created elsewhere', async () => {
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id, emailVerified: false, firstName: 'Pat' });
    expect((await issueEmailVerification({ config, logger: pino({ level: 'silent' }) }, user)).delivered).toBe(true);
    const [mail] = await mailsTo(app, user.email);
    expect(mail!.text).toContain('Hello Pat,');
    await request(app).post('/api/verify_user_email').send({ verify_key: linkParam(mail!, 'key') }).expect(200);
  });
});
