import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { LoginMessages } from '@hireflow/contracts/messages';
import { OtpRules } from '@hireflow/contracts/auth';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { FactoryPassword, buildCustomer, buildUser } from '../../test/factories';
import { RateCounter } from '../../lib/rate-limit';
import { Otp } from './otp.model';
import { AccountBackoff } from './rate-rules';
import { linkParam, mailsTo } from './auth.test-support';

// Rate limits on; the clock the limits read is a fake one the tests move, so no test sleeps.
let app: Express;
let stop: () => Promise<void>;
let now = Date.UTC(2026, 0, 5, 9, 0, 0);
const advance = (seconds: number) => {
  now += seconds * 1000;
};

beforeAll(async () => {
  ({ app, stop } = await startTestApp());
  app.locals.clock = { now: () => now };
});
afterAll(async () => stop());

let ipSeq = 0;
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
let email = '';
beforeEach(async () => {
  email = (await buildUser({ customerId: (await buildCustomer())._id })).email;
});

async function signIn(ip: string, password: string) {
  const captcha = await request(app).get('/api/captcha_api').set('X-Forwarded-For', ip).expect(200);
  return request(app).post('/api/user/login').set('X-Forwarded-For', ip).send({ email, password, captchaId: captcha.body.capId, captchaText: TestCaptchaText });
}

/** Fails from `ip` until the account's next attempt from there must wait. */
async function failUntilHeldBack(ip: string) {
  for (let i = 0; i <= AccountBackoff.loginFailures.free; i++) expect((await signIn(ip, 'Wrong-pass-1')).status).toBe(401);
}

const waitMessage = /^Too many attempts from this device\. Please wait \d+ seconds? and try again\.$/;

describe('wrong passwords: growing delays per account and address', () => {
  it('makes the failing address wait 1 s, 2 s, 4 s ... with a retryAfter, even for the right password', async () => {
    const attacker = newIp();
    await failUntilHeldBack(attacker);

    const held = await signIn(attacker, FactoryPassword);
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({ code: 'too_many_requests', details: { retryAfter: 1 } });
    expect(held.body.message).toMatch(waitMessage);
    expect(held.headers['retry-after']).toBe('1');

    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      advance(waits.at(-1) ?? 1);
      expect((await signIn(attacker, 'Wrong-pass-1')).status).toBe(401);
      const next = await signIn(attacker, 'Wrong-pass-1');
      expect(next.status).toBe(429);
      waits.push(next.body.details.retryAfter);
    }
    expect(waits).toEqual([2, 4, 8, 16]);

    // Counters hold no email address and no client address.
    const counters = await RateCounter.find({ _id: new RegExp(`^${AccountBackoff.loginFailures.name}:`) }).lean();
    expect(counters.length).toBeGreaterThan(0);
    expect(JSON.stringify(counters)).not.toContain(email);
    expect(JSON.stringify(counters)).not.toContain(attacker);
  });

  it('caps the delay', async () => {
    const attacker = newIp();
    await failUntilHeldBack(attacker);
    for (let i = 0; i < 14; i++) {
      advance(AccountBackoff.loginFailures.maxSeconds);
      expect((await signIn(attacker, 'Wrong-pass-1')).status).toBe(401);
    }
    const held = await signIn(attacker, 'Wrong-pass-1');
    expect(held.status).toBe(429);
    expect(held.body.details.retryAfter).toBe(AccountBackoff.loginFailures.maxSeconds);
  });

  it("does not hold back the account's owner at another address", async () => {
    const attacker = newIp();
    await failUntilHeldBack(attacker);
    expect((await signIn(attacker, FactoryPassword)).status).toBe(429);

    const owner = newIp();
    expect((await signIn(owner, FactoryPassword)).status).toBe(200);
    // One wrong password of the owner's own is an ordinary mistake there.
    const mistake = await signIn(owner, 'Typo-pass-1');
    expect(mistake.status).toBe(401);
    expect(mistake.body.message).toBe(LoginMessages.invalidCredentials);
  });

  it('lets the address in once the wait has passed', async () => {
    const ip = newIp();
    await failUntilHeldBack(ip);
    expect((await signIn(ip, FactoryPassword)).status).toBe(429);
    advance(1);
    expect((await signIn(ip, FactoryPassword)).status).toBe(200);
  });

  it('is lifted for every address by a one-time-code sign-in', async () => {
    const ip = newIp();
    await failUntilHeldBack(ip);
    for (let wait = 1; wait <= 16; wait *= 2) {
      advance(wait);
      expect((await signIn(ip, 'Wrong-pass-1')).status).toBe(401);
    }
    expect((await signIn(ip, FactoryPassword)).status).toBe(429);

    await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', ip).send({ email }).expect(200);
    const code = (await mailsTo(app, email))[0]!.text.match(/\b(\d{6})\b/)![1]!;
    await request(app).post('/api/login/otp').set('X-Forwarded-For', ip).send({ email, otp: code }).expect(200);

    expect((await signIn(ip, FactoryPassword)).status).toBe(200);
  });

  it('is lifted by a password reset', async () => {
    const ip = newIp();
    await failUntilHeldBack(ip);
    expect((await signIn(ip, 'Wrong-pass-1')).status).toBe(429);

    const captcha = await request(app).get('/api/captcha_api').set('X-Forwarded-For', ip).expect(200);
    await request(app).post('/api/reset_password_initiate').set('X-Forwarded-For', ip).send({ email, captchaId: captcha.body.capId, captchaText: TestCaptchaText }).expect(200);
    const hashKey = linkParam((await mailsTo(app, email))[0]!, 'hashKey');
    await request(app).post('/api/reset_password').set('X-Forwarded-For', ip).send({ hashKey, password: 'Brand-new-pass-5', confirmpassword: 'Brand-new-pass-5' }).expect(200);

    expect((await signIn(ip, 'Brand-new-pass-5')).status).toBe(200);
  });
});

