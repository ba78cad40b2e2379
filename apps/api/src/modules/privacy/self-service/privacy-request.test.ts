import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { PrivacyLinkRules, PrivacyMessages, PrivacyPages, SelfServiceMessages } from '@hireflow/contracts/privacy';
import { startTestApp, TestCaptchaText } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { MailJob } from '../../../lib/mailer';
import { RateCounter } from '../../../lib/rate-limit';
import { Candidate } from '../../candidates/candidate.model';
import { OutboxMail } from '../../mail/outbox.model';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../../jobs/jobs.test-support';
import { PrivacyLinkRequestJob, selfServiceJobs } from './self-service.jobs';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let jobId: string;
const PublicUrl = 'https://jobs.example.test';
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: PublicUrl });
  app = ctx.app;
  // Only the test's worker runs queued jobs here, when the test drains them.
  await ctx.worker.stop({ graceMs: 0 });
  acme = await buildJobsCompany(ctx.config);
  jobId = (await openJobThroughApproval(app, acme, { title: 'Rocket Engineer', jobCodeId: null })).jobId;
  const published = await request(app).put('/api/career-site/jobs').set('Authorization', acme.admin.auth).send({ published: [jobId], unpublished: [] });
  expect(published.status).toBe(200);
});
afterAll(() => ctx.stop());

const slug = () => acme.customer.slug!;
const runQueuedJobs = () => new JobWorker({ definitions: [MailJob, ...selfServiceJobs], config: ctx.config, logger: ctx.logger }).drain();
const tokensIn = (text: string) => [...text.matchAll(new RegExp(`${PublicUrl}/privacy/([A-Za-z0-9_-]{40,60})`, 'g'))].map((m) => m[1]!);
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const askLink = (email: string, ip = freshIp(), to = slug()) => request(app).post(PrivacyPages.requestLink(to)).set('X-Forwarded-For', ip).type('form').send({ email });

/** A career-site application through the public form, as a candidate sends it. */
async function applyOnSite(fields: { firstName: string; email: string }) {
  const page = await request(app).get(`/careers/${slug()}/${jobId}`);
  const captchaId = /name="captchaId" value="([^"]+)"/.exec(page.text)![1]!;
  let req = request(app).post(`/careers/${slug()}/${jobId}/apply`).set('X-Forwarded-For', freshIp());
  for (const [k, v] of Object.entries({ lastName: 'Tester', phone: '+44 20 7946 0000', consent: 'yes', captchaId, captchaText: TestCaptchaText, ...fields })) req = req.field(k, v);
  const res = await req.attach('resume', pdf, { filename: 'cv.pdf', contentType: 'application/pdf' });
  expect(res.status).toBe(201);
  return (await Candidate.findOne({ customerId: acme.customerId, email: fields.email }).lean())!;
}

describe('every candidate mail carries a privacy link', () => {
  it('the application-received mail after a career-site application links to that candidate’s own page', async () => {
    await applyOnSite({ firstName: 'Grace', email: 'grace@example.test' });
    await applyOnSite({ firstName: 'Linus', email: 'linus@example.test' });
    const mail = (await OutboxMail.findOne({ to: 'grace@example.test', kind: 'application-received' }).lean())!;
    const [token] = tokensIn(mail.text);
    expect(mail.html).toContain(`${PublicUrl}/privacy/${token}`);
    const page = await request(app).get(PrivacyPages.page(token!));
    expect(page.status).toBe(200);
    expect(page.text).toContain('This page is for Grace.');
    expect(page.text).toContain('Rocket Engineer');
    expect(page.text).not.toContain('Linus');
  });
});

describe('GET /careers/:slug/privacy', () => {
  it('shows a labelled email form; the career site’s footer links to it', async () => {
    const res = await request(app).get(PrivacyPages.requestLink(slug()));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<h1>Get a link to your data</h1>');
    expect(res.text).toContain('<label for="email">Your email address</label>');
    expect(res.text).toContain(`<form method="post" action="${PrivacyPages.requestLink(slug())}">`);
    const site = await request(app).get(`/careers/${slug()}`);
    expect(site.text).toContain(`<a href="/careers/${slug()}/privacy">Your privacy: get a link to your data</a>`);
  });

  it('answers 404 for an unknown career site', async () => {
    expect((await request(app).get(PrivacyPages.requestLink('no-such-company'))).status).toBe(404);
    expect((await askLink('grace@example.test', freshIp(), 'no-such-company')).status).toBe(404);
  });
});

