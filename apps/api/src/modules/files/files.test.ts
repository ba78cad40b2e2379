import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import type { Express } from 'express';
import { FileIdPattern } from '@hireflow/contracts/common';
import { startTestApp } from '../../test/test-app';
import { buildJobsCompany, requisitionBody, type JobsCompany } from '../jobs/jobs.test-support';
import { buildUser, tokenFor } from '../../test/factories';
import { Job, type JobDoc } from '../jobs/job.model';
import { applyToJob } from '../candidates/applications/apply.service';
import { Application } from '../candidates/applications/application.model';
import { FileReadLimit } from './files.routes';
import { storeFile } from './files.service';
import { migrateLegacyFiles } from './legacy-files';
import { hitRateLimit, userRateSubject } from '../../lib/rate-limit';
import { binaryBody } from '../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let jobId: string;
let resumeId: string;
let applicationId: Types.ObjectId;
const interviewer: { auth: string } = { auth: '' };
const pdf = Buffer.from('%PDF-1.4\nthe résumé of Ada\n%%EOF');

const download = (id: string, auth: string) =>
  request(app)
    .get(`/api/files/${id}`)
    .set('Authorization', auth)
    .buffer(true)
    .parse(binaryBody);

const uploads = () => mongoose.connection.db!.collection('uploads.files');

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  [acme, globex] = await Promise.all([buildJobsCompany(ctx.config), buildJobsCompany(ctx.config)]);
  const member = await buildUser({ customerId: acme.customerId, role: 'employee' });
  interviewer.auth = `Bearer ${await tokenFor(ctx.config, member)}`;
  // The plain employee is on no hiring team of this job; the other employee interviews for it.
  const team = { hiringManagerId: acme.hm.id, recruiterIds: [acme.recruiter.id], interviewerIds: [String(member._id)], followerIds: [] };
  const created = await request(app).post('/api/jobs').set('Authorization', acme.recruiter.auth).send({ ...requisitionBody(acme, { jobCodeId: null }), team });
  expect(created.status).toBe(201);
  jobId = created.body.id;
  const job = (await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean()) as JobDoc;
  const applied = await applyToJob({
    customerId: acme.customerId,
    job,
    input: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', answers: [] },
    resume: { buffer: pdf, originalname: 'ada.pdf', mimetype: 'application/pdf', size: pdf.length },
    source: 'career_site',
  });
  applicationId = applied.applicationId;
  const listed = await request(app).get(`/api/jobs/${jobId}/applications`).set('Authorization', acme.recruiter.auth).expect(200);
  resumeId = listed.body.items[0].resume.fileId;
});
afterAll(() => ctx.stop());
afterEach(() => vi.useRealTimers());

