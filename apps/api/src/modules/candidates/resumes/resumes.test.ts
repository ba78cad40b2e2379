import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import type { Express } from 'express';
import { ResumeMessagesWeb } from '@hireflow/contracts/candidates-resumes';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildJobsCompany, requisitionBody, type JobsCompany } from '../../jobs/jobs.test-support';
import { Job, type JobDoc } from '../../jobs/job.model';
import { applyToJob } from '../applications/apply.service';
import { Candidate } from '../candidate.model';
import { CandidateActivity } from '../candidate-activity.model';
import { createCandidate } from '../intake/create-candidate';
import { extractResumeText } from './resume-extract';
import { resumeDocx, resumePdf } from './resume-fixtures';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let otherHm: { auth: string };
let adaId: string;
let linusId: string;

const adaPdf = resumePdf(['Ada Lovelace', 'Senior Backend Engineer', 'ada@example.test', '+44 20 7946 0000', 'Skills: TypeScript, Kubernetes and PostgreSQL', 'Analytical engines since 1843']);
const garbagePdf = Buffer.from('%PDF-1.4\nthis is not really a PDF at all\n%%EOF');
const drain = () => ctx.worker.drain();
const candidate = (id: string) => Candidate.findOne({ customerId: acme.customerId, _id: new Types.ObjectId(id) }).lean();
const uploadResume = (id: string, auth: string, buffer: Buffer, filename: string) =>
  request(app).post(`/api/candidates/${id}/resume`).set('Authorization', auth).attach('resume', buffer, { filename, contentType: filename.endsWith('.pdf') ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  [acme, globex] = await Promise.all([buildJobsCompany(ctx.config), buildJobsCompany(ctx.config)]);
  const hm2 = await buildUser({ customerId: acme.customerId, role: 'employee', addlRoles: ['HM'] });
  otherHm = { auth: `Bearer ${await tokenFor(ctx.config, hm2)}` };
  const team = { hiringManagerId: acme.hm.id, recruiterIds: [acme.recruiter.id], interviewerIds: [], followerIds: [] };
  const created = await request(app).post('/api/jobs').set('Authorization', acme.recruiter.auth).send({ ...requisitionBody(acme, { jobCodeId: null }), team });
  expect(created.status).toBe(201);
  const job = (await Job.findOne({ customerId: acme.customerId, _id: created.body.id }).lean()) as JobDoc;
  const applied = await applyToJob({
    customerId: acme.customerId,
    job,
    input: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', answers: [] },
    resume: { buffer: adaPdf, originalname: 'ada.pdf', mimetype: 'application/pdf', size: adaPdf.length },
    source: 'career_site',
  });
  adaId = String(applied.candidateId);
  const linus = await createCandidate({ customerId: acme.customerId, by: null, fields: { firstName: 'Linus', lastName: 'T', email: 'linus@example.test', phone: '', location: '', currentTitle: '', currentCompany: '', experienceYears: null, skills: [], tags: [] }, source: 'sourced', consentSource: 'test' });
  linusId = String(linus._id);
});
afterAll(() => ctx.stop());