describe('POST /careers/:slug/privacy', () => {
  it('answers a known and an unknown email alike; only the known one gets a mail, whose fresh link opens their page', async () => {
    const known = await askLink('Grace@Example.test');
    const unknown = await askLink('nobody@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(known.text).toContain(PrivacyMessages.linkRequested);
    // Nothing is sent in the request itself: the lookup and the mail happen in the queue.
    expect(await OutboxMail.countDocuments({ kind: 'privacy-link' })).toBe(0);

    await runQueuedJobs();
    expect(await OutboxMail.countDocuments({ to: 'nobody@example.test' })).toBe(0);
    const mails = await OutboxMail.find({ kind: 'privacy-link' }).lean();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'grace@example.test', subject: `Your data at ${acme.customer.name}` });
    // The fresh link in the body, and the one every candidate mail carries in its footer: both open Grace's page.
    const tokens = tokensIn(mails[0]!.text);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      const page = await request(app).get(PrivacyPages.page(token));
      expect(page.status).toBe(200);
      expect(page.text).toContain('This page is for Grace.');
    }
    // The finished jobs keep no address, so the queue does not tell who is known either.
    const jobs = await QueueJob.find({ name: PrivacyLinkRequestJob.name }).lean();
    expect(jobs).toHaveLength(2);
    expect(JSON.stringify(jobs)).not.toMatch(/grace@|nobody@/i);
  });

  it('sends nothing for an erased candidate, with the same answer', async () => {
    const erased = await applyOnSite({ firstName: 'Erin', email: 'erin@example.test' });
    await Candidate.updateOne({ customerId: acme.customerId, _id: erased._id }, { $set: { erasedAt: new Date() } });
    const res = await askLink('erin@example.test');
    expect(res.status).toBe(200);
    expect(res.text).toContain(PrivacyMessages.linkRequested);
    await runQueuedJobs();
    expect(await OutboxMail.countDocuments({ to: 'erin@example.test', kind: 'privacy-link' })).toBe(0);
  });

  it('answers 400 with the form and a clear message for an invalid email, and queues nothing', async () => {
    const before = await QueueJob.countDocuments({ name: PrivacyLinkRequestJob.name });
    for (const email of ['not-an-email', '']) {
      const res = await askLink(email);
      expect(res.status).toBe(400);
      expect(res.text).toContain(SelfServiceMessages.invalidEmail);
      expect(res.text).toContain('<label for="email">Your email address</label>');
      expect(res.text).toContain('aria-invalid="true"');
    }
    expect(await QueueJob.countDocuments({ name: PrivacyLinkRequestJob.name })).toBe(before);
  });

  it(`limits requests per email (${PrivacyLinkRules.requestsPerEmail}) whatever the address, and per IP (${PrivacyLinkRules.requestsPerIp})`, async () => {
    for (let i = 0; i < PrivacyLinkRules.requestsPerEmail; i++) expect((await askLink(i % 2 ? 'LINUS@example.test' : 'linus@example.test')).status).toBe(200);
    const limited = await askLink('linus@example.test');
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('Too many requests for a link.');
    // An unknown address is limited the same way.
    for (let i = 0; i < PrivacyLinkRules.requestsPerEmail; i++) expect((await askLink('ghost@example.test')).status).toBe(200);
    expect((await askLink('ghost@example.test')).status).toBe(429);
    // The counters hold no address.
    const counters = await RateCounter.find({ _id: /^email-privacy-link:/ }).lean();
    expect(counters.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(counters)).not.toMatch(/linus|ghost/i);

    const ip = freshIp();
    for (let i = 0; i < PrivacyLinkRules.requestsPerIp; i++) expect((await askLink(`person${i}@example.test`, ip)).status).toBe(200);
    const byIp = await askLink('someone-else@example.test', ip);
    expect(byIp.status).toBe(429);
    expect(byIp.text).toContain('Too many requests for a link.');
  });
});
