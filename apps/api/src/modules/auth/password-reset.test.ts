import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import pino from 'pino';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AuthMessages } from '@hireflow/contracts/auth';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser } from '../../test/factories';
import type { Config } from '../../config';
import { User } from '../users/user.model';
import { AuthToken } from './auth-token.model';
import { hashKey } from './auth.crypto';
import { sendSetPasswordInvite } from './password-reset.service';
import { bearer, linkParam, mailsTo, newCaptcha, signIn, solvedCaptcha } from './auth.test-support';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true', PUBLIC_URL: 'https://ats.example.test' }));
});
afterAll(async () => stop());

async function requestReset(email: string) {
  return request(app).post('/api/reset_password_initiate').send({ email, ...(await solvedCaptcha(app)) });
}

async function resetKeyFor(email: string): Promise<string> {
  await requestReset(email).then((r) => expect(r.status).toBe(200));
  const [mail] = await mailsTo(app, email);
  return linkParam(mail!, 'hashKey');
}

describe('POST /api/reset_password_initiate', () => {
  it('mails a link to the SPA reset page with a key stored only as a hash, valid one hour', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id, firstName: 'Rosa' });
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AuthMessages.resetLinkSent);
    const [mail] = await mailsTo(app, user.email);
    expect(mail!.subject).toBe('Reset your Hireflow password');
    expect(mail!.text).toContain('Hello Rosa,');
    expect(mail!.text).toContain('https://ats.example.test/reset-password?hashKey=');
    expect(mail!.html).toContain('https://ats.example.test/reset-password?hashKey=');
    const key = linkParam(mail!, 'hashKey');
    const stored = await AuthToken.findOne({ userId: user._id, purpose: 'reset' }).lean();
    expect(stored!.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers an unknown email with the same status and text, and mails nothing', async () => {
    const known = await buildUser({ customerId: (await buildCustomer())._id });
    const a = await requestReset(known.email);
    const b = await requestReset('ghost@example.test');
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await mailsTo(app, 'ghost@example.test')).toHaveLength(0);
  });

  it('refuses a missing or wrong captcha with the spec message', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const r1 = await request(app).post('/api/reset_password_initiate').send({ email: user.email }).expect(400);
    expect(r1.body.message).toBe(LoginMessages.captchaUnresolved);
    const captchaId = await newCaptcha(app);
    const r2 = await request(app).post('/api/reset_password_initiate').send({ email: user.email, captchaId, captchaText: 'wrong' }).expect(400);
    expect(r2.body.message).toBe(LoginMessages.captchaUnresolved);
    expect(await mailsTo(app, user.email)).toHaveLength(0);
  });

  it('answers the spec message when the email is missing', async () => {
    const res = await request(app).post('/api/reset_password_initiate').send({ captchaId: 'x', captchaText: TestCaptchaText }).expect(400);
    expect(res.body.message).toBe(LoginMessages.emailMissing);
  });
});

describe('POST /api/is_hashkey/valid', () => {
  it('says whether a key is live: true before use, false after use, for unknown and for expired keys', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const key = await resetKeyFor(user.email);
    expect((await request(app).post('/api/is_hashkey/valid').send({ hashKey: key }).expect(200)).body).toEqual({ valid: true });
    expect((await request(app).post('/api/is_hashkey/valid').send({ hashKey: 'x'.repeat(43) }).expect(200)).body).toEqual({ valid: false });

    await AuthToken.updateOne({ keyHash: hashKey(key) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await request(app).post('/api/is_hashkey/valid').send({ hashKey: key }).expect(200)).body).toEqual({ valid: false });
  });

  it('refuses a missing key', async () => {
    await request(app).post('/api/is_hashkey/valid').send({}).expect(400);
  });
});

