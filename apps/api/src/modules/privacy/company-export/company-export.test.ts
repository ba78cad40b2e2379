import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import JSZip from 'jszip';
import type { Express } from 'express';
import mongoose, { Types } from 'mongoose';
import { PrivacyApi } from '@hireflow/contracts/privacy';
import { ZExportStatus, type TExportStatus } from '@hireflow/contracts/exports';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { Application } from '../../candidates/applications/application.model';
import { CandidateNote } from '../../candidates/profile/candidate-note.model';
import { storeFile } from '../../files/files.service';
import { QueueJob } from '../../../lib/job-queue.model';
import { AuditEntry } from '../audit/audit-entry.model';
import { PrivacyLink } from '../privacy-link.model';
import { createPrivacyLink } from '../privacy-link';
import { exportedModels, LeftOutModels } from './company-export.zip';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
type Company = Awaited<ReturnType<typeof buildPipelineCompany>> & { fileId: string; fileBytes: Buffer };
let a: Company;
let b: Company;

/** A company with candidates and applications (career-site applicants), a note, a stored file and a privacy link. */
async function company(tag: string): Promise<Company> {
  const c = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
  const application = await Application.findOne({ customerId: c.co.customerId, _id: c.applicationIds[0] }).lean();
  await CandidateNote.create({ customerId: c.co.customerId, candidateId: application!.candidateId, applicationId: application!._id, jobId: c.job._id, text: `Note of ${tag}`, by: c.co.recruiter.user._id, at: new Date() });
  const fileBytes = Buffer.from(`résumé of ${tag} `.repeat(2000));
  const fileId = await storeFile({ customerId: c.co.customerId, owner: { kind: 'candidate', id: application!.candidateId }, buffer: fileBytes, filename: `cv ${tag}.pdf`, contentType: 'application/pdf', kind: 'resume' });
  await createPrivacyLink({ customerId: c.co.customerId, candidateId: application!.candidateId, publicUrl: 'http://localhost' });
  return { ...c, fileId, fileBytes };
}

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  a = await company('A');
  b = await company('B');
});
afterAll(() => ctx.stop());

const start = (auth: string) => request(app).post(PrivacyApi.companyExport).set('Authorization', auth).send({});
const status = (auth: string, jobId: string) => request(app).get(`/api/exports/${jobId}`).set('Authorization', auth);
const download = (auth: string, url: string) =>
  request(app)
    .get(url)
    .set('Authorization', auth)
    .buffer(true)
    .parse(binaryBody);

async function untilReady(auth: string, jobId: string): Promise<TExportStatus> {
  let last: TExportStatus | undefined;
  await vi.waitFor(
    async () => {
      last = ZExportStatus.parse((await status(auth, jobId).expect(200)).body);
      expect(last.state).toBe('done');
    },
    { timeout: 30_000, interval: 50 },
  );
  return last!;
}

