import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AuthMessages, OtpRules } from '@hireflow/contracts/auth';
import { startTestApp } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser } from '../../test/factories';
import { User } from '../users/user.model';
import { Otp } from './otp.model';
import { bearer, mailsTo, signIn } from './auth.test-support';

let app: Express;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
});
afterAll(async () => stop());

async function sendCode(email: string): Promise<string> {
  await request(app).post('/api/login/sendOTP').send({ email }).expect(200);
  const [mail] = await mailsTo(app, email);
  const code = mail!.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in ${mail!.text}`);
  return code;
}

/** Lets the next code be asked for at once (the resend pause is 30 s). */
async function ageCode(userId: Types.ObjectId, seconds = OtpRules.resendAfterSeconds + 1) {
  await Otp.updateOne({ userId }, { $set: { expiresAt: new Date(Date.now() + OtpRules.ttlMinutes * 60_000 - seconds * 1000) } });
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/login/sendOTP', () => {
  it('mails a 6-digit code and stores only a hash of it, valid 10 minutes', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await request(app).post('/api/login/sendOTP').send({ email: user.email }).expect(200);
    expect(res.body.message).toBe(AuthMessages.otpSent);
    const [mail] = await mailsTo(app, user.email);
    expect(mail!.subject).toContain('Hireflow');
    const code = mail!.text.match(/\b(\d{6})\b/)![1]!;
    const stored = await Otp.findOne({ userId: user._id }).lean();
    expect(stored!.codeHash).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(code);
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('answers the spec messages for an unknown or a missing email', async () => {
    const res = await request(app).post('/api/login/sendOTP').send({ email: 'ghost@example.test' }).expect(404);
    expect(res.body.message).toBe(LoginMessages.noAccount);
    const res2 = await request(app).post('/api/login/sendOTP').send({}).expect(400);
    expect(res2.body.message).toBe(LoginMessages.emailMissing);
  });

  it('asks to wait before another code within 30 seconds', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    await sendCode(user.email);
    const res = await request(app).post('/api/login/sendOTP').send({ email: user.email }).expect(429);
    expect(res.body.message).toBe(AuthMessages.otpResendWait);
  });

  it('refuses an inactive account', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id, status: 'inactive' });
    const res = await request(app).post('/api/login/sendOTP').send({ email: user.email }).expect(403);
    expect(res.body.message).toBe(AuthMessages.accountInactive);
    expect(await mailsTo(app, user.email)).toHaveLength(0);
  });
});

describe('POST /api/login/otp', () => {
  it('signs in with the mailed code, once', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(200);
    expect(res.body.user.id).toBe(String(user._id));
    await request(app).post('/api/loggedinuserdetails').set(bearer(res.body.token)).expect(200);
    const again = await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(401);
    expect(again.body.message).toBe(LoginMessages.invalidOtp);
  });

  it('answers the spec message for a wrong code, and the right code still works afterwards', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: wrong(code) }).expect(401);
    expect(res.body.message).toBe(LoginMessages.invalidOtp);
    await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(200);
  });

  it('refuses a code that is not 6 digits with the spec message', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: '12ab' }).expect(400);
    expect(res.body.message).toBe(LoginMessages.invalidOtp);
  });

  it('makes the code invalid after 5 wrong tries', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    for (let i = 0; i < OtpRules.maxWrongTries; i++) {
      await request(app).post('/api/login/otp').send({ email: user.email, otp: wrong(code) }).expect(401);
    }
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(401);
    expect(res.body.message).toBe(LoginMessages.invalidOtp);
  });

  it('counts parallel guesses: ten at once still use up the five tries', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => request(app).post('/api/login/otp').send({ email: user.email, otp: wrong(code) })),
    );
    expect(guesses.every((g) => g.status === 401)).toBe(true);
    expect((await Otp.findOne({ userId: user._id }).lean())!.tries).toBe(OtpRules.maxWrongTries);
    await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(401);
  });

  it('refuses an expired code', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    await Otp.updateOne({ userId: user._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(401);
    expect(res.body.message).toBe(LoginMessages.invalidOtp);
  });

  it('accepts only the newest code', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const first = await sendCode(user.email);
    await ageCode(user._id);
    const second = await sendCode(user.email);
    if (first !== second) await request(app).post('/api/login/otp').send({ email: user.email, otp: first }).expect(401);
    await request(app).post('/api/login/otp').send({ email: user.email, otp: second }).expect(200);
  });

  it('with a password: sets it as the new password, ends older sessions, and verifies the email', async () => {
    const customer = await buildCustomer();
    const user = await buildUser({ customerId: customer._id, emailVerified: false });
    const old = (await signIn(app, user.email, FactoryPassword, 200)).body.token as string;
    const code = await sendCode(user.email);
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: code, password: 'Brand-new-pass9' }).expect(200);
    expect(res.body.user.email_verification).toEqual({ status: true });
    await request(app).post('/api/loggedinuserdetails').set(bearer(old)).expect(401);
    await request(app).post('/api/loggedinuserdetails').set(bearer(res.body.token)).expect(200);
    await signIn(app, user.email, 'Brand-new-pass9', 200);
    const r = await signIn(app, user.email, FactoryPassword, 401);
    expect(r.body.message).toBe(LoginMessages.invalidCredentials);
  });

  it('without a password (or an empty one): the password stays as it was', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    await request(app).post('/api/login/otp').send({ email: user.email, otp: code, password: '' }).expect(200);
    const stored = await User.findById(user._id).setOptions({ crossTenant: true }).lean();
    expect(await bcrypt.compare(FactoryPassword, stored!.passwordHash!)).toBe(true);
  });

  it('refuses a weak new password, saying what is missing, and keeps the code usable', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const code = await sendCode(user.email);
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: code, password: 'abcdefgh' }).expect(400);
    expect(res.body.message).toBe('Password needs a digit');
    await request(app).post('/api/login/otp').send({ email: user.email, otp: code }).expect(200);
  });

  it('answers the spec message for an unknown email', async () => {
    const res = await request(app).post('/api/login/otp').send({ email: 'ghost@example.test', otp: '123456' }).expect(404);
    expect(res.body.message).toBe(LoginMessages.noAccount);
  });

  it('refuses $-operators in the code', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    await sendCode(user.email);
    const res = await request(app).post('/api/login/otp').send({ email: user.email, otp: { $ne: '' } }).expect(400);
    expect(res.body.message).toMatch(/\$ne/);
  });

  it('keeps the codes of two users apart', async () => {
    const customer = await buildCustomer();
    const a = await buildUser({ customerId: customer._id });
    const b = await buildUser({ customerId: customer._id });
    const codeA = await sendCode(a.email);
    const codeB = await sendCode(b.email);
    if (codeA !== codeB) await request(app).post('/api/login/otp').send({ email: b.email, otp: codeA }).expect(401);
    const res = await request(app).post('/api/login/otp').send({ email: a.email, otp: codeA }).expect(200);
    expect(res.body.user.id).toBe(String(a._id));
  });
});
