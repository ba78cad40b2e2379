import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import ExcelJS from 'exceljs';
import { Types } from 'mongoose';
import type { Express } from 'express';
import { ZExportStatus, type TExportStatus } from '@hireflow/contracts/exports';
import { CandidatesBulkMessages } from '@hireflow/contracts/candidates-bulk';
import { startTestApp } from '../../../test/test-app';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../../jobs/jobs.test-support';
import { Job } from '../../jobs/job.model';
import { Candidate } from '../candidate.model';
import { CandidateActivity } from '../candidate-activity.model';
import { Application } from '../applications/application.model';
import { StageEvent } from '../applications/stage-event.model';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let jobId: string;
const ids: string[] = [];
let globexId: string;

const cand = async (id: string) => (await Candidate.findOne({ customerId: { $in: [acme.customerId, globex.customerId] }, _id: id }).lean())!;

async function person(customerId: Types.ObjectId, i: number, extra: Record<string, unknown> = {}) {
  const c = await Candidate.create({ customerId, firstName: `First${i}`, lastName: `Last${String(i).padStart(2, '0')}`, email: `p${i}@${String(customerId)}.test`, source: 'import', currentTitle: `Title ${i}`, skills: ['Go', 'SQL'], ...extra });
  return String(c._id);
}

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  [acme, globex] = [await buildJobsCompany(ctx.config), await buildJobsCompany(ctx.config)];
  jobId = (await openJobThroughApproval(app, acme, { title: 'Platform Engineer', jobCodeId: null })).jobId;
  for (let i = 0; i < 5; i++) ids.push(await person(acme.customerId, i, i === 0 ? { tags: ['Keep', 'old'] } : {}));
  globexId = await person(globex.customerId, 99, { tags: ['secret'] });
});
afterAll(() => ctx.stop());

const post = (auth: string, path: string, body: object) => request(app).post(`/api/candidates/bulk/${path}`).set('Authorization', auth).send(body);

