import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { DefaultPrivacySettings, PrivacyApi, type TPrivacySettings } from '@hireflow/contracts/privacy';
import { startTestApp, TestCaptchaText } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../../jobs/jobs.test-support';
import { Candidate, type CandidateDoc } from '../../candidates/candidate.model';
import { refer } from '../../referrals/refer/refer.test-support';
import { addAgency } from '../../agencies/agencies.test-support';
import { AgencyPortalApi } from '@hireflow/contracts/agency-portal';
import { addMonths } from './consent.service';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany & { settingsOnly: string; jobId: string };
let globex: JobsCompany & { settingsOnly: string; jobId: string };

async function buildCompany() {
  const co = await buildJobsCompany(ctx.config);
  const settingsOnly = `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: co.customerId, rights: ['companySettings'] }))}`;
  const { jobId } = await openJobThroughApproval(app, co, { title: 'Backend Engineer', jobCodeId: null });
  const publish = await request(app).put('/api/career-site/jobs').set('Authorization', co.admin.auth).send({ published: [jobId], unpublished: [] });
  expect(publish.status).toBe(200);
  return { ...co, settingsOnly, jobId };
}

const settings = (auth: string) => request(app).get(PrivacyApi.settings).set('Authorization', auth);
const saveSettings = (auth: string, body: unknown) => request(app).put(PrivacyApi.settings).set('Authorization', auth).send(body as object);
const byEmail = (customerId: Types.ObjectId, email: string) => Candidate.findOne({ customerId, email }).lean<CandidateDoc>();

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);

async function apply(co: { customer: { slug?: string | null }; jobId: string }, fields: Record<string, string>) {
  const page = await request(app).get(`/careers/${co.customer.slug}/${co.jobId}`);
  const captchaId = /name="captchaId" value="([^"]+)"/.exec(page.text)![1]!;
  let req = request(app).post(`/careers/${co.customer.slug}/${co.jobId}/apply`);
  const all = { firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0000', captchaId, captchaText: TestCaptchaText, ...fields };
  for (const [k, v] of Object.entries(all)) req = req.field(k, v);
  return req.attach('resume', pdf, { filename: 'cv.pdf', contentType: 'application/pdf' });
}

/** Applies and checks the status; answers the page. */
async function applied(co: Parameters<typeof apply>[0], fields: Record<string, string>, status: number) {
  const res = await apply(co, fields);
  expect(res.status, /class="error" role="alert">([^<]*)/.exec(res.text)?.[1]).toBe(status);
  return res;
}

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: 'https://jobs.example.test', RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  acme = await buildCompany();
  globex = await buildCompany();
});
afterAll(() => ctx.stop());

