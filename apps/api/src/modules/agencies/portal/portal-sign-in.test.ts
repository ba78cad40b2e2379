import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { AuthMessages } from '@hireflow/contracts/auth';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AgencyPortalApi, AgencyPortalMessages, ZAgencySessionResponse, ZAgencySignInPage } from '@hireflow/contracts/agency-portal';
import { startTestApp, TestCaptchaText } from '../../../test/test-app';
import { buildJobsCompany, type JobsCompany } from '../../jobs/jobs.test-support';
import { linkParam, mailsTo } from '../../auth/auth.test-support';
import { AccountBackoff } from '../../auth/rate-rules';
import { AuthToken } from '../../auth/auth-token.model';
import { AgencyUser } from '../agency-user.model';
import { addAgency, AgencyTestPassword } from '../agencies.test-support';

// Rate limits on, as in production; the clock the limits read is a fake one the tests move (no sleeps).
let app: Express;
let ctx: Awaited<ReturnType<typeof startTestApp>>;
let now = Date.UTC(2026, 0, 5, 9, 0, 0);
const advance = (seconds: number) => {
  now += seconds * 1000;
};
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  app.locals.clock = { now: () => now };
});
afterAll(() => ctx.stop());

let ipSeq = 0;
const newIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const at = (template: string, co: JobsCompany, agencyId: string) => template.replace(':customerSlug', co.customer.slug!).replace(':agencyId', agencyId);

async function captcha(ip: string) {
  const res = await request(app).get('/api/captcha_api').set('X-Forwarded-For', ip).expect(200);
  return { captchaId: res.body.capId as string, captchaText: TestCaptchaText };
}

async function login(co: JobsCompany, agencyId: string, email: string, password: string, ip = newIp()) {
  return request(app).post(at(AgencyPortalApi.login, co, agencyId)).set('X-Forwarded-For', ip).send({ email, password, ...(await captcha(ip)) });
}

async function setup(status: 'active' | 'paused' | 'pending' = 'active') {
  const co = await buildJobsCompany(ctx.config);
  const agency = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, status, name: `TalentBridge ${++ipSeq}` });
  return { co, agency, email: agency.user.email };
}

describe('the agency sign-in page', () => {
  it("names the company and the agency, says whether it may sign in, and is 404 for a wrong link or another company's agency", async () => {
    const { co, agency } = await setup();
    const page = await request(app).get(at(AgencyPortalApi.signInPage, co, agency.id)).expect(200);
    expect(ZAgencySignInPage.parse(page.body)).toEqual({ companyName: co.customer.name, agencyName: agency.agency.name, canSignIn: true });
    const pending = await setup('pending');
    expect((await request(app).get(at(AgencyPortalApi.signInPage, pending.co, pending.agency.id)).expect(200)).body.canSignIn).toBe(false);
    const paused = await setup('paused');
    expect((await request(app).get(at(AgencyPortalApi.signInPage, paused.co, paused.agency.id)).expect(200)).body.canSignIn).toBe(true);

    expect((await request(app).get(at(AgencyPortalApi.signInPage, co, 'ffffffffffffffffffffffff'))).status).toBe(404);
    // Another company's agency under this company's slug.
    expect((await request(app).get(at(AgencyPortalApi.signInPage, co, pending.agency.id))).status).toBe(404);
    expect((await request(app).get(AgencyPortalApi.signInPage.replace(':customerSlug', 'no-such-company').replace(':agencyId', agency.id))).status).toBe(404);
    const wrongLink = await login(co, pending.agency.id, pending.email, AgencyTestPassword);
    expect(wrongLink.status).toBe(404);
  });
});