describe('who may use bulk actions', () => {
  it('401 without a session; 403 for hiring managers and plain employees, for every action', async () => {
    expect((await request(app).post('/api/candidates/bulk/tags').send({ candidateIds: ids, add: ['x'] })).status).toBe(401);
    for (const who of [acme.hm, acme.employee]) {
      expect((await post(who.auth, 'tags', { candidateIds: ids, add: ['x'] })).status).toBe(403);
      expect((await post(who.auth, 'add-to-job', { candidateIds: ids, jobId })).status).toBe(403);
      expect((await post(who.auth, 'export', { candidateIds: ids })).status).toBe(403);
    }
    expect((await cand(ids[1]!)).tags).toEqual([]);
  });

  it('400 with a clear message for more than 1,000 ids, none, bad ids or no tag', async () => {
    const many = Array.from({ length: 1001 }, () => String(new Types.ObjectId()));
    const tooMany = await post(acme.recruiter.auth, 'tags', { candidateIds: many, add: ['x'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(CandidatesBulkMessages.tooMany);
    expect((await post(acme.recruiter.auth, 'export', { candidateIds: many })).body.message).toBe(CandidatesBulkMessages.tooMany);
    expect((await post(acme.recruiter.auth, 'tags', { candidateIds: [], add: ['x'] })).status).toBe(400);
    expect((await post(acme.recruiter.auth, 'tags', { candidateIds: ['nope'], add: ['x'] })).body.message).toMatch(/^candidateIds.0: must be a valid id/);
    const noTag = await post(acme.recruiter.auth, 'tags', { candidateIds: ids, add: [], remove: [] });
    expect(noTag.body.message).toBe(CandidatesBulkMessages.noTagChange);
    expect((await post(acme.recruiter.auth, 'add-to-job', { candidateIds: ids })).status).toBe(400);
  });
});

describe('POST /api/candidates/bulk/tags', () => {
  it('adds and removes tags, without case duplicates; another company’s id only counts as not found', async () => {
    const res = await post(acme.recruiter.auth, 'tags', { candidateIds: [...ids.slice(0, 3), globexId, String(new Types.ObjectId())], add: ['Java Team', 'keep'], remove: ['OLD'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3, notFound: 2, tooManyTags: 0 });
    expect((await cand(ids[0]!)).tags).toEqual(['Keep', 'Java Team']);
    expect((await cand(ids[1]!)).tags).toEqual(['Java Team', 'keep']);
    expect((await cand(globexId)).tags).toEqual(['secret']);
    const entry = await CandidateActivity.findOne({ customerId: acme.customerId, candidateId: ids[0], kind: 'profile_updated' }).lean();
    expect(entry).toMatchObject({ by: acme.recruiter.user._id, summary: 'Tags added Java Team; removed old' });
    // Nothing left to change: nothing is written again.
    expect((await post(acme.admin.auth, 'tags', { candidateIds: ids.slice(0, 2), add: ['java team'] })).body).toEqual({ updated: 0, notFound: 0, tooManyTags: 0 });
    expect(await CandidateActivity.countDocuments({ customerId: acme.customerId, kind: 'profile_updated', candidateId: { $in: ids.slice(0, 2) } })).toBe(2);
  });

  it('leaves a candidate as they were when the added tags would pass the 50-tag limit', async () => {
    const full = await person(acme.customerId, 50, { tags: Array.from({ length: 49 }, (_, i) => `t${i}`) });
    const res = await post(acme.recruiter.auth, 'tags', { candidateIds: [full, ids[4]], add: ['one', 'two'] });
    expect(res.body).toEqual({ updated: 1, notFound: 0, tooManyTags: 1 });
    expect((await cand(full)).tags).toHaveLength(49);
    expect((await cand(ids[4]!)).tags).toEqual(['one', 'two']);
  });
});

describe('POST /api/candidates/bulk/add-to-job', () => {
  it('puts each candidate in the first stage as sourced, once; counts the ones already there and the unknown ones', async () => {
    const before = (await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())!;
    const first = before.stages[0]!;
    const res = await post(acme.recruiter.auth, 'add-to-job', { candidateIds: [ids[0], ids[1]], jobId });
    expect(res.body).toEqual({ added: 2, alreadyOnJob: 0, notFound: 0 });

    const again = await post(acme.recruiter.auth, 'add-to-job', { candidateIds: [ids[0], ids[1], ids[2], globexId], jobId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ added: 1, alreadyOnJob: 2, notFound: 1 });

    const apps = await Application.find({ customerId: acme.customerId, jobId }).lean();
    expect(apps).toHaveLength(3);
    expect(apps.every((a) => a.source === 'sourced' && String(a.stageId) === String(first._id))).toBe(true);
    expect(await StageEvent.countDocuments({ customerId: acme.customerId, jobId, fromStageId: null })).toBe(3);
    const after = (await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())!;
    expect(after.applicantCount).toBe((before.applicantCount ?? 0) + 3);
    expect((after.stageCounts as Record<string, number>)[String(first._id)]).toBe(((before.stageCounts as Record<string, number>)[String(first._id)] ?? 0) + 3);
    expect((after.kindCounts as Record<string, number>)[first.kind]).toBe(((before.kindCounts as Record<string, number> | undefined)?.[first.kind] ?? 0) + 3);
    const c = (await cand(ids[2]!));
    expect(c.jobIds.map(String)).toEqual([jobId]);
    expect(c.stageKinds).toEqual([first.kind]);
    expect(await CandidateActivity.countDocuments({ customerId: acme.customerId, kind: 'added_to_job', jobId, by: acme.recruiter.user._id })).toBe(3);
    expect(await Application.countDocuments({ customerId: globex.customerId, candidateId: globexId })).toBe(0);
  });

  it('404 for another company’s job, 409 for a closed one', async () => {
    const globexJob = (await openJobThroughApproval(app, globex, { title: 'Globex job', jobCodeId: null })).jobId;
    expect((await post(acme.recruiter.auth, 'add-to-job', { candidateIds: ids, jobId: globexJob })).status).toBe(404);
    await Job.updateOne({ customerId: globex.customerId, _id: globexJob }, { status: 'closed' });
    const closed = await post(globex.recruiter.auth, 'add-to-job', { candidateIds: [globexId], jobId: globexJob });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(CandidatesBulkMessages.jobNotOpen);
  });
});

describe('POST /api/candidates/bulk/export', () => {
  const download = (auth: string, url: string) =>
    request(app)
      .get(url)
      .set('Authorization', auth)
      .buffer(true)
      .parse(binaryBody);

  it('writes the selected visible candidates to Excel in the background and audits each export', async () => {
    const res = await post(acme.admin.auth, 'export', { candidateIds: [ids[3], ids[0], globexId] });
    expect(res.status).toBe(202);
    let ready: TExportStatus | undefined;
    await vi.waitFor(
      async () => {
        ready = ZExportStatus.parse((await request(app).get(`/api/exports/${res.body.jobId}`).set('Authorization', acme.admin.auth).expect(200)).body);
        expect(ready.state).toBe('done');
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(ready!.fileName).toMatch(/^candidates-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // Only the asker reads the file.
    expect((await request(app).get(ready!.fileUrl!).set('Authorization', acme.recruiter.auth)).status).toBe(404);
    const file = await download(acme.admin.auth, ready!.fileUrl!);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as Buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Candidates')!;
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]!.slice(0, 3)).toEqual(['First name', 'Last name', 'Email']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[11]])).toEqual([
      ['First0', 'Last00', 'Platform Engineer'],
      ['First3', 'Last03', ''],
    ]);
    expect(JSON.stringify(rows)).not.toContain('First99');

    const audit = await CandidateActivity.find({ customerId: acme.customerId, kind: 'exported' }).lean();
    expect(audit.map((a) => String(a.candidateId)).sort()).toEqual([ids[0], ids[3]].sort());
    expect(audit.every((a) => String(a.by) === acme.admin.id && a.summary === 'Exported to Excel')).toBe(true);
    // An export is audit, not activity: the last-activity date does not move for it.
    const c3 = (await cand(ids[3]!));
    expect(c3.lastActivityAt.getTime()).toBeLessThan(audit[0]!.at.getTime() + 1);
  });
});