describe('GET/PUT /api/privacy/settings', () => {
  it('answers the defaults first, then what was saved', async () => {
    const first = await settings(acme.settingsOnly).expect(200);
    expect(first.body).toEqual(DefaultPrivacySettings);
    const next: TPrivacySettings = { notice: 'We keep your data for two years.', requireConsent: false, consentMonths: 12, auditMonths: 36 };
    expect((await saveSettings(acme.settingsOnly, next).expect(200)).body).toEqual(next);
    expect((await settings(acme.admin.auth).expect(200)).body).toEqual(next);
    // Consent that never lapses.
    expect((await saveSettings(acme.admin.auth, { ...next, consentMonths: null }).expect(200)).body.consentMonths).toBeNull();
    await saveSettings(acme.admin.auth, DefaultPrivacySettings).expect(200);
  });

  it('refuses bad values with a sentence and writes nothing', async () => {
    const bad = [
      [{ ...DefaultPrivacySettings, consentMonths: 0 }, 'consentMonths: must be at least 1'],
      [{ ...DefaultPrivacySettings, auditMonths: 121 }, 'auditMonths: must be at most 120'],
      [{ ...DefaultPrivacySettings, notice: 'x'.repeat(10_001) }, 'notice: must be at most 10000 characters'],
      [{ ...DefaultPrivacySettings, requireConsent: 'maybe' }, 'requireConsent: must be yes or no'],
      [{ ...DefaultPrivacySettings, consentMonths: 2.5 }, 'consentMonths: must be a whole number'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await saveSettings(acme.admin.auth, body).expect(400);
      expect(res.body.message).toContain(message);
    }
    expect((await settings(acme.admin.auth)).body).toEqual(DefaultPrivacySettings);
  });

  it('is for users with the company settings right only', async () => {
    await request(app).get(PrivacyApi.settings).expect(401);
    await settings(acme.recruiter.auth).expect(403);
    await saveSettings(acme.recruiter.auth, DefaultPrivacySettings).expect(403);
    await request(app).get(PrivacyApi.consentRenewal).set('Authorization', acme.recruiter.auth).expect(403);
    await request(app).post(PrivacyApi.consentRenewal).set('Authorization', acme.recruiter.auth).expect(403);
  });

  it("keeps each company's settings its own", async () => {
    await saveSettings(globex.admin.auth, { ...DefaultPrivacySettings, notice: 'Globex notice', consentMonths: 6 }).expect(200);
    expect((await settings(acme.admin.auth)).body.notice).toBe('');
    expect((await settings(globex.admin.auth)).body).toMatchObject({ notice: 'Globex notice', consentMonths: 6 });
    await saveSettings(globex.admin.auth, DefaultPrivacySettings).expect(200);
  });
});

describe('the legal basis at intake', () => {
  it('the apply form shows the notice; with consent required the box is required and the basis is consent', async () => {
    await saveSettings(acme.admin.auth, { notice: 'We keep <your> data\n\nfor a while.', requireConsent: true, consentMonths: 24, auditMonths: 24 }).expect(200);
    const page = await request(app).get(`/careers/${acme.customer.slug}/${acme.jobId}`).expect(200);
    expect(page.text).toContain('<p>We keep &lt;your&gt; data</p><p>for a while.</p>');
    expect(page.text).toMatch(/name="consent" value="yes" required/);

    const refused = await applied(acme, { email: 'no-consent@example.test' }, 400);
    expect(refused.text).toContain('Please agree that we store your details');
    expect(await byEmail(acme.customerId, 'no-consent@example.test')).toBeNull();

    await applied(acme, { email: 'consent@example.test', consent: 'yes' }, 201);
    const c = (await byEmail(acme.customerId, 'consent@example.test'))!;
    expect(c).toMatchObject({ legalBasis: 'consent', consentSource: 'Career site apply form' });
    expect(c.consentAt).toBeInstanceOf(Date);
    expect(c.consentExpiresAt!.getTime()).toBe(addMonths(c.consentAt!, 24).getTime());
  });

  it('with consent optional: ticked is consent (for the company period, or for good), not ticked is legitimate interest', async () => {
    await saveSettings(globex.admin.auth, { notice: '', requireConsent: false, consentMonths: 6, auditMonths: 24 }).expect(200);
    const page = await request(app).get(`/careers/${globex.customer.slug}/${globex.jobId}`).expect(200);
    expect(page.text).not.toMatch(/name="consent" value="yes"[^>]*required/);
    expect(page.text).not.toContain('id="privacy-notice"');

    await applied(globex, { email: 'ticked@example.test', consent: 'yes' }, 201);
    const ticked = (await byEmail(globex.customerId, 'ticked@example.test'))!;
    expect(ticked.legalBasis).toBe('consent');
    expect(ticked.consentExpiresAt!.getTime()).toBe(addMonths(ticked.consentAt!, 6).getTime());

    await applied(globex, { email: 'unticked@example.test' }, 201);
    expect(await byEmail(globex.customerId, 'unticked@example.test')).toMatchObject({ legalBasis: 'legitimate_interest', consentAt: null, consentExpiresAt: null, consentSource: 'Career site apply form' });

    await saveSettings(globex.admin.auth, { notice: '', requireConsent: false, consentMonths: null, auditMonths: 24 }).expect(200);
    await applied(globex, { email: 'forever@example.test', consent: 'yes' }, 201);
    expect(await byEmail(globex.customerId, 'forever@example.test')).toMatchObject({ legalBasis: 'consent', consentExpiresAt: null });
    await saveSettings(globex.admin.auth, DefaultPrivacySettings).expect(200);
  });

  it('a returning applicant who consents again renews the consent', async () => {
    const email = 'returning@example.test';
    await Candidate.create({ customerId: acme.customerId, firstName: 'Ret', lastName: 'Urning', email, source: 'import', legalBasis: 'legitimate_interest', consentSource: 'Imported from old.xlsx', consentRenewalSentAt: new Date() });
    await applied(acme, { email, consent: 'yes' }, 201);
    const c = (await byEmail(acme.customerId, email))!;
    expect(c).toMatchObject({ legalBasis: 'consent', consentSource: 'Career site apply form', consentRenewalSentAt: null });
    expect(c.consentExpiresAt!.getTime()).toBe(addMonths(c.consentAt!, 24).getTime());
  });

  it('a referral records legitimate interest, referred by the employee', async () => {
    const res = await refer(app, acme.employee.auth, acme.jobId, { email: 'friend@example.test' });
    expect(res.status).toBe(201);
    const name = `${acme.employee.user.firstName} ${acme.employee.user.lastName}`;
    expect(await byEmail(acme.customerId, 'friend@example.test')).toMatchObject({ legalBasis: 'legitimate_interest', consentAt: null, consentSource: `Referred by ${name}` });
  });

  it('an agency submission records legitimate interest, submitted by the agency', async () => {
    const agency = await addAgency(ctx.config, { customerId: acme.customerId, invitedBy: acme.admin.user._id, jobIds: [new Types.ObjectId(acme.jobId)], name: 'TalentBridge' });
    const req = request(app).post(AgencyPortalApi.submissions).set('Authorization', agency.auth);
    for (const [k, v] of Object.entries({ jobId: acme.jobId, firstName: 'Sub', lastName: 'Mitted', email: 'submitted@example.test' })) req.field(k, v);
    expect((await req).status).toBe(201);
    expect(await byEmail(acme.customerId, 'submitted@example.test')).toMatchObject({ legalBasis: 'legitimate_interest', consentAt: null, consentSource: 'Submitted by TalentBridge' });
  });

  it('an import records legitimate interest, imported from the file; a recruiter adding someone too', async () => {
    const up = await request(app)
      .post('/api/candidates/import')
      .set('Authorization', acme.recruiter.auth)
      .set('Content-Type', 'text/csv')
      .set('X-File-Name', encodeURIComponent('fair.csv'))
      .send('First name,Last name,Email\nImo,Ported,imported@example.test\n');
    expect(up.status).toBe(200);
    const run = await request(app).post(`/api/candidates/import/${up.body.uploadId}/run`).set('Authorization', acme.recruiter.auth).send({ mapping: up.body.mapping });
    expect(run.status).toBeLessThan(300);
    await vi.waitFor(async () => expect(await byEmail(acme.customerId, 'imported@example.test')).not.toBeNull(), { timeout: 30_000, interval: 100 });
    expect(await byEmail(acme.customerId, 'imported@example.test')).toMatchObject({ legalBasis: 'legitimate_interest', consentAt: null, consentExpiresAt: null, consentSource: 'Imported from fair.csv' });

    await request(app).post('/api/candidates').set('Authorization', acme.recruiter.auth).send({ firstName: 'Hand', email: 'by-hand@example.test' }).expect(201);
    expect(await byEmail(acme.customerId, 'by-hand@example.test')).toMatchObject({ legalBasis: 'legitimate_interest', consentAt: null, consentSource: 'Added by a recruiter' });
  });

  it('the profile says the legal basis and when consent lapses', async () => {
    const c = (await byEmail(acme.customerId, 'consent@example.test'))!;
    const res = await request(app).get(`/api/candidates/${String(c._id)}`).set('Authorization', acme.admin.auth).expect(200);
    expect(res.body).toMatchObject({ legalBasis: 'consent', consentSource: 'Career site apply form', consentAt: c.consentAt!.toISOString(), consentExpiresAt: c.consentExpiresAt!.toISOString() });
    const imported = (await byEmail(acme.customerId, 'imported@example.test'))!;
    const other = await request(app).get(`/api/candidates/${String(imported._id)}`).set('Authorization', acme.admin.auth).expect(200);
    expect(other.body).toMatchObject({ legalBasis: 'legitimate_interest', consentAt: null, consentExpiresAt: null, consentSource: 'Imported from fair.csv' });
  });
});