describe('résumé text extraction', () => {
  it('extracts the text of a résumé that came with a career-site application', async () => {
    await drain();
    const ada = await candidate(adaId);
    expect(ada?.resumeTextState).toBe('extracted');
    expect(ada?.resumeText).toContain('Analytical engines since 1843');
    expect(ada?.resumeText).toContain('ada@example.test');
  });

  it('extracts a DOCX a recruiter uploads, puts it on the timeline, and shows it as sanitised HTML', async () => {
    const docx = await resumeDocx(['Linus Torvalds', 'Kernel Engineer', 'Maintains <script>alert(1)</script> Linux and Git']);
    const res = await uploadResume(linusId, acme.recruiter.auth, docx, 'linus.docx');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ filename: 'linus.docx', textState: 'pending' });
    expect((await candidate(linusId))?.resumeTextState).toBe('pending');
    await drain();
    const linus = await candidate(linusId);
    expect(linus?.resumeTextState).toBe('extracted');
    expect(linus?.resumeText).toContain('Maintains <script>alert(1)</script> Linux and Git');
    expect(await CandidateActivity.exists({ customerId: acme.customerId, candidateId: linus!._id, kind: 'file_added' })).toBeTruthy();

    const preview = await request(app).get(`/api/candidates/${linusId}/resume/preview`).set('Authorization', acme.recruiter.auth).expect(200);
    expect(preview.body).toMatchObject({ kind: 'html', fileId: res.body.fileId, filename: 'linus.docx', textState: 'extracted' });
    expect(preview.body.html).toContain('<h1>Linus Torvalds</h1>');
    expect(preview.body.html).toContain('Linux and Git');
    expect(preview.body.html).not.toContain('<script>');
  });

  it('keeps an unreadable file, answers 201 and marks its text unreadable', async () => {
    const res = await uploadResume(linusId, acme.recruiter.auth, garbagePdf, 'broken.pdf');
    expect(res.status).toBe(201);
    await drain();
    const linus = await candidate(linusId);
    expect(linus?.resumeFileId).toBe(res.body.fileId);
    expect(linus?.resumeTextState).toBe('unreadable');
    expect(linus?.resumeText).toBe('');
    const preview = await request(app).get(`/api/candidates/${linusId}/resume/preview`).set('Authorization', acme.recruiter.auth).expect(200);
    expect(preview.body).toMatchObject({ kind: 'pdf', fileId: res.body.fileId, textState: 'unreadable' });
    const file = await request(app).get(`/api/files/${res.body.fileId}`).set('Authorization', acme.recruiter.auth);
    expect(file.status).toBe(200);
  });

  it('refuses what is not a résumé before storing it', async () => {
    const res = await uploadResume(linusId, acme.recruiter.auth, Buffer.from('MZ not a pdf'), 'virus.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The resume must be a PDF or Word (.docx) file.');
  });

  it('keeps at most the byte bound of text, reads at most the page bound, and gives up after the time bound', async () => {
    const long = resumePdf(['Long Resume', ...Array.from({ length: 30 }, (_, i) => `Line ${i} ${'x'.repeat(60)}`)]);
    const cut = await extractResumeText(long, { timeoutMs: 20_000, maxPages: 30, maxTextBytes: 200 });
    expect(cut.state).toBe('extracted');
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(200);
    expect(cut.text.startsWith('Long Resume')).toBe(true);
    const none = await extractResumeText(long, { timeoutMs: 20_000, maxPages: 0, maxTextBytes: 1000 });
    expect(none.state).toBe('unreadable');
    const slow = await extractResumeText(long, { timeoutMs: 0, maxPages: 30, maxTextBytes: 100_000 });
    expect(slow).toEqual({ state: 'unreadable', text: '' });
  });

  it('marks a DOCX that the archive guard refuses as unreadable', async () => {
    const docx = await resumeDocx(['Zip Bomb']);
    // A damaged central directory: the guard refuses it before mammoth inflates anything.
    const broken = Buffer.concat([docx.subarray(0, docx.length - 10), Buffer.alloc(10)]);
    expect(await extractResumeText(broken)).toEqual({ state: 'unreadable', text: '' });
  });
});

describe('who may read a candidate’s résumé', () => {
  let fileId: string;
  beforeAll(async () => {
    const res = await uploadResume(adaId, acme.recruiter.auth, adaPdf, 'ada-2024.pdf');
    expect(res.status).toBe(201);
    fileId = res.body.fileId;
  });

  it('the hiring manager of a job the candidate is on reads it; another hiring manager and another company do not', async () => {
    expect((await request(app).get(`/api/files/${fileId}`).set('Authorization', acme.hm.auth)).status).toBe(200);
    const preview = await request(app).get(`/api/candidates/${adaId}/resume/preview`).set('Authorization', acme.hm.auth).expect(200);
    expect(preview.body).toMatchObject({ kind: 'pdf', fileId });
    for (const auth of [otherHm.auth, globex.recruiter.auth, globex.admin.auth]) {
      expect((await request(app).get(`/api/files/${fileId}`).set('Authorization', auth)).status).toBe(404);
      expect((await request(app).get(`/api/candidates/${adaId}/resume/preview`).set('Authorization', auth)).status).toBe(404);
    }
  });

  it('goes with a merge: the hiring team of the candidate it was merged into reads it', async () => {
    const job = (await Job.findOne({ customerId: acme.customerId }).lean()) as JobDoc;
    const bea = await applyToJob({ customerId: acme.customerId, job, input: { firstName: 'Bea', lastName: 'Merged', email: 'bea@example.test', answers: [] }, resume: null, source: 'career_site' });
    const beaCopy = await createCandidate({ customerId: acme.customerId, by: null, fields: { firstName: 'Bea', lastName: 'Merged', email: 'bea.other@example.test', phone: '', location: '', currentTitle: '', currentCompany: '', experienceYears: null, skills: [], tags: [] }, source: 'sourced', consentSource: 'test' });
    const uploaded = await uploadResume(String(beaCopy._id), acme.recruiter.auth, adaPdf, 'bea.pdf');
    expect(uploaded.status).toBe(201);
    // Before the merge the résumé's candidate is on no job of the hiring manager's.
    expect((await request(app).get(`/api/files/${uploaded.body.fileId}`).set('Authorization', acme.hm.auth)).status).toBe(404);
    await request(app).post(`/api/candidates/${String(bea.candidateId)}/merge`).set('Authorization', acme.recruiter.auth).send({ otherId: String(beaCopy._id) }).expect(200);
    expect((await candidate(String(bea.candidateId)))?.resumeFileId).toBe(uploaded.body.fileId);
    expect((await request(app).get(`/api/files/${uploaded.body.fileId}`).set('Authorization', acme.hm.auth)).status).toBe(200);
    expect((await request(app).get(`/api/files/${uploaded.body.fileId}`).set('Authorization', otherHm.auth)).status).toBe(404);
  });

  it('only recruiters and admins replace a résumé', async () => {
    expect((await uploadResume(adaId, acme.hm.auth, adaPdf, 'x.pdf')).status).toBe(403);
    expect((await uploadResume(adaId, globex.recruiter.auth, adaPdf, 'x.pdf')).status).toBe(404);
    expect((await uploadResume(adaId, acme.admin.auth, adaPdf, 'x.pdf')).status).toBe(201);
  });
});

