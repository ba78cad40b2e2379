import { eraseCandidate } from '../erasure/erasure.service';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import JSZip from 'jszip';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { ErasureDeadlineDays, PrivacyMessages, PrivacyPages, SelfServiceMessages } from '@hireflow/contracts/privacy';
import { startTestApp } from '../../../test/test-app';
import { applyToJob, mailApplicationReceived } from '../../candidates/applications/apply.service';
import { Candidate } from '../../candidates/candidate.model';
import { deleteFile } from '../../files/files.service';
import { OutboxMail } from '../../mail/outbox.model';
import { Customer } from '../../org/customer.model';
import { buildPipelineCompany, stageFinder } from '../../pipeline/pipeline.test-support';
import { AuditEntry } from '../audit/audit-entry.model';
import { ErasureRequest } from '../erasure/erasure-request.model';
import { createPrivacyLink } from '../privacy-link';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
const PublicUrl = 'https://jobs.example.test';
const DayMs = 86_400_000;

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: PublicUrl });
  app = ctx.app;
});
afterAll(() => ctx.stop());
afterEach(() => {
  delete app.locals.clock;
});

const pdfOf = (marker: string) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(marker), Buffer.alloc(500, 32), Buffer.from('\n%%EOF')]);
const tokenIn = (text: string) => new RegExp(`${PublicUrl}/privacy/([A-Za-z0-9_-]{40,60})`).exec(text)![1]!;
const binary = (req: request.Test) =>
  req.buffer(true).parse(binaryBody);

type Company = Awaited<ReturnType<typeof buildPipelineCompany>>;

/**
 * A career-site applicant with a résumé, the application-received mail (which carries their privacy link) and one
 * stage move; answers the token of that mail's link.
 */
async function applicant(company: Company, { firstName, email, resume }: { firstName: string; email: string; resume: Buffer }) {
  const { co, job } = company;
  const applied = await applyToJob({
    customerId: co.customerId,
    job,
    input: { firstName, lastName: 'Tester', email, phone: '', answers: [] },
    resume: { buffer: resume, originalname: 'cv.pdf', mimetype: 'application/pdf', size: resume.length },
    source: 'career_site',
  });
  await mailApplicationReceived(
    { config: ctx.config, logger: ctx.logger },
    { to: email, firstName, jobTitle: job.title, companyName: co.customer.name, customerId: co.customerId, jobId: job._id, applicationId: applied.applicationId, candidateId: applied.candidateId },
  );
  const moved = await request(app).post(`/api/applications/${applied.applicationId}/move`).set('Authorization', co.recruiter.auth).send({ stageId: stageFinder(job)('interview') });
  expect(moved.status).toBe(200);
  const mail = (await OutboxMail.findOne({ to: email, kind: 'application-received', subject: `We received your application: ${job.title}` }).sort({ _id: -1 }).lean())!;
  return { candidateId: applied.candidateId as Types.ObjectId, applicationId: String(applied.applicationId), token: tokenIn(mail.text), mail };
}

let acme: Company;
let globex: Company;
let ann: Awaited<ReturnType<typeof applicant>>;
let annAtGlobex: Awaited<ReturnType<typeof applicant>>;
let bob: Awaited<ReturnType<typeof applicant>>;
const annPdf = pdfOf('ANN-RESUME');

beforeAll(async () => {
  acme = await buildPipelineCompany(app, ctx.config, { applicants: 0, title: 'Rocket Engineer' });
  globex = await buildPipelineCompany(app, ctx.config, { applicants: 0, title: 'Globex Analyst' });
  await Customer.updateOne({ _id: acme.co.customerId }, { $set: { 'privacy.notice': 'We keep your <details> for 2 years.\nAsk privacy@acme.test for anything.' } });
  ann = await applicant(acme, { firstName: 'Annika', email: 'ann@example.test', resume: annPdf });
  bob = await applicant(acme, { firstName: 'Bobbie', email: 'bob@example.test', resume: pdfOf('BOB-RESUME') });
  // The same person (same email) at another company: a different candidate, a different company's data.
  annAtGlobex = await applicant(globex, { firstName: 'Annabel', email: 'ann@example.test', resume: pdfOf('GLOBEX-RESUME') });
});

