import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { IpRules } from './rate-rules';
import { linkParam, mailsTo } from './auth.test-support';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  // Rate limits on (the default). Each test speaks from its own client address (X-Forwarded-For from
  // loopback is trusted), so their counters do not mix.
  ({ app, config, stop } = await startTestApp());
});
afterAll(async () => stop());

let ipSeq = 0;
const newIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const tooMany = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

describe('rate limits (counters in MongoDB, 429 with a clear message)', () => {
  // Windows are fixed and aligned to the clock (every rule's window is a multiple of 5 minutes). A loop
  // that runs across a window's turn starts counting afresh, so each test starts clear of the next turn.
  beforeEach(async () => {
    const turn = 5 * 60_000;
    const left = turn - (Date.now() % turn);
    if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  });

  it('limits captchas per IP address', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.captcha.max; i++) await request(app).get('/api/captcha_api').set('X-Forwarded-For', ip).expect(200);
    const res = await request(app).get('/api/captcha_api').set('X-Forwarded-For', ip).expect(429);
    expect(res.body).toMatchObject({ code: 'too_many_requests' });
    expect(res.body.message).toMatch(tooMany);
    await request(app).get('/api/captcha_api').set('X-Forwarded-For', newIp()).expect(200);
  });

  it('limits sign-in attempts per IP address', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.login.max; i++) await request(app).post('/api/user/login').set('X-Forwarded-For', ip).send({}).expect(400);
    const res = await request(app).post('/api/user/login').set('X-Forwarded-For', ip).send({}).expect(429);
    expect(res.body.message).toMatch(tooMany);
  });

  it('limits Google/Microsoft sign-in per IP address: starting and finishing each', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.providerSignInStart.max; i++) await request(app).post('/api/user/googleLogin').set('X-Forwarded-For', ip).send({ provider: 'x' }).expect(400);
    const res = await request(app).post('/api/user/googleLogin').set('X-Forwarded-For', ip).send({ provider: 'google' }).expect(429);
    expect(res.body.message).toMatch(tooMany);
    for (let i = 0; i < IpRules.providerSignInFinish.max; i++) await request(app).post('/api/authComplete').set('X-Forwarded-For', ip).expect(400);
    await request(app).post('/api/authComplete').set('X-Forwarded-For', ip).expect(429);
    await request(app).post('/api/user/googleLogin').set('X-Forwarded-For', newIp()).send({ provider: 'google' }).expect(501);
  });

  it('limits OTP requests per IP', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.otpSend.max; i++) await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', ip).send({}).expect(400);
    await request(app).post('/api/login/sendOTP').set('X-Forwarded-For', ip).send({}).expect(429);
  });

  it('limits OTP sign-in attempts per IP', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.otpLogin.max; i++) await request(app).post('/api/login/otp').set('X-Forwarded-For', ip).send({}).expect(400);
    await request(app).post('/api/login/otp').set('X-Forwarded-For', ip).send({}).expect(429);
  });

  it('limits reset requests per IP', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.reset.max; i++) await request(app).post('/api/reset_password_initiate').set('X-Forwarded-For', ip).send({}).expect(400);
    await request(app).post('/api/reset_password_initiate').set('X-Forwarded-For', ip).send({}).expect(429);

  });

  it('limits reset-key checks per IP', async () => {
    const ip = newIp();
    for (let i = 0; i < IpRules.resetKey.max; i++) await request(app).post('/api/is_hashkey/valid').set('X-Forwarded-For', ip).send({ hashKey: 'x'.repeat(43) }).expect(200);
    await request(app).post('/api/is_hashkey/valid').set('X-Forwarded-For', ip).send({ hashKey: 'x'.repeat(43) }).expect(429);
  });
});

describe('logs', () => {
  it('carry no password, token, code, key, hash or secret through a whole account life cycle', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The same redaction as lib/logger.ts (which writes to stdout), here into a buffer at the chattiest level.
    const logger = pino({ level: 'trace', redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' } }, sink);
    const logged = buildApp({ config, logger });
    const ip = () => ['X-Forwarded-For', newIp()] as const;
    const secrets: string[] = [config.jwtSecret];

    const password = 'Logged-pass-77';
    secrets.push(password);
    await request(logged).post('/api/selfsignup').set(...ip()).send({ companyName: 'Log Co', slug: 'log-co', firstName: 'Lou', lastName: 'Log', email: 'lou@logco.test', mobile: '+1 555 010 0199', password }).expect(201);
    const verifyKey = linkParam((await mailsTo(logged, 'lou@logco.test'))[0]!, 'key');
    secrets.push(verifyKey);
    const verified = await request(logged).post('/api/verify_user_email').set(...ip()).send({ verify_key: verifyKey }).expect(200);
    // The spec puts this id in the path; the request log masks it.
    secrets.push(verified.body.tokenId);
    const continuePath = `/api/continueAfterVerifyEmail/${encodeURIComponent('lou@logco.test')}/${verified.body.tokenId}`;
    const continued = await request(logged).get(continuePath).set(...ip()).expect(200);
    secrets.push(continued.body.token);
    await request(logged).get(continuePath).set(...ip()).expect(400);

    const from = newIp();
    const captcha = await request(logged).get('/api/captcha_api').set('X-Forwarded-For', from).expect(200);
    const login = await request(logged).post('/api/user/login').set('X-Forwarded-For', from).send({ email: 'lou@logco.test', password, captchaId: captcha.body.capId, captchaText: TestCaptchaText }).expect(200);
    secrets.push(login.body.token);
    await request(logged).post('/api/loggedinuserdetails').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    await request(logged).post('/api/user/login').set(...ip()).send({ email: 'lou@logco.test', password: 'Wrong-guess-1', captchaId: 'x', captchaText: 'y' }).expect(400);
    secrets.push('Wrong-guess-1');

    await request(logged).post('/api/login/sendOTP').set(...ip()).send({ email: 'lou@logco.test' }).expect(200);
    const code = (await mailsTo(logged, 'lou@logco.test'))[0]!.text.match(/\b(\d{6})\b/)![1]!;
    secrets.push(code);
    await request(logged).post('/api/login/otp').set(...ip()).send({ email: 'lou@logco.test', otp: code, password: 'Otp-pass-88' }).expect(200);
    secrets.push('Otp-pass-88');

    const from2 = newIp();
    const captcha2 = await request(logged).get('/api/captcha_api').set('X-Forwarded-For', from2).expect(200);
    await request(logged).post('/api/reset_password_initiate').set('X-Forwarded-For', from2).send({ email: 'lou@logco.test', captchaId: captcha2.body.capId, captchaText: TestCaptchaText }).expect(200);
    const resetKey = linkParam((await mailsTo(logged, 'lou@logco.test'))[0]!, 'hashKey');
    secrets.push(resetKey);
    await request(logged).post('/api/reset_password').set(...ip()).send({ hashKey: resetKey, password: 'Reset-pass-99', confirmpassword: 'Reset-pass-99' }).expect(200);
    secrets.push('Reset-pass-99');

    const output = lines.join('');
    expect(output).toContain('mail stored in the dev outbox');
    expect(output).toContain('/api/user/login');
    for (const secret of secrets) expect(output).not.toContain(secret);
    expect(output).not.toMatch(/\$2[aby]\$\d\d\$/);
  });
});
