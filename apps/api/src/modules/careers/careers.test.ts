import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mongoose from 'mongoose';
import type { Express } from 'express';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { OutboxMail } from '../mail/outbox.model';
import { Job } from '../jobs/job.model';
import { Candidate } from '../candidates/candidate.model';
import { Application } from '../candidates/applications/application.model';
import { StageEvent } from '../candidates/applications/stage-event.model';
import { CandidateActivity } from '../candidates/candidate-activity.model';
import { Customer } from '../org/customer.model';
import { buildUser, tokenFor } from '../../test/factories';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../jobs/jobs.test-support';
import { buildZip } from '../../test/zip-bomb';
import { ResumeUpload } from '@hireflow/contracts/candidates';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let jobId: string;
let secondJobId: string;
let hiddenJobId: string;
let globexJobId: string;

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(100)]);
const uploadsCount = () => mongoose.connection.db!.collection('uploads.files').countDocuments();

async function captchaIdFor(slug: string, id: string) {
  const page = await request(app).get(`/careers/${slug}/${id}`);
  return /name="captchaId" value="([^"]+)"/.exec(page.text)![1];
}

async function apply(id: string, fields: Record<string, string>, file: { buffer: Buffer; name: string; type: string } | null = { buffer: pdf, name: 'cv.pdf', type: 'application/pdf' }, slug = acme.customer.slug!) {
  const captchaId = await captchaIdFor(slug, id);
  let req = request(app).post(`/careers/${slug}/${id}/apply`);
  const all = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0000', consent: 'yes', captchaId, captchaText: TestCaptchaText, ...fields };
  for (const [k, v] of Object.entries(all)) req = req.field(k, v);
  if (file) req = req.attach('resume', file.buffer, { filename: file.name, contentType: file.type });
  return req;
}

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: 'https://jobs.example.test' });
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  globex = await buildJobsCompany(ctx.config);
  jobId = (await openJobThroughApproval(app, acme, { title: 'Backend <Engineer>', jobCodeId: null })).jobId;
  secondJobId = (await openJobThroughApproval(app, acme, { title: 'Data Analyst', jobCodeId: null })).jobId;
  hiddenJobId = (await openJobThroughApproval(app, acme, { title: 'Secret Project Lead', jobCodeId: null })).jobId;
  globexJobId = (await openJobThroughApproval(app, globex, { title: 'Globex Role', jobCodeId: null })).jobId;
  await request(app).patch(`/api/jobs/${jobId}`).set('Authorization', acme.admin.auth).send({ description: '<p>Build <strong>APIs</strong></p>' });
  const publish = await request(app).put('/api/career-site/jobs').set('Authorization', acme.admin.auth).send({ published: [jobId, secondJobId, globexJobId], unpublished: [] });
  expect(publish.status).toBe(200);
  await request(app).put('/api/career-site/jobs').set('Authorization', globex.admin.auth).send({ published: [globexJobId], unpublished: [] });
});
afterAll(() => ctx.stop());