describe('POST /api/reset_password', () => {
  it('sets the new password, ends every session, and the link works once', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id, emailVerified: false });
    const session = (await signIn(app, user.email, FactoryPassword, 200)).body.token as string;
    const key = await resetKeyFor(user.email);
    const res = await request(app).post('/api/reset_password').send({ hashKey: key, password: 'Fresh-start-42', confirmpassword: 'Fresh-start-42' }).expect(200);
    expect(res.body.message).toBe(AuthMessages.passwordChanged);

    await request(app).post('/api/loggedinuserdetails').set(bearer(session)).expect(401);
    await signIn(app, user.email, FactoryPassword, 401);
    const fresh = await signIn(app, user.email, 'Fresh-start-42', 200);
    expect(fresh.body.user.email_verification.status).toBe(true);

    const again = await request(app).post('/api/reset_password').send({ hashKey: key, password: 'Other-pass-43', confirmpassword: 'Other-pass-43' }).expect(400);
    expect(again.body.message).toBe(AuthMessages.resetLinkInvalid);
    expect((await request(app).post('/api/is_hashkey/valid').send({ hashKey: key })).body).toEqual({ valid: false });
  });

  it('refuses passwords that do not match', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const key = await resetKeyFor(user.email);
    const res = await request(app).post('/api/reset_password').send({ hashKey: key, password: 'Fresh-start-42', confirmpassword: 'Fresh-start-43' }).expect(400);
    expect(res.body.message).toBe(AuthMessages.passwordsDoNotMatch);
    expect((await request(app).post('/api/is_hashkey/valid').send({ hashKey: key })).body).toEqual({ valid: true });
  });

  it('refuses a weak password, saying what is missing', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const key = await resetKeyFor(user.email);
    const res = await request(app).post('/api/reset_password').send({ hashKey: key, password: 'short', confirmpassword: 'short' }).expect(400);
    expect(res.body.message).toBe('Password needs at least 8 characters, a digit');
    const res2 = await request(app).post('/api/reset_password').send({ hashKey: key, password: '12345678', confirmpassword: '12345678' }).expect(400);
    expect(res2.body.message).toBe('Password needs a letter');
  });

  it('refuses an expired link', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const key = await resetKeyFor(user.email);
    await AuthToken.updateOne({ keyHash: hashKey(key) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await request(app).post('/api/reset_password').send({ hashKey: key, password: 'Fresh-start-42', confirmpassword: 'Fresh-start-42' }).expect(400);
    expect(res.body.message).toBe(AuthMessages.resetLinkInvalid);
    await signIn(app, user.email, FactoryPassword, 200);
  });

  it('only the newest link works', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const first = await resetKeyFor(user.email);
    const second = await resetKeyFor(user.email);
    await request(app).post('/api/reset_password').send({ hashKey: first, password: 'Fresh-start-42', confirmpassword: 'Fresh-start-42' }).expect(400);
    await request(app).post('/api/reset_password').send({ hashKey: second, password: 'Fresh-start-42', confirmpassword: 'Fresh-start-42' }).expect(200);
  });

  it('refuses $-operators as the key', async () => {
    const res = await request(app).post('/api/reset_password').send({ hashKey: { $gt: '' }, password: 'Fresh-start-42', confirmpassword: 'Fresh-start-42' }).expect(400);
    expect(res.body.message).toMatch(/\$gt/);
  });
});

describe('sendSetPasswordInvite (for the People module)', () => {
  it('mails an invitation whose link sets the first password through POST /api/reset_password', async () => {
    const customer = await buildCustomer({ name: 'Initech' });
    const created = await User.create({ customerId: customer._id, firstName: 'Ivy', lastName: 'New', email: 'ivy@initech.test', role: 'employee' });
    const result = await sendSetPasswordInvite({ config, logger: pino({ level: 'silent' }) }, created);
    expect(result.delivered).toBe(true);
    const [mail] = await mailsTo(app, 'ivy@initech.test');
    expect(mail!.subject).toBe('You are invited to Initech on Hireflow');
    const key = linkParam(mail!, 'hashKey');
    const stored = await AuthToken.findOne({ keyHash: hashKey(key) }).lean();
    expect((stored!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    await request(app).post('/api/reset_password').send({ hashKey: key, password: 'First-pass-1', confirmpassword: 'First-pass-1' }).expect(200);
    const res = await signIn(app, 'ivy@initech.test', 'First-pass-1', 200);
    expect(res.body.user.email_verification.status).toBe(true);
  });
});