describe('GET /api/files/:id', () => {
  it("gives the résumé to the job's recruiter and to a member of its hiring team", async () => {
    for (const auth of [acme.recruiter.auth, interviewer.auth, acme.admin.auth]) {
      const res = await download(resumeId, auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(res.body as Buffer, pdf)).toBe(0);
    }
  });

  it("answers 404 to an employee who is refused the job's applicants", async () => {
    expect((await request(app).get(`/api/jobs/${jobId}/applications`).set('Authorization', acme.employee.auth)).status).toBe(403);
    const res = await download(resumeId, acme.employee.auth);
    expect(res.status).toBe(404);
    expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual({ code: 'not_found', message: 'File not found' });
  });

  it('answers 404 to another company, 401 to no one signed in', async () => {
    expect((await download(resumeId, globex.admin.auth)).status).toBe(404);
    expect((await request(app).get(`/api/files/${resumeId}`)).status).toBe(401);
  });

  it('stores the file owned by its application, under a random 128-bit id', async () => {
    const stored = await uploads().findOne({ _id: resumeId as never });
    expect(stored?.metadata).toMatchObject({ owner: { kind: 'application', id: applicationId }, kind: 'resume' });
    expect(String((await Application.findOne({ customerId: acme.customerId, _id: applicationId }).lean())!.resumeFileId)).toBe(resumeId);
    expect(resumeId).toMatch(FileIdPattern);
    expect(Buffer.from(resumeId, 'base64url')).toHaveLength(16);
  });

  it('gives ids that cannot be guessed from one another', async () => {
    const owner = { kind: 'application' as const, id: applicationId };
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await storeFile({ customerId: acme.customerId, owner, buffer: pdf, filename: 'x.pdf', contentType: 'application/pdf', kind: 'resume' }));
    expect(new Set(ids).size).toBe(20);
    // Sequential ids (ObjectIds, counters) share their leading characters; 128 random bits do not.
    const sharedPrefix = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]);
    expect(Math.max(...ids.slice(1).map((id, i) => sharedPrefix(id, ids[i]!)))).toBeLessThan(6);
    // An ObjectId, the old id shape, is not a file id at all.
    const old = await request(app).get(`/api/files/${new Types.ObjectId()}`).set('Authorization', acme.recruiter.auth);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe('id: must be a valid file id');
  });

  it('answers 404 for a file without an owner, or with an owner kind nobody registered', async () => {
    const db = mongoose.connection.db!;
    const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'uploads' });
    for (const [id, owner] of [
      ['AAAAAAAAAAAAAAAAAAAAAA', null],
      ['BBBBBBBBBBBBBBBBBBBBBB', { kind: 'toString', id: applicationId }],
      ['CCCCCCCCCCCCCCCCCCCCCC', { kind: 'mystery', id: applicationId }],
    ] as const) {
      await new Promise<void>((resolve, reject) => {
        const up = bucket.openUploadStreamWithId(id as never, 'x.pdf', { metadata: { customerId: acme.customerId, owner, contentType: 'application/pdf' } });
        up.once('finish', () => resolve()).once('error', reject);
        up.end(pdf);
      });
      expect((await download(id, acme.admin.auth)).status).toBe(404);
    }
  });

  it(`refuses more than ${FileReadLimit.max} reads a minute per user with a clear 429, others unaffected`, async () => {
    // Fixed one-minute windows: freeze the clock just after a window starts so the loop stays inside one.
    const minute = 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / minute) * minute + 1000);
    const reader = await buildUser({ customerId: acme.customerId, role: 'recruiter', admin: true });
    const auth = `Bearer ${await tokenFor(ctx.config, reader)}`;
    // The reader has already opened all but one of this minute's files.
    for (let i = 0; i < FileReadLimit.max - 1; i++) await hitRateLimit(ctx.config, FileReadLimit, userRateSubject(reader._id));
    expect((await download(resumeId, auth)).status).toBe(200);
    const refused = await request(app).get(`/api/files/${resumeId}`).set('Authorization', auth);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You have opened too many files in a short time. Please wait 1 minute and try again.');
    expect((await download(resumeId, acme.recruiter.auth)).status).toBe(200);
  });

  it('moves a file stored before owners (sequential ObjectId, company only) to an owned random id at start-up', async () => {
    const db = mongoose.connection.db!;
    const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'uploads' });
    const legacyId = new Types.ObjectId();
    await new Promise<void>((resolve, reject) => {
      const up = bucket.openUploadStreamWithId(legacyId, 'old.pdf', { metadata: { customerId: acme.customerId, contentType: 'application/pdf', kind: 'resume' } });
      up.once('finish', () => resolve()).once('error', reject);
      up.end(pdf);
    });
    await db.collection('applications').updateOne({ _id: applicationId }, { $set: { resumeFileId: legacyId } });

    expect(await migrateLegacyFiles(ctx.logger)).toBe(1);
    const listed = await request(app).get(`/api/jobs/${jobId}/applications`).set('Authorization', acme.recruiter.auth).expect(200);
    const moved = listed.body.items[0].resume.fileId as string;
    expect(moved).toMatch(FileIdPattern);
    expect((await download(moved, acme.recruiter.auth)).status).toBe(200);
    expect((await download(moved, acme.employee.auth)).status).toBe(404);
    expect(await uploads().countDocuments({ _id: legacyId as never })).toBe(0);
    expect(await migrateLegacyFiles(ctx.logger)).toBe(0);
  });
});