describe('agency password sign-in', () => {
  it('signs in with the captcha and the password; the token reaches the portal', async () => {
    const { co, agency, email } = await setup();
    const res = await login(co, agency.id, email.toUpperCase(), AgencyTestPassword);
    expect(res.status).toBe(200);
    const body = ZAgencySessionResponse.parse(res.body);
    expect(body).toMatchObject({ user: { email, isContact: true }, agency: { id: agency.id, status: 'active' }, company: { name: co.customer.name, slug: co.customer.slug } });
    const me = await request(app).get(AgencyPortalApi.me).set('Authorization', `Bearer ${body.token}`).expect(200);
    expect(me.body.user.email).toBe(email);
    expect((await AgencyUser.findOne({ customerId: co.customerId, _id: agency.user._id }).lean())!.lastLoginAt).toBeTruthy();
  });

  it('answers as staff sign-in: captcha, unknown account, wrong password; a pending agency cannot sign in, a paused one can', async () => {
    const { co, agency, email } = await setup();
    const ip = newIp();
    const noCaptcha = await request(app).post(at(AgencyPortalApi.login, co, agency.id)).set('X-Forwarded-For', ip).send({ email, password: AgencyTestPassword, captchaId: 'x', captchaText: 'wrong' });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.message).toBe(LoginMessages.captchaUnresolved);
    // A used captcha does not work twice.
    const used = await captcha(ip);
    expect((await request(app).post(at(AgencyPortalApi.login, co, agency.id)).set('X-Forwarded-For', ip).send({ email, password: 'Wrong-pass-1', ...used })).status).toBe(401);
    expect((await request(app).post(at(AgencyPortalApi.login, co, agency.id)).set('X-Forwarded-For', ip).send({ email, password: AgencyTestPassword, ...used })).status).toBe(400);

    const unknown = await login(co, agency.id, 'ghost@example.test', AgencyTestPassword);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LoginMessages.noAccount);
    const wrong = await login(co, agency.id, email, 'Wrong-pass-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(LoginMessages.invalidCredentials);

    const pending = await setup('pending');
    const refused = await login(pending.co, pending.agency.id, pending.email, AgencyTestPassword);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AgencyPortalMessages.cannotSignIn);
    const paused = await setup('paused');
    expect((await login(paused.co, paused.agency.id, paused.email, AgencyTestPassword)).status).toBe(200);
  });

  it('holds back an address after wrong passwords (growing waits), only for that agency account; the wait passes with time', async () => {
    const { co, agency, email } = await setup();
    const attacker = newIp();
    for (let i = 0; i <= AccountBackoff.loginFailures.free; i++) expect((await login(co, agency.id, email, 'Wrong-pass-1', attacker)).status).toBe(401);
    const held = await login(co, agency.id, email, AgencyTestPassword, attacker);
    expect(held.status).toBe(429);
    expect(held.body.details).toEqual({ retryAfter: 1 });
    advance(1);
    expect((await login(co, agency.id, email, 'Wrong-pass-1', attacker)).status).toBe(401);
    expect((await login(co, agency.id, email, AgencyTestPassword, attacker)).body.details).toEqual({ retryAfter: 2 });

    // The owner elsewhere, and the same address at another agency, are not held back.
    expect((await login(co, agency.id, email, AgencyTestPassword)).status).toBe(200);
    const other = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, name: `Other ${++ipSeq}` });
    await AgencyUser.updateOne({ customerId: co.customerId, _id: other.user._id }, { $set: { email } });
    expect((await login(co, other.id, email, AgencyTestPassword, attacker)).status).toBe(200);

    advance(2);
    expect((await login(co, agency.id, email, AgencyTestPassword, attacker)).status).toBe(200);
  });
});