describe('mails (one-time codes, reset links): growing delays per account and address', () => {
  /** The 30-second resend wait is per code; move the code's age past it, as if the user had waited. */
  const ageCode = () => Otp.updateMany({}, { $set: { expiresAt: new Date(Date.now() + OtpRules.ttlMinutes * 60_000 - 60_000) } });

  it("holds back an address asking for many codes, not the owner's", async () => {
    const attacker = newIp();
    for (let i = 0; i < AccountBackoff.otpSend.free; i++) {
      await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', attacker).send({ email }).expect(200);
      await ageCode();
    }
    await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', attacker).send({ email }).expect(200);
    await ageCode();
    const held = await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', attacker).send({ email }).expect(429);
    expect(held.body.details.retryAfter).toBe(60);
    expect(held.body.message).toMatch(waitMessage);

    const owner = newIp();
    await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', owner).send({ email }).expect(200);
    const code = (await mailsTo(app, email))[0]!.text.match(/\b(\d{6})\b/)![1]!;
    await request(app).post('/api/login/otp').set('X-Forwarded-For', owner).send({ email, otp: code }).expect(200);

    advance(60);
    await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', attacker).send({ email }).expect(200);
    await ageCode();
    const longer = await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', attacker).send({ email }).expect(429);
    expect(longer.body.details.retryAfter).toBe(120);
  });

  it("holds back an address asking for many reset links, not the owner's, and answers the same for unknown emails", async () => {
    for (const address of [email, 'ghost@example.test']) {
      const attacker = newIp();
      const ask = async (ip: string) => {
        const captcha = await request(app).get('/api/captcha_api').set('X-Forwarded-For', ip).expect(200);
        return request(app).post('/api/reset_password_initiate').set('X-Forwarded-For', ip).send({ email: address, captchaId: captcha.body.capId, captchaText: TestCaptchaText });
      };
      for (let i = 0; i <= AccountBackoff.resetMail.free; i++) expect((await ask(attacker)).status).toBe(200);
      const held = await ask(attacker);
      expect(held.status).toBe(429);
      expect(held.body.details.retryAfter).toBe(60);
      expect((await ask(newIp())).status).toBe(200);
    }
  });
});