async function downloadZip(token: string) {
  const res = await binary(request(app).get(PrivacyPages.download(token)));
  expect(res.status).toBe(200);
  const zip = await JSZip.loadAsync(res.body as Buffer);
  const data = JSON.parse(await zip.file('data.json')!.async('string')) as { company: string; parts: Record<string, Record<string, unknown>[]> };
  return { res, zip, data, raw: await zip.file('data.json')!.async('string'), readme: await zip.file('README.txt')!.async('string') };
}

describe('GET /privacy/:token', () => {
  it('shows the person the link was mailed to what the company holds, its notice, the download and the erasure form', async () => {
    await Candidate.updateOne({ customerId: acme.co.customerId, _id: ann.candidateId }, { $set: { legalBasis: 'consent', consentAt: new Date('2026-03-03T10:00:00Z'), consentExpiresAt: new Date('2028-03-03T10:00:00Z') } });
    const res = await request(app).get(PrivacyPages.page(ann.token));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.text).toContain(`<h1>Your data at ${acme.co.customer.name}</h1>`);
    expect(res.text).toContain('This page is for Annika.');
    expect(res.text).toContain('1 application, 1 file and 1 mail sent to you');
    expect(res.text).toContain('<li>Rocket Engineer');
    expect(res.text).toContain('<dt>Legal basis</dt><dd>Consent</dd>');
    expect(res.text).toContain('<dt>Since</dt><dd>3 March 2026</dd>');
    expect(res.text).toContain('<dt>Until</dt><dd>3 March 2028</dd>');
    // The notice as text: escaped, its line breaks kept.
    expect(res.text).toContain('<p>We keep your &lt;details&gt; for 2 years.<br>Ask privacy@acme.test for anything.</p>');
    expect(res.text).toContain(`href="${PrivacyPages.download(ann.token)}"`);
    expect(res.text).toContain(`<form method="post" action="${PrivacyPages.erase(ann.token)}">`);
    expect(res.text).toMatch(/<label class="check" for="confirm"><input type="checkbox" id="confirm" name="confirm" value="yes" required> I want .* to erase my data<\/label>/);
    expect(res.text).not.toContain('<script');
  });

  it('a link opens exactly one person: never another candidate of the company, nor the same email at another company', async () => {
    const page = (await request(app).get(PrivacyPages.page(ann.token))).text;
    for (const other of ['Bobbie', 'bob@example.test', 'Annabel', 'Globex Analyst', globex.co.customer.name]) expect(page).not.toContain(other);

    const atGlobex = await request(app).get(PrivacyPages.page(annAtGlobex.token));
    expect(atGlobex.text).toContain('This page is for Annabel.');
    expect(atGlobex.text).toContain('Globex Analyst');
    for (const other of ['Annika', 'Rocket Engineer', acme.co.customer.name]) expect(atGlobex.text).not.toContain(other);

    const { raw, zip } = await downloadZip(ann.token);
    for (const other of ['Bobbie', 'bob@example.test', 'Annabel', 'Globex Analyst', String(bob.candidateId), String(annAtGlobex.candidateId), String(globex.co.customerId)]) expect(raw).not.toContain(other);
    const files = await Promise.all(Object.values(zip.files).filter((f) => f.name.startsWith('files/') && !f.dir).map((f) => f.async('nodebuffer')));
    expect(files.map((b) => b.toString('latin1')).join('')).not.toMatch(/BOB-RESUME|GLOBEX-RESUME/);
  });

  it('answers 404 with the same words for a malformed or unknown token, on the page and the download', async () => {
    const unknown = 'A'.repeat(43);
    for (const path of [PrivacyPages.page('nope'), PrivacyPages.page(unknown), PrivacyPages.download(unknown), PrivacyPages.page(`${ann.token.slice(0, -1)}${ann.token.endsWith('A') ? 'B' : 'A'}`)]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain(PrivacyMessages.linkUnknown);
      expect(res.text).not.toContain('Annika');
    }
    const post = await request(app).post(PrivacyPages.erase(unknown)).type('form').send({ confirm: 'yes' });
    expect(post.status).toBe(404);
  });

  it('works until its 30 days are over: open on day 29, 410 with a way to a fresh link on day 31', async () => {
    const sentAt = Date.now();
    const { token } = await createPrivacyLink({ customerId: acme.co.customerId, candidateId: ann.candidateId, publicUrl: PublicUrl, now: new Date(sentAt) });
    app.locals.clock = { now: () => sentAt + 29 * DayMs };
    expect((await request(app).get(PrivacyPages.page(token))).status).toBe(200);
    expect((await binary(request(app).get(PrivacyPages.download(token)))).status).toBe(200);

    app.locals.clock = { now: () => sentAt + 31 * DayMs };
    for (const res of [await request(app).get(PrivacyPages.page(token)), await request(app).get(PrivacyPages.download(token)), await request(app).post(PrivacyPages.erase(token)).type('form').send({ confirm: 'yes' })]) {
      expect(res.status).toBe(410);
      expect(res.text).toContain(PrivacyMessages.linkExpired);
      expect(res.text).toContain(`href="${PrivacyPages.requestLink(acme.co.customer.slug!)}"`);
      expect(res.text).not.toContain('Annika');
    }
    expect(await ErasureRequest.countDocuments({ customerId: acme.co.customerId, candidateId: ann.candidateId })).toBe(0);
  });
});

