import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import ExcelJS from 'exceljs';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { ExportMessages, ZExportStatus, type TExportStatus } from '@hireflow/contracts/exports';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { JobWorker } from '../../lib/job-queue';
import { QueueJob } from '../../lib/job-queue.model';
import { backgroundJobs } from '../../background-jobs';
import { binaryBody } from '../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
const t: Record<string, string> = {};

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Globex' })]);
  for (let i = 0; i < 30; i++) await buildUser({ customerId: a._id, email: `rec${i}@acme.test`, role: 'recruiter' });
  for (let i = 0; i < 5; i++) await buildUser({ customerId: a._id, email: `emp${i}@acme.test`, role: 'employee' });
  await buildUser({ customerId: b._id, email: 'someone@globex.test', role: 'recruiter' });
  t.adminA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, admin: true, role: 'employee', email: 'admin@acme.test' }));
  t.otherAdminA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, admin: true, role: 'employee', email: 'admin2@acme.test' }));
  t.plainA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, role: 'employee' }));
  t.adminB = await tokenFor(ctx.config, await buildUser({ customerId: b._id, admin: true, role: 'employee' }));
});
afterAll(() => ctx.stop());

const start = (token: string, body: object) => request(app).post('/api/user/export').set('Authorization', `Bearer ${token}`).send(body);
const status = (token: string, jobId: string) => request(app).get(`/api/exports/${jobId}`).set('Authorization', `Bearer ${token}`);
const download = (token: string, url: string) =>
  request(app)
    .get(url)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse(binaryBody);

const storedFiles = (fileId: string) => QueueJob.db.collection('uploads.files').countDocuments({ _id: fileId as unknown as Types.ObjectId });

/** What the users screen does: ask for the status until the export is ready. */
async function untilReady(token: string, jobId: string): Promise<TExportStatus> {
  let last: TExportStatus | undefined;
  await vi.waitFor(
    async () => {
      last = ZExportStatus.parse((await status(token, jobId).expect(200)).body);
      expect(last.state).toBe('done');
    },
    { timeout: 15_000, interval: 50 },
  );
  return last!;
}

describe('POST /api/user/export', () => {
  it('401 without a token, 403 without manageUsers, 400 for a bad filter', async () => {
    expect((await request(app).post('/api/user/export').send({})).status).toBe(401);
    expect((await start(t.plainA!, {})).status).toBe(403);
    const bad = await start(t.adminA!, { filters: { role: 'Wizards' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^filters.role/);
  });

  it('answers a job at once; the status shows it done with a file of every matching user, which only the asker may download', async () => {
    const res = await start(t.adminA!, { filters: { role: 'Recruiters' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.stringMatching(/^[a-f0-9]{24}$/) });

    const ready = await untilReady(t.adminA!, res.body.jobId);
    expect(ready).toMatchObject({ state: 'done', progress: 100, fileUrl: `/api/exports/${res.body.jobId}/file`, fileName: expect.stringMatching(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/) });
    expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    const file = await download(t.adminA!, ready.fileUrl!);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as Buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 30);
    const emails = Array.from({ length: 30 }, (_, i) => String(sheet.getRow(i + 2).getCell(3).value));
    expect(emails.every((e) => /^rec\d+@acme\.test$/.test(e))).toBe(true);

    // Another admin of the same company, and another company: the export does not exist for them.
    for (const token of [t.otherAdminA!, t.adminB!]) {
      expect((await status(token, res.body.jobId)).status).toBe(404);
      expect((await download(token, ready.fileUrl!)).status).toBe(404);
    }
    // The general files route applies the same owner rule: the asker only.
    const job = await QueueJob.findById(res.body.jobId).lean();
    const fileId = (job!.result as { fileId: string }).fileId;
    expect((await request(app).get(`/api/files/${fileId}`).set('Authorization', `Bearer ${t.otherAdminA!}`)).status).toBe(404);
    expect((await request(app).get(`/api/files/${fileId}`).set('Authorization', `Bearer ${t.adminA!}`)).status).toBe(200);
  });

  it('says it is waiting while no worker has taken it, and an instance started later finishes it', async () => {
    await ctx.worker.stop({ graceMs: 0 });
    try {
      const res = await start(t.adminA!, {});
      const waiting = await status(t.adminA!, res.body.jobId).expect(200);
      expect(waiting.body).toEqual({ jobId: res.body.jobId, state: 'queued', progress: 0, message: ExportMessages.queued });
      await new JobWorker({ definitions: backgroundJobs, config: ctx.config, logger: ctx.logger, owner: 'later' }).drain();
      const done = await status(t.adminA!, res.body.jobId).expect(200);
      expect(done.body.state).toBe('done');
      const file = await download(t.adminA!, done.body.fileUrl);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as Buffer as unknown as ArrayBuffer);
      // Every active user of Acme: 35 plus the three signed-in ones.
      expect(workbook.worksheets[0]!.rowCount).toBe(1 + 38);
    } finally {
      ctx.worker.start();
    }
  });

  it('the file expires: after the keep time the status says so, the download is gone, and the file is deleted', async () => {
    const res = await start(t.adminA!, { filters: { role: 'Employees' } });
    const ready = await untilReady(t.adminA!, res.body.jobId);
    const job = await QueueJob.findById(res.body.jobId).lean();
    const { fileId, expiresAt } = job!.result as { fileId: string; expiresAt: string };
    const expiry = await QueueJob.findOne({ name: 'exports.expire-file', 'payload.fileId': fileId }).lean();
    expect(expiry).toMatchObject({ state: 'queued' });
    expect(expiry!.runAt.toISOString()).toBe(expiresAt);
    expect(await storedFiles(fileId)).toBe(1);

    // A day later (the worker's clock moved instead of waiting): the expiry job deletes the file.
    const later = new Date(new Date(expiresAt).getTime() + 1000);
    await new JobWorker({ definitions: backgroundJobs, config: ctx.config, logger: ctx.logger, now: () => later }).drain();
    expect(await QueueJob.findById(expiry!._id).lean()).toMatchObject({ state: 'done' });
    await QueueJob.updateOne({ _id: res.body.jobId }, { $set: { 'result.expiresAt': new Date(Date.now() - 1000).toISOString() } });

    expect((await status(t.adminA!, res.body.jobId)).body).toEqual({ jobId: res.body.jobId, state: 'expired', progress: 100, message: ExportMessages.expired });
    const gone = await download(t.adminA!, ready.fileUrl!);
    expect(gone.status).toBe(410);
    expect(await storedFiles(fileId)).toBe(0);
  });
});