describe('skills vocabulary', () => {
  it('starts with the default list, and only holders of the Lists right change it', async () => {
    const listed = await request(app).get('/api/candidates/skills-vocabulary').set('Authorization', acme.admin.auth).expect(200);
    expect(listed.body.items).toContain('TypeScript');
    expect((await request(app).get('/api/candidates/skills-vocabulary').set('Authorization', acme.recruiter.auth)).status).toBe(403);
    expect((await request(app).post('/api/candidates/skills-vocabulary').set('Authorization', acme.recruiter.auth).send({ name: 'Haskell' })).status).toBe(403);
    const added = await request(app).post('/api/candidates/skills-vocabulary').set('Authorization', acme.admin.auth).send({ name: 'Haskell' });
    expect(added.status).toBe(201);
    expect(added.body.items).toContain('Haskell');
    expect((await request(app).post('/api/candidates/skills-vocabulary').set('Authorization', acme.admin.auth).send({ name: 'haskell' })).status).toBe(409);
    // Another company's list is its own.
    const theirs = await request(app).get('/api/candidates/skills-vocabulary').set('Authorization', globex.admin.auth).expect(200);
    expect(theirs.body.items).not.toContain('Haskell');
    await request(app).post('/api/candidates/skills-vocabulary').set('Authorization', acme.admin.auth).send({ name: 'Elm' }).expect(201);
    const removed = await request(app).delete('/api/candidates/skills-vocabulary/Elm').set('Authorization', acme.admin.auth).expect(200);
    expect(removed.body.items).not.toContain('Elm');
    // A skill with a slash in its name is removed by its encoded name.
    const slash = await request(app).delete(`/api/candidates/skills-vocabulary/${encodeURIComponent('CI/CD')}`).set('Authorization', acme.admin.auth).expect(200);
    expect(slash.body.items).not.toContain('CI/CD');
    expect(slash.body.items).toContain('Haskell');
  });
});