describe('POST /api/privacy/company-export', () => {
  it('401 without a token, 403 without the companySettings right', async () => {
    expect((await request(app).post(PrivacyApi.companyExport)).status).toBe(401);
    expect((await start(a.co.recruiter.auth)).status).toBe(403);
  });

  describe('the ZIP of company A', () => {
    let zip: JSZip;
    let jobId: string;
    let fileUrl: string;
    beforeAll(async () => {
      const res = await start(a.co.admin.auth).expect(202);
      jobId = res.body.jobId;
      const ready = await untilReady(a.co.admin.auth, jobId);
      expect(ready.fileName).toMatch(/^company-export-\d{4}-\d{2}-\d{2}\.zip$/);
      fileUrl = ready.fileUrl!;
      const file = await download(a.co.admin.auth, fileUrl).expect(200);
      expect(file.headers['content-type']).toContain('application/zip');
      zip = await JSZip.loadAsync(file.body as Buffer);
    });

    it("holds exactly A's documents of every tenant-owned model, and none of B's", async () => {
      const models = exportedModels();
      // Some models surely: the ones this test filled.
      expect(models.map((m) => m.modelName)).toEqual(expect.arrayContaining(['Candidate', 'Application', 'CandidateNote', 'User', 'Job', 'AuditEntry']));
      for (const name of Object.keys(LeftOutModels)) expect(zip.file(`collections/${name}.json`)).toBeNull();
      for (const model of models) {
        const entry = zip.file(`collections/${model.modelName}.json`);
        expect(entry, model.modelName).not.toBeNull();
        const docs = JSON.parse(await entry!.async('string')) as { _id: string; customerId: string }[];
        const expected = (await model.find({ customerId: a.co.customerId }, { _id: 1 }).lean<{ _id: unknown }[]>()).map((d) => String(d._id)).sort();
        expect(docs.map((d) => String(d._id)).sort(), model.modelName).toEqual(expected);
        expect(docs.every((d) => d.customerId === String(a.co.customerId)), model.modelName).toBe(true);
      }
      const candidates = JSON.parse(await zip.file('collections/Candidate.json')!.async('string')) as unknown[];
      expect(candidates).toHaveLength(3);
      const notes = await zip.file('collections/CandidateNote.json')!.async('string');
      expect(notes).toContain('Note of A');
    });

    it("carries the company itself and A's files with their bytes, and no file of B", async () => {
      const companyJson = JSON.parse(await zip.file('company.json')!.async('string')) as { _id: string; name: string };
      expect(companyJson._id).toBe(String(a.co.customerId));
      const files = zip.file(/^files\//);
      expect(files.map((f) => f.name)).toEqual([`files/${a.fileId}-cv A.pdf`]);
      expect(Buffer.compare(await files[0]!.async('nodebuffer'), a.fileBytes)).toBe(0);
    });

    it('leaves out secrets, says so in README.txt, and lists the counts', async () => {
      const everything = (await Promise.all(Object.values(zip.files).filter((f) => f.name.endsWith('.json')).map((f) => f.async('string')))).join('\n');
      for (const secret of ['"passwordHash"', '"tokenHash"', '"keyHash"', '"secret"', '"leaseToken"']) expect(everything).not.toContain(secret);
      // The company's users are there, only without their password hashes.
      expect(everything).toContain(a.co.admin.user.email);
      // B is nowhere: not its id, not its note.
      expect(everything).not.toContain(String(b.co.customerId));
      expect(everything).not.toContain('Note of B');
      const readme = await zip.file('README.txt')!.async('string');
      expect(readme).toMatch(/Candidate\s+3\n/);
      expect(readme).toMatch(/Session: sign-in sessions/);
      expect(readme).toMatch(/PrivacyLink/);
      expect(readme).toMatch(/one-time codes \(OTPs\)/);
      expect(await PrivacyLink.countDocuments({ customerId: a.co.customerId })).toBe(1);
    });

    it("is audited as the admin's company export", async () => {
      const entries = await AuditEntry.find({ customerId: a.co.customerId, action: 'company_exported' }).lean();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: a.co.admin.user._id });
    });

    it("is the asker's alone: B's admin and another admin of A get 404", async () => {
      const otherAdminA = `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: a.co.customerId, admin: true }))}`;
      for (const auth of [b.co.admin.auth, otherAdminA]) {
        expect((await status(auth, jobId)).status).toBe(404);
        expect((await download(auth, fileUrl)).status).toBe(404);
      }
    });
  });

  it('asking again while one runs answers the running one', async () => {
    await ctx.worker.stop({ graceMs: 0 });
    try {
      const first = await start(b.co.admin.auth).expect(202);
      const second = await start(b.co.admin.auth).expect(202);
      expect(second.body.jobId).toBe(first.body.jobId);
      expect(await QueueJob.countDocuments({ customerId: b.co.customerId, name: 'export.company' })).toBe(1);
      expect(await AuditEntry.countDocuments({ customerId: b.co.customerId, action: 'company_exported' })).toBe(1);
    } finally {
      ctx.worker.start();
    }
    const job = await QueueJob.findOne({ customerId: b.co.customerId, name: 'export.company' }).lean();
    const ready = await untilReady(b.co.admin.auth, String(job!._id));
    const zip = await JSZip.loadAsync((await download(b.co.admin.auth, ready.fileUrl!).expect(200)).body as Buffer);
    expect(zip.file(/^files\//).map((f) => f.name)).toEqual([`files/${b.fileId}-cv B.pdf`]);
    // A's export file (owner kind export) is in A's store, never in anyone's export.
    expect(await mongoose.connection.db!.collection('uploads.files').countDocuments({ 'metadata.customerId': new Types.ObjectId(String(b.co.customerId)), 'metadata.kind': 'export' })).toBe(1);
  });
});