describe('agency one-time code', () => {
  it('mails a code that signs in once; a wrong code is refused', async () => {
    const { co, agency, email } = await setup();
    const ip = newIp();
    const sent = await request(app).post(at(AgencyPortalApi.sendOtp, co, agency.id)).set('X-Forwarded-For', ip).send({ email }).expect(200);
    expect(sent.body.message).toBe(AuthMessages.otpSent);
    const [mail] = await mailsTo(app, email);
    const code = mail!.text.match(/\b(\d{6})\b/)![1]!;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await request(app).post(at(AgencyPortalApi.otpLogin, co, agency.id)).set('X-Forwarded-For', ip).send({ email, otp: wrongCode });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(LoginMessages.invalidOtp);
    const ok = await request(app).post(at(AgencyPortalApi.otpLogin, co, agency.id)).set('X-Forwarded-For', ip).send({ email, otp: code }).expect(200);
    expect(ZAgencySessionResponse.parse(ok.body).agency.id).toBe(agency.id);
    expect((await request(app).post(at(AgencyPortalApi.otpLogin, co, agency.id)).set('X-Forwarded-For', ip).send({ email, otp: code })).status).toBe(401);

    const unknown = await request(app).post(at(AgencyPortalApi.sendOtp, co, agency.id)).set('X-Forwarded-For', ip).send({ email: 'ghost@example.test' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LoginMessages.noAccount);
  });
});

describe('agency one-time code with a new password', () => {
  it('sets the password sent along with the code and ends the other sessions', async () => {
    const { co, agency, email } = await setup();
    const ip = newIp();
    await request(app).post(at(AgencyPortalApi.sendOtp, co, agency.id)).set('X-Forwarded-For', ip).send({ email }).expect(200);
    const code = (await mailsTo(app, email))[0]!.text.match(/\b(\d{6})\b/)![1]!;
    await request(app).post(at(AgencyPortalApi.otpLogin, co, agency.id)).set('X-Forwarded-For', ip).send({ email, otp: code, password: 'Fresh-pass-123' }).expect(200);
    expect((await request(app).get(AgencyPortalApi.me).set('Authorization', agency.auth)).status).toBe(401);
    expect((await login(co, agency.id, email, 'Fresh-pass-123')).status).toBe(200);
  });
});

describe('agency password reset and invitation keys', () => {
  it('answers the same whether the account exists or not, and mails a link to the agency sign-in page with a key', async () => {
    const { co, agency, email } = await setup();
    const ask = async (address: string) => request(app).post(at(AgencyPortalApi.resetInitiate, co, agency.id)).set('X-Forwarded-For', newIp()).send({ email: address, ...(await captcha(newIp())) });
    const known = await ask(email);
    const ghost = await ask('ghost@example.test');
    expect([known.status, known.body]).toEqual([200, { message: AuthMessages.resetLinkSent }]);
    expect([ghost.status, ghost.body]).toEqual([known.status, known.body]);
    expect(await mailsTo(app, 'ghost@example.test')).toHaveLength(0);
    const [mail] = await mailsTo(app, email);
    expect(mail!.text).toContain(`/agencies-login/${co.customer.slug}/${agency.id}?key=`);
    const key = linkParam(mail!, 'key');
    expect(await AuthToken.countDocuments({ userId: agency.user._id, purpose: 'agency-reset' })).toBe(1);

    const chosen = await request(app).post(AgencyPortalApi.setPassword).send({ key, password: 'New-pass-123', confirmpassword: 'New-pass-123' }).expect(200);
    expect(chosen.body.message).toBe(AuthMessages.passwordChanged);
    // The key is used up, the old session ended, the old password no longer works, the new one does.
    expect((await request(app).post(AgencyPortalApi.setPassword).send({ key, password: 'New-pass-456', confirmpassword: 'New-pass-456' })).status).toBe(400);
    expect((await request(app).get(AgencyPortalApi.me).set('Authorization', agency.auth)).status).toBe(401);
    expect((await login(co, agency.id, email, AgencyTestPassword)).status).toBe(401);
    expect((await login(co, agency.id, email, 'New-pass-123')).status).toBe(200);
  });

  it('lets an invited colleague choose a password from the invitation link, which makes them active, then sign in', async () => {
    const { co, agency } = await setup();
    const email = `invited.${++ipSeq}@talentbridge.test`;
    await request(app).post(AgencyPortalApi.colleagues).set('Authorization', agency.auth).send({ name: 'Ivy Invited', email }).expect(201);
    expect((await login(co, agency.id, email, 'Chosen-pass-1')).status).toBe(401);
    const [mail] = await mailsTo(app, email);
    const key = linkParam(mail!, 'key');
    const mismatch = await request(app).post(AgencyPortalApi.setPassword).send({ key, password: 'Chosen-pass-1', confirmpassword: 'Other-pass-1' });
    expect(mismatch.status).toBe(400);
    await request(app).post(AgencyPortalApi.setPassword).send({ key, password: 'Chosen-pass-1', confirmpassword: 'Chosen-pass-1' }).expect(200);
    expect((await AgencyUser.findOne({ customerId: co.customerId, email }).lean())!.status).toBe('active');
    const res = await login(co, agency.id, email, 'Chosen-pass-1');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Ivy Invited', isContact: false });
  });
});