describe('company-settings/career-site API', () => {
  it('needs the careerSiteSettings right', async () => {
    expect((await request(app).get('/api/career-site').set('Authorization', acme.recruiter.auth)).status).toBe(403);
    expect((await request(app).get('/api/career-site')).status).toBe(401);
  });

  it('saves the intro (not the apply form) and lists the jobs with their listing state', async () => {
    const saved = await request(app)
      .put('/api/career-site')
      .set('Authorization', acme.admin.auth)
      .send({ intro: 'We build rockets.\n\nJoin us.', applyForm: { phone: 'hidden', resume: 'hidden', questions: [] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ slug: acme.customer.slug, publicUrl: `https://jobs.example.test/careers/${acme.customer.slug}`, intro: 'We build rockets.\n\nJoin us.' });
    expect(saved.body.applyForm).toEqual({ phone: 'optional', resume: 'required', questions: [] });
    const jobs = await request(app).get('/api/career-site/jobs').set('Authorization', acme.admin.auth);
    expect(jobs.body).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    const byId = Object.fromEntries(jobs.body.items.map((j: { id: string; published: boolean }) => [j.id, j.published]));
    expect(byId).toMatchObject({ [jobId]: true, [secondJobId]: true, [hiddenJobId]: false });
    expect(byId[globexJobId]).toBeUndefined();
  });

  it('cannot publish or unpublish another company job', async () => {
    await request(app).put('/api/career-site/jobs').set('Authorization', acme.admin.auth).send({ published: [], unpublished: [globexJobId] });
    expect((await Job.findOne({ customerId: globex.customerId, _id: globexJobId }).lean())?.published).toBe(true);
  });
});

describe('company-settings/page-customization: the apply form', () => {
  const form = { phone: 'optional', resume: 'required', questions: [{ id: 'why', label: 'Why us?', required: true }] };

  it('needs the applyPageCustomization right: the career-site right alone is not enough', async () => {
    const siteOnly = await buildUser({ customerId: acme.customerId, role: 'recruiter', rights: ['careerSiteSettings'] });
    const siteAuth = `Bearer ${await tokenFor(ctx.config, siteOnly)}`;
    expect((await request(app).put('/api/page-customization/apply-form').send({ applyForm: form })).status).toBe(401);
    expect((await request(app).put('/api/page-customization/apply-form').set('Authorization', acme.recruiter.auth).send({ applyForm: form })).status).toBe(403);
    const refused = await request(app).put('/api/page-customization/apply-form').set('Authorization', siteAuth).send({ applyForm: form });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You need the "applyPageCustomization" access right');
    expect((await request(app).get('/api/page-customization/apply-form').set('Authorization', siteAuth)).status).toBe(403);
    expect((await request(app).get('/api/career-site').set('Authorization', siteAuth)).status).toBe(200);
  });

  it('saves the apply form for a user with the right, and validates it', async () => {
    const customizer = await buildUser({ customerId: acme.customerId, role: 'recruiter', rights: ['applyPageCustomization'] });
    const auth = `Bearer ${await tokenFor(ctx.config, customizer)}`;
    expect((await request(app).get('/api/career-site').set('Authorization', auth)).status).toBe(403);
    const bad = await request(app).put('/api/page-customization/apply-form').set('Authorization', auth).send({ applyForm: { questions: [{ id: 'Bad Id', label: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('applyForm.questions.0.id: must be 1-30 lowercase letters, digits or dashes');
    const saved = await request(app).put('/api/page-customization/apply-form').set('Authorization', auth).send({ applyForm: form });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ applyForm: form });
    expect((await request(app).get('/api/page-customization/apply-form').set('Authorization', acme.admin.auth)).body).toEqual({ applyForm: form });
    expect((await request(app).get('/api/career-site').set('Authorization', acme.admin.auth)).body.intro).toBe('We build rockets.\n\nJoin us.');
  });

  it("keeps companies apart, and a first save keeps the company's onboarding intro", async () => {
    expect((await request(app).get('/api/page-customization/apply-form').set('Authorization', globex.admin.auth)).body).toEqual({ applyForm: { phone: 'optional', resume: 'required', questions: [] } });
    expect((await request(app).get(`/careers/${globex.customer.slug}/${globexJobId}`)).text).not.toContain('Why us?');
    await Customer.updateOne({ _id: globex.customerId }, { $set: { careerIntro: 'Globex makes everything.' } });
    const saved = await request(app).put('/api/page-customization/apply-form').set('Authorization', globex.admin.auth).send({ applyForm: { phone: 'hidden', resume: 'optional', questions: [] } });
    expect(saved.status).toBe(200);
    expect((await request(app).get('/api/career-site').set('Authorization', globex.admin.auth)).body).toMatchObject({ intro: 'Globex makes everything.', applyForm: { phone: 'hidden', resume: 'optional' } });
    expect((await request(app).get('/api/page-customization/apply-form').set('Authorization', acme.admin.auth)).body.applyForm.questions).toHaveLength(1);
  });
});

describe('GET /careers/:slug', () => {
  it('lists open published jobs as plain HTML without JavaScript', async () => {
    const res = await request(app).get(`/careers/${acme.customer.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.text).toContain('<h1>Jobs at ');
    expect(res.text).toContain('Backend &lt;Engineer&gt;');
    expect(res.text).toContain('Data Analyst');
    expect(res.text).toContain('<p>We build rockets.</p><p>Join us.</p>');
    expect(res.text).not.toContain('Secret Project Lead');
    expect(res.text).not.toContain('Globex Role');
    expect(res.text).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  });

  it('answers 404 for an unknown company', async () => {
    const res = await request(app).get('/careers/no-such-company');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Career site not found');
  });
});

describe('GET /careers/:slug/:jobId', () => {
  it('renders the job with schema.org JobPosting JSON-LD and an apply form', async () => {
    const res = await request(app).get(`/careers/${acme.customer.slug}/${jobId}`);
    expect(res.status).toBe(200);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text)![1]);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Backend <Engineer>',
      description: '<p>Build <strong>APIs</strong></p>',
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: acme.customer.name },
      jobLocation: { address: { addressLocality: 'Berlin' } },
      baseSalary: { currency: 'EUR', value: { minValue: 60000, maxValue: 80000 } },
      url: `https://jobs.example.test/careers/${acme.customer.slug}/${jobId}`,
    });
    expect(res.text).toContain('enctype="multipart/form-data"');
    expect(res.text).toContain('<label for="q-why">Why us? *</label>');
    expect(res.text).toContain('<svg');
    expect(Buffer.byteLength(res.text)).toBeLessThan(50 * 1024);
  });

  it('404s for unpublished jobs and for another company job under this slug', async () => {
    expect((await request(app).get(`/careers/${acme.customer.slug}/${hiddenJobId}`)).status).toBe(404);
    expect((await request(app).get(`/careers/${acme.customer.slug}/${globexJobId}`)).status).toBe(404);
    expect((await request(app).get(`/careers/${acme.customer.slug}/not-an-id`)).status).toBe(404);
  });
});

describe('GET /careers/:slug/feed.xml', () => {
  it('is an RSS feed of the open published jobs', async () => {
    const res = await request(app).get(`/careers/${acme.customer.slug}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(res.text).toContain(`<link>https://jobs.example.test/careers/${acme.customer.slug}/${jobId}</link>`);
    expect(res.text).toContain('<title>Backend &lt;Engineer&gt;</title>');
    expect(res.text).not.toContain('Secret Project Lead');
  });
});

describe('paging and search of long job lists', () => {
  let initech: JobsCompany;
  const titleOf = (i: number) => `Role ${String(i).padStart(3, '0')}`;

  beforeAll(async () => {
    initech = await buildJobsCompany(ctx.config);
    const openedAt = new Date('2026-10-01T00:00:00Z');
    await Job.insertMany([
      ...Array.from({ length: 60 }, (_, i) => ({ customerId: initech.customerId, title: titleOf(i + 1), titleLower: titleOf(i + 1).toLowerCase(), headcount: 1, status: 'open', published: true, openedAt: new Date(openedAt.getTime() + i * 60_000) })),
      { customerId: initech.customerId, title: 'Role (closed)', titleLower: 'role (closed)', headcount: 1, status: 'closed', published: true, openedAt },
      { customerId: initech.customerId, title: 'Role draft', titleLower: 'role draft', headcount: 1, status: 'draft', published: false },
    ]);
  });

  it('GET /api/career-site/jobs pages by title and searches in the database', async () => {
    const get = (query: string) => request(app).get(`/api/career-site/jobs${query}`).set('Authorization', initech.admin.auth);
    const first = await get('');
    expect(first.body).toMatchObject({ total: 61, page: 1, pageSize: 50 });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].title).toBe('Role 001');
    const second = await get('?page=2');
    expect(second.body.items.map((j: { title: string }) => j.title)).toEqual([...Array.from({ length: 10 }, (_, i) => titleOf(51 + i)), 'Role draft']);
    const found = await get('?q=ROLE%2005');
    expect(found.body.total).toBe(10);
    expect(found.body.items.map((j: { title: string }) => j.title)).toEqual(Array.from({ length: 10 }, (_, i) => titleOf(50 + i)));
    expect((await get('?q=role%20(')).body.total).toBe(0);
    expect((await get('?q=draft')).body.items).toEqual([expect.objectContaining({ title: 'Role draft', status: 'draft', published: false })]);
    const bad = await get('?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page: must be at least 1');
    const acmeView = await request(app).get('/api/career-site/jobs?q=role').set('Authorization', acme.admin.auth);
    expect(acmeView.body.total).toBe(0);
  });

  it('the public list pages with plain links, newest first', async () => {
    const slug = initech.customer.slug!;
    const first = await request(app).get(`/careers/${slug}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Open positions (60)');
    expect(first.text.match(/<li>/g)).toHaveLength(50);
    expect(first.text).toContain('Role 060');
    expect(first.text).not.toContain('Role 010<');
    expect(first.text).toContain(`<a href="/careers/${slug}?page=2" rel="next">`);
    expect(first.text).toContain('Page 1 of 2');
    expect(first.text).not.toContain('rel="prev"');
    expect(first.text).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    const second = await request(app).get(`/careers/${slug}?page=2`);
    expect(second.status).toBe(200);
    expect(second.text.match(/<li>/g)).toHaveLength(10);
    expect(second.text).toContain('Role 001');
    expect(second.text).toContain(`<a href="/careers/${slug}" rel="prev">`);
    expect(second.text).not.toContain('rel="next"');
    expect(second.text).toContain(`<link rel="canonical" href="https://jobs.example.test/careers/${slug}?page=2">`);
    expect((await request(app).get(`/careers/${slug}?page=3`)).status).toBe(404);
    expect((await request(app).get(`/careers/${slug}?page=abc`)).text).toContain('Page 1 of 2');
    const small = await request(app).get(`/careers/${acme.customer.slug}`);
    expect(small.text).not.toContain('class="pager"');
  });
});

describe('POST /careers/:slug/:jobId/apply', () => {
  it('refuses a wrong captcha and stores nothing', async () => {
    const before = await uploadsCount();
    const res = await apply(jobId, { captchaText: 'wrong', q_why: 'Rockets' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please resolve the captcha and submit!');
    expect(res.text).toContain('value="Ada"');
    expect(await Candidate.countDocuments({ customerId: acme.customerId })).toBe(0);
    expect(await uploadsCount()).toBe(before);
  });

  it('explains missing or bad fields', async () => {
    const noAnswer = await apply(jobId, {});
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.text).toContain('&quot;Why us?&quot; needs an answer');
    const badEmail = await apply(jobId, { email: 'not-an-email', q_why: 'x' });
    expect(badEmail.text).toContain('Email must be a valid email address');
    const noResume = await apply(jobId, { q_why: 'x' }, null);
    expect(noResume.status).toBe(400);
    expect(noResume.text).toContain('Please attach your resume (PDF or DOCX).');
  });

  it('refuses an oversized resume with a clear message and stores nothing', async () => {
    const before = await uploadsCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await apply(jobId, { q_why: 'x' }, { buffer: big, name: 'cv.pdf', type: 'application/pdf' });
    expect(res.status).toBe(413);
    expect(res.text).toContain('The resume is larger than 5 MB. Please upload a smaller file.');
    expect(await uploadsCount()).toBe(before);
    expect(await Candidate.countDocuments({ customerId: acme.customerId })).toBe(0);
  });

  it('refuses a .docx that unpacks to hundreds of MB (413), or whose directory lies, and stores nothing', async () => {
    const before = await uploadsCount();
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const honest = buildZip([{ name: 'word/document.xml', head: '<w:document>', fillBytes: 300 * 1024 * 1024, tail: '</w:document>' }]);
    const lying = buildZip([{ name: 'word/document.xml', head: '<w:document>', fillBytes: 300 * 1024 * 1024, tail: '</w:document>', declaredSize: 10_000 }]);
    for (const buffer of [honest, lying]) {
      expect(buffer.length).toBeLessThan(ResumeUpload.maxBytes);
      const res = await apply(jobId, { q_why: 'x' }, { buffer, name: 'cv.docx', type: docxType });
      expect(res.status).toBe(413);
      expect(res.text).toContain('The resume unpacks to more than 50 MB, far more than a resume needs');
    }
    // A zip that is no Word document, or no zip at all behind the .docx name.
    for (const buffer of [buildZip([{ name: 'xl/workbook.xml', head: '<workbook/>' }]), Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....word/document.xml....')])]) {
      const res = await apply(jobId, { q_why: 'x' }, { buffer, name: 'cv.docx', type: docxType });
      expect(res.status).toBe(400);
      expect(res.text).toContain('The resume must be a PDF or Word (.docx) file.');
    }
    expect(await uploadsCount()).toBe(before);
    expect(await Application.countDocuments({ customerId: acme.customerId })).toBe(0);
  });

  it('refuses a file that is not really a PDF or DOCX', async () => {
    const before = await uploadsCount();
    for (const file of [
      { buffer: png, name: 'cv.pdf', type: 'application/pdf' },
      { buffer: png, name: 'photo.png', type: 'image/png' },
      { buffer: pdf, name: 'cv.exe', type: 'application/octet-stream' },
    ]) {
      const res = await apply(jobId, { q_why: 'x' }, file);
      expect(res.status).toBe(400);
      expect(res.text).toContain('The resume must be a PDF or Word (.docx) file.');
    }
    expect(await uploadsCount()).toBe(before);
    expect(await Application.countDocuments({ customerId: acme.customerId })).toBe(0);
  });

  it('creates the candidate and application in the first stage, counts it on the job and mails the applicant', async () => {
    const res = await apply(jobId, { q_why: 'I love rockets', email: 'Ada@Example.test' });
    expect(res.status).toBe(201);
    expect(res.text).toContain('Thank you for applying');
    const candidate = await Candidate.findOne({ customerId: acme.customerId, email: 'ada@example.test' }).lean();
    expect(candidate).toMatchObject({ firstName: 'Ada', source: 'career_site', resumeFilename: 'cv.pdf' });
    const job = await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean();
    const first = job!.stages[0];
    const application = await Application.findOne({ customerId: acme.customerId, jobId, candidateId: candidate!._id }).lean();
    expect(application).toMatchObject({ stageKind: 'screening', source: 'career_site', answers: [{ questionId: 'why', answer: 'I love rockets' }] });
    expect(String(application!.stageId)).toBe(String(first._id));
    expect(application!.atCreation!.recruiterIds.map(String)).toEqual([acme.recruiter.id]);
    expect((job!.stageCounts as Record<string, number>)[String(first._id)]).toBe(1);
    expect(job!.kindCounts).toEqual({ screening: 1, interview: 0, offer: 0, hired: 0, rejected: 0 });
    expect(job!.applicantCount).toBe(1);
    const events = await StageEvent.find({ customerId: acme.customerId, applicationId: application!._id }).lean();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromStageId: null, toKind: 'screening' });
    expect(await OutboxMail.exists({ to: 'ada@example.test', subject: 'We received your application: Backend <Engineer>' })).toBeTruthy();
    // The confirmation is on the candidate's timeline, after the application itself.
    const timeline = await CandidateActivity.find({ customerId: acme.customerId, candidateId: candidate!._id }).sort({ at: 1, _id: 1 }).lean();
    expect(timeline.map((t) => t.kind)).toEqual(['created', 'applied', 'email_sent']);
    expect(timeline[2]).toMatchObject({ summary: 'Mail: We received your application: Backend <Engineer>', applicationId: application!._id });

    const listed = await request(app).get(`/api/jobs/${jobId}/applications`).set('Authorization', acme.recruiter.auth);
    expect(listed.body.items[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', source: 'career_site', stage: { name: 'Applied' } });
    // What the applicant wrote reaches the recruiter: phone and answers with their questions.
    expect(listed.body.items[0].phone).toBe(candidate!.phone);
    expect(candidate!.phone).not.toBe('');
    expect(listed.body.items[0].answers).toEqual([{ label: 'Why us?', answer: 'I love rockets' }]);
    const jobs = await request(app).get('/api/jobs?scope=all&status=open').set('Authorization', acme.admin.auth);
    expect(jobs.body.items.find((j: { id: string }) => j.id === jobId).pipeline[0].count).toBe(1);

    const fileId = listed.body.items[0].resume.fileId;
    const file = await request(app).get(`/api/files/${fileId}`).set('Authorization', acme.recruiter.auth).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    expect((await request(app).get(`/api/files/${fileId}`).set('Authorization', globex.admin.auth)).status).toBe(404);
    expect((await request(app).get(`/api/files/${fileId}`)).status).toBe(401);
  });

  it('dedupes the candidate by email across jobs without overwriting their profile; the application keeps what was sent', async () => {
    const original = await Candidate.findOne({ customerId: acme.customerId, email: 'ada@example.test' }).lean();
    const docx = buildZip([{ name: '[Content_Types].xml', head: '<Types/>' }, { name: 'word/document.xml', head: '<w:document>Data</w:document>' }]);
    const other = await apply(secondJobId, { firstName: 'Mallory', lastName: 'Impostor', phone: '+1 555 0199', q_why: 'Data' }, { buffer: docx, name: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(other.status).toBe(201);
    const candidates = await Candidate.find({ customerId: acme.customerId, email: 'ada@example.test' }).lean();
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: original!.phone, source: 'career_site', resumeFilename: 'cv.pdf' });
    expect(String(candidates[0].resumeFileId)).toBe(String(original!.resumeFileId));
    expect(await Application.countDocuments({ customerId: acme.customerId, candidateId: candidates[0]._id })).toBe(2);
    const second = await Application.findOne({ customerId: acme.customerId, jobId: secondJobId, candidateId: candidates[0]._id }).lean();
    expect(second).toMatchObject({ candidateName: 'Mallory Impostor', candidatePhone: '+1 555 0199', resumeFilename: 'cv.docx' });
    expect(String(second!.resumeFileId)).not.toBe(String(original!.resumeFileId));
    const listed = await request(app).get(`/api/jobs/${secondJobId}/applications`).set('Authorization', acme.recruiter.auth);
    expect(listed.body.items[0]).toMatchObject({ name: 'Mallory Impostor', phone: '+1 555 0199', resume: { filename: 'cv.docx' } });

    const before = await uploadsCount();
    const again = await apply(jobId, { q_why: 'Again' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('You have already applied for this job with this email address.');
    expect(await uploadsCount()).toBe(before);
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.applicantCount).toBe(1);
  });

  it("fills only a known candidate's blank fields (phone, last name, resume)", async () => {
    const known = await Candidate.create({ customerId: acme.customerId, firstName: 'Grace', lastName: '', email: 'grace@example.test', source: 'referral' });
    const res = await apply(secondJobId, { firstName: 'Someone', lastName: 'Hopper', email: 'grace@example.test', phone: '+1 555 0100', q_why: 'Compilers' });
    expect(res.status).toBe(201);
    const after = await Candidate.findOne({ customerId: acme.customerId, _id: known._id }).lean();
    expect(after).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 555 0100', source: 'referral', resumeFilename: 'cv.pdf' });
    const application = await Application.findOne({ customerId: acme.customerId, jobId: secondJobId, candidateId: known._id }).lean();
    expect(String(after!.resumeFileId)).toBe(String(application!.resumeFileId));
    expect(await Candidate.countDocuments({ customerId: acme.customerId, email: 'grace@example.test' })).toBe(1);
  });

  it('keeps companies apart: the same email at another company is another candidate', async () => {
    const res = await apply(globexJobId, {}, undefined, globex.customer.slug!);
    expect(res.status).toBe(201);
    expect(await Candidate.countDocuments({ customerId: globex.customerId, email: 'ada@example.test' })).toBe(1);
    const acmeView = await request(app).get(`/api/jobs/${jobId}/applications`).set('Authorization', acme.admin.auth);
    expect(acmeView.body.total).toBe(1);
  });

  it('does not take applications for unpublished jobs', async () => {
    const res = await request(app).post(`/careers/${acme.customer.slug}/${hiddenJobId}/apply`).field('firstName', 'X');
    expect(res.status).toBe(404);
  });

  it('stores applicant names, answers and job titles without NUL, right-to-left overrides or lone surrogates', async () => {
    // JSON can carry a lone surrogate (\uD800); a multipart form cannot (UTF-8 has no such thing).
    const created = await request(app)
      .post('/api/jobs')
      .set('Authorization', acme.recruiter.auth)
      .send({ title: 'Sales\u0000 \u202Egnp.exe\uD800', departmentId: String(acme.department._id), locationId: String(acme.location._id), headcount: 1, employmentType: 'full_time', published: true });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Sales gnp.exe');
    const job = await Job.findOne({ customerId: acme.customerId, _id: created.body.id }).lean();
    expect(job).toMatchObject({ title: 'Sales gnp.exe', titleLower: 'sales gnp.exe' });

    const res = await apply(secondJobId, { firstName: 'Eve\u0000\u202E', lastName: 'Ro\u2066ot\u200F', email: 'eve@example.test', q_why: 'Line one\r\nline\u0000 two' });
    expect(res.status).toBe(201);
    const application = await Application.findOne({ customerId: acme.customerId, jobId: secondJobId, candidateEmail: 'eve@example.test' }).lean();
    expect(application).toMatchObject({ candidateName: 'Eve Root', answers: [{ answer: 'Line one\nline two' }] });
    const candidate = await Candidate.findOne({ customerId: acme.customerId, email: 'eve@example.test' }).lean();
    expect(candidate).toMatchObject({ firstName: 'Eve', lastName: 'Root' });
  });
});