describe('GET /privacy/:token/download', () => {
  it('streams a ZIP with data.json (applications, stage history, mail subjects), the résumé bytes and a README; audited', async () => {
    const { res, zip, data, raw, readme } = await downloadZip(ann.token);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');

    expect(data.company).toBe(acme.co.customer.name);
    expect(data.parts.profile![0]).toMatchObject({ id: String(ann.candidateId), firstName: 'Annika', email: 'ann@example.test' });
    expect(data.parts.applications!.map((a) => [a.id, a.job])).toEqual([[ann.applicationId, acme.job.title]]);
    // Applied into the first stage, then moved to the interview stage.
    const moves = data.parts.stageHistory!.filter((e) => e.applicationId === ann.applicationId);
    expect(moves.length).toBe(2);
    const interviewStage = acme.job.stages.find((st) => String(st._id) === String(stageFinder(acme.job)('interview')))!;
    expect(moves.map((e) => e.to)).toContain(interviewStage.name);
    expect(typeof moves[0]!.at).toBe('string');
    expect(raw).toContain(ann.mail.subject);
    // No internal secrets or lookup keys.
    expect(raw).not.toMatch(/tokenHash|phoneKey|nameKey|passwordHash/);

    expect(Object.keys(zip.files).filter((n) => n.startsWith('files/') && !zip.files[n]!.dir)).toEqual(['files/resumes/cv.pdf']);
    expect(Buffer.compare(await zip.file('files/resumes/cv.pdf')!.async('nodebuffer'), annPdf)).toBe(0);
    expect(readme).toContain('files/resumes/cv.pdf');
    expect(readme).toMatch(/- applications \(1\): /);
    expect(readme).toMatch(/- stageHistory \(2\): /);

    const audit = await AuditEntry.find({ customerId: acme.co.customerId, candidateId: ann.candidateId, action: 'data_downloaded' }).lean();
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]).toMatchObject({ actorId: null, actorName: 'The candidate', personName: 'Annika Tester' });
  });

  it('lists a file that cannot be read as unavailable instead of failing', async () => {
    const [{ token }, candidate] = await Promise.all([
      createPrivacyLink({ customerId: acme.co.customerId, candidateId: bob.candidateId, publicUrl: PublicUrl }),
      Candidate.findOne({ customerId: acme.co.customerId, _id: bob.candidateId }).lean(),
    ]);
    await deleteFile(candidate!.resumeFileId!);
    const { zip, readme } = await downloadZip(token);
    expect(Object.keys(zip.files).filter((n) => n.startsWith('files/') && !zip.files[n]!.dir)).toEqual([]);
    expect(readme).toContain('- resumes/cv.pdf (unavailable)');
  });
});