describe('bulk résumé upload', () => {
  it('refuses more than 100 files', async () => {
    let req = request(app).post('/api/candidates/resume-batches').set('Authorization', acme.recruiter.auth);
    const tiny = resumePdf(['A B']);
    for (let i = 0; i < 101; i++) req = req.attach('files', tiny, { filename: `r${i}.pdf`, contentType: 'application/pdf' });
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ResumeMessagesWeb.tooManyFiles);
  });

  it('refuses a batch with a file over 5 MB with 413 and keeps none of its files', async () => {
    const uploads = () => mongoose.connection.db!.collection('uploads.files').countDocuments();
    const before = await uploads();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 1, 32)]);
    const res = await request(app)
      .post('/api/candidates/resume-batches')
      .set('Authorization', acme.recruiter.auth)
      .attach('files', adaPdf, { filename: 'first.pdf', contentType: 'application/pdf' })
      .attach('files', big, { filename: 'huge.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('One of the files is larger than 5 MB. Please leave it out or upload a smaller file.');
    expect(await uploads()).toBe(before);
  });

  it('is for recruiters and admins only', async () => {
    const res = await request(app).post('/api/candidates/resume-batches').set('Authorization', acme.hm.auth).attach('files', adaPdf, { filename: 'a.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(403);
  });

  it('extracts each file, suggests fields, and saves the reviewed rows one by one', async () => {
    const grace = resumePdf(['Grace Hopper', 'Principal Compiler Engineer', 'grace.hopper@example.test', 'Phone: +1 212 555 0199', 'COBOL, Haskell, Python and Kubernetes']);
    const katherine = await resumeDocx(['Katherine Johnson', 'Data Analyst', 'katherine@example.test', 'Excel, Python, SQL']);
    const created = await request(app)
      .post('/api/candidates/resume-batches')
      .set('Authorization', acme.recruiter.auth)
      .attach('files', grace, { filename: 'grace.pdf', contentType: 'application/pdf' })
      .attach('files', katherine, { filename: 'katherine.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })
      .attach('files', adaPdf, { filename: 'ada-again.pdf', contentType: 'application/pdf' })
      .attach('files', Buffer.from('GIF89a'), { filename: 'cat.gif', contentType: 'image/gif' });
    expect(created.status).toBe(201);
    expect(created.body.total).toBe(4);
    expect(created.body.files[3]).toMatchObject({ filename: 'cat.gif', state: 'rejected', problem: 'The resume must be a PDF or Word (.docx) file.' });
    const id = created.body.id as string;
    await drain();

    const batch = await request(app).get(`/api/candidates/resume-batches/${id}`).set('Authorization', acme.recruiter.auth).expect(200);
    expect(batch.body.done).toBe(4);
    expect(batch.body.files[0]).toMatchObject({
      state: 'extracted',
      suggestions: { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.test', phone: '+1 212 555 0199', currentTitle: 'Principal Compiler Engineer' },
    });
    expect(batch.body.files[0].suggestions.skills).toEqual(expect.arrayContaining(['Python', 'Kubernetes', 'Haskell']));
    expect(batch.body.files[1].suggestions).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@example.test', currentTitle: 'Data Analyst' });
    expect(batch.body.files[1].suggestions.skills).toEqual(expect.arrayContaining(['Excel', 'Python', 'SQL']));
    // Another recruiter, and another company, never see the batch.
    const colleague = await buildUser({ customerId: acme.customerId, role: 'recruiter' });
    const colleagueAuth = `Bearer ${await tokenFor(ctx.config, colleague)}`;
    expect((await request(app).get(`/api/candidates/resume-batches/${id}`).set('Authorization', colleagueAuth)).status).toBe(404);
    expect((await request(app).get(`/api/candidates/resume-batches/${id}`).set('Authorization', globex.recruiter.auth)).status).toBe(404);
    const graceFile = batch.body.files[0].fileId as string;
    expect((await request(app).get(`/api/files/${graceFile}`).set('Authorization', colleagueAuth)).status).toBe(404);

    const fields = (i: number) => ({ ...batch.body.files[i].suggestions });
    const commit = await request(app)
      .post(`/api/candidates/resume-batches/${id}/commit`)
      .set('Authorization', acme.recruiter.auth)
      .send({
        rows: [
          { index: 0, fields: fields(0) },
          { index: 1, fields: { ...fields(1), firstName: '' } },
          { index: 2, fields: fields(2) },
        ],
      })
      .expect(200);
    const [saved, invalid, duplicate] = commit.body.rows;
    expect(saved).toMatchObject({ index: 0, outcome: 'created' });
    expect(invalid).toMatchObject({ index: 1, outcome: 'invalid', candidateId: null, message: 'First name is required.' });
    expect(duplicate).toMatchObject({ index: 2, outcome: 'duplicate', candidateId: adaId, message: 'A candidate with this email address is already in the database.' });

    const graceDoc = await candidate(saved.candidateId);
    expect(graceDoc).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.test', source: 'sourced', resumeFileId: graceFile, resumeTextState: 'extracted' });
    expect(graceDoc?.resumeText).toContain('COBOL');
    expect(graceDoc?.skills).toEqual(expect.arrayContaining(['Haskell']));
    // The file is now the candidate's: a colleague who sees the whole database reads it.
    expect((await request(app).get(`/api/files/${graceFile}`).set('Authorization', colleagueAuth)).status).toBe(200);
    // Nothing half-written for the invalid row; fixing it saves it; saving a row again creates nobody new.
    expect(await Candidate.countDocuments({ customerId: acme.customerId, email: 'katherine@example.test' })).toBe(0);
    const again = await request(app)
      .post(`/api/candidates/resume-batches/${id}/commit`)
      .set('Authorization', acme.recruiter.auth)
      .send({ rows: [{ index: 0, fields: fields(0) }, { index: 1, fields: fields(1) }] })
      .expect(200);
    expect(again.body.rows[0]).toMatchObject({ outcome: 'created', candidateId: saved.candidateId });
    expect(again.body.rows[1]).toMatchObject({ outcome: 'created' });
    expect(await Candidate.countDocuments({ customerId: acme.customerId, email: { $in: ['grace.hopper@example.test', 'katherine@example.test'] } })).toBe(2);
    const after = await request(app).get(`/api/candidates/resume-batches/${id}`).set('Authorization', acme.recruiter.auth).expect(200);
    expect(after.body.files.map((f: { result: { outcome: string } | null }) => f.result?.outcome ?? null)).toEqual(['created', 'created', 'duplicate', null]);
  });
});