describe('POST /privacy/:token/erase', () => {
  it('records one waiting request due in 30 days; asking again says it already waits and records none', async () => {
    const now = Date.UTC(2026, 10, 2, 9, 0, 0);
    const { token } = await createPrivacyLink({ customerId: acme.co.customerId, candidateId: bob.candidateId, publicUrl: PublicUrl, now: new Date(now) });
    app.locals.clock = { now: () => now + DayMs };

    const unconfirmed = await request(app).post(PrivacyPages.erase(token)).type('form').send({});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain(SelfServiceMessages.confirmErasure);
    expect(await ErasureRequest.countDocuments({ customerId: acme.co.customerId, candidateId: bob.candidateId })).toBe(0);

    const asked = await request(app).post(PrivacyPages.erase(token)).type('form').send({ confirm: 'yes' });
    expect(asked.status).toBe(201);
    expect(asked.text).toContain(PrivacyMessages.erasureRequested);
    expect(asked.text).toContain('You asked for erasure on 3 November 2026');
    expect(asked.text).toContain('answers by 3 December 2026');
    expect(asked.text).not.toContain('name="confirm"');
    const requests = await ErasureRequest.find({ customerId: acme.co.customerId, candidateId: bob.candidateId }).lean();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ state: 'pending', origin: 'candidate', decidedBy: null });
    expect(requests[0]!.requestedAt.getTime()).toBe(now + DayMs);
    expect(requests[0]!.dueAt.getTime() - requests[0]!.requestedAt.getTime()).toBe(ErasureDeadlineDays * DayMs);
    expect(await AuditEntry.countDocuments({ customerId: acme.co.customerId, candidateId: bob.candidateId, action: 'erasure_requested', actorId: null })).toBe(1);

    const again = await request(app).post(PrivacyPages.erase(token)).type('form').send({ confirm: 'yes' });
    expect(again.status).toBe(200);
    expect(again.text).toContain(PrivacyMessages.erasureAlreadyRequested);
    expect(await ErasureRequest.countDocuments({ customerId: acme.co.customerId, candidateId: bob.candidateId })).toBe(1);

    const page = await request(app).get(PrivacyPages.page(token));
    expect(page.text).toContain('You asked for erasure on 3 November 2026');
  });

  it('after a refused request the page says why and offers the form again', async () => {
    const refused = await applicant(acme, { firstName: 'Rita', email: 'rita@example.test', resume: pdfOf('RITA') });
    const at = new Date(Date.UTC(2026, 4, 10, 12));
    await ErasureRequest.create({ customerId: acme.co.customerId, candidateId: refused.candidateId, candidateName: 'Rita Tester', origin: 'candidate', state: 'refused', requestedAt: at, dueAt: at, decidedAt: at, reason: 'An open legal hold' });
    const page = await request(app).get(PrivacyPages.page(refused.token));
    expect(page.text).toContain('Your last request was refused on 10 May 2026: An open legal hold');
    expect(page.text).toContain('name="confirm"');
    expect((await request(app).post(PrivacyPages.erase(refused.token)).type('form').send({ confirm: 'yes' })).status).toBe(201);
    expect(await ErasureRequest.countDocuments({ customerId: acme.co.customerId, candidateId: refused.candidateId, state: 'pending' })).toBe(1);
  });

  it('an erased candidate sees that their data was erased, and nothing of it', async () => {
    const erased = await applicant(acme, { firstName: 'Erwin', email: 'erwin@example.test', resume: pdfOf('ERWIN') });
    // Erased for real: the link from the old mail still opens, to say so.
    expect(await eraseCandidate({ customerId: acme.co.customerId, candidateId: erased.candidateId, origin: 'admin', at: new Date(), by: null })).toEqual({ erased: true });
    for (const path of [PrivacyPages.page(erased.token), PrivacyPages.download(erased.token)]) {
      const res = await request(app).get(path);
      expect(res.status).toBe(410);
      expect(res.text).toContain('Your data was erased');
      expect(res.text).toContain(SelfServiceMessages.dataErased(acme.co.customer.name));
      expect(res.text).not.toContain('Erwin');
    }
  });
});
