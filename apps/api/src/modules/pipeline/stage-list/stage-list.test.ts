import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { StageList } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { requisitionBody, type JobsCompany } from '../../jobs/jobs.test-support';
import { addApplicant, buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let co: JobsCompany;
let otherJob: JobDoc;
let other: Awaited<ReturnType<typeof buildPipelineCompany>>;
const Applicants = StageList.pageSize + 2;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const built = await buildPipelineCompany(app, ctx.config, { applicants: Applicants, title: 'Backend Engineer' });
  ({ co } = built);
  // Applied one after another, a minute apart: "newest in stage" is the reverse of the names' order.
  await Promise.all(built.applicationIds.map((id, i) => Application.updateOne({ customerId: co.customerId, _id: id }, { $set: { stageEnteredAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000) } })));
  const created = await request(app)
    .post('/api/jobs')
    .set('Authorization', co.admin.auth)
    .send({ ...requisitionBody(co, { jobCodeId: null, title: 'Analyst' }), team: { hiringManagerId: null, recruiterIds: [co.approver2.id], interviewerIds: [], followerIds: [] } });
  await Job.updateOne({ customerId: co.customerId, _id: created.body.id }, { $set: { status: 'open' } });
  otherJob = (await Job.findOne({ customerId: co.customerId, _id: created.body.id }).lean()) as JobDoc;
  await addApplicant(co, otherJob, 'Zed', 'Analyst');
  other = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
});
afterAll(() => ctx.stop());

const list = (auth: string, query: string) => request(app).get(`/api/workflow/list?${query}`).set('Authorization', auth);

describe('GET /api/workflow/list', () => {
  it("shows the hiring manager only his jobs' applicants, newest in stage first, 50 a page", async () => {
    const res = await list(co.hm.auth, 'kind=screening');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: Applicants, page: 1, pageSize: StageList.pageSize, scope: 'mine', canSeeAll: false });
    expect(res.body.items).toHaveLength(StageList.pageSize);
    expect(res.body.items[0]).toMatchObject({ name: `Applicant${Applicants - 1} Tester`, jobTitle: 'Backend Engineer', stageName: 'Applied', stageKind: 'screening' });
    expect(res.body.jobs.map((j: { title: string }) => j.title)).toEqual(['Backend Engineer']);
    const page2 = await list(co.hm.auth, 'kind=screening&page=2');
    expect(page2.body.items.map((r: { name: string }) => r.name)).toEqual(['Applicant1 Tester', 'Applicant0 Tester']);
    expect((await list(co.hm.auth, 'kind=screening&scope=all')).status).toBe(403);
    // A job he is not on, asked for by id, shows nothing.
    expect((await list(co.hm.auth, `kind=screening&jobId=${otherJob._id}`)).body.total).toBe(0);
  });

  it('lets a recruiter see every active job of the company with scope=all, never another company', async () => {
    const mine = await list(co.approver2.auth, 'kind=screening');
    expect(mine.body.total).toBe(1);
    expect(mine.body.items[0]).toMatchObject({ name: 'Zed Analyst', jobTitle: 'Analyst' });
    const all = await list(co.approver2.auth, 'kind=screening&scope=all&sort=job');
    expect(all.body).toMatchObject({ total: Applicants + 1, canSeeAll: true });
    expect(all.body.items[0]).toMatchObject({ name: 'Zed Analyst' });
    expect(all.body.items[1]).toMatchObject({ jobTitle: 'Backend Engineer', name: `Applicant${Applicants - 1} Tester` });
    // Page 2 goes on where page 1 stopped: the analyst and 49 engineers were on page 1.
    const jobPage2 = await list(co.approver2.auth, 'kind=screening&scope=all&sort=job&page=2');
    expect(jobPage2.body.items.map((r: { name: string }) => r.name)).toEqual(['Applicant2 Tester', 'Applicant1 Tester', 'Applicant0 Tester']);
    const otherCo = await list(other.co.admin.auth, 'kind=screening&scope=all');
    expect(otherCo.body.total).toBe(2);
    expect(otherCo.body.items.every((r: { jobId: string }) => r.jobId === String(other.job._id))).toBe(true);
  });

  it('sorts by name and oldest in stage, and filters by name, source, owner and job', async () => {
    const byName = await list(co.admin.auth, 'kind=screening&scope=all&sort=name');
    expect(byName.body.items.slice(0, 3).map((r: { name: string }) => r.name)).toEqual(['Applicant0 Tester', 'Applicant1 Tester', 'Applicant10 Tester']);
    const oldest = await list(co.admin.auth, 'kind=screening&scope=all&sort=oldest');
    expect(oldest.body.items[0].name).toBe('Applicant0 Tester');
    const searched = await list(co.admin.auth, 'kind=screening&scope=all&q=applicant5');
    expect(searched.body.items.map((r: { name: string }) => r.name).sort()).toEqual(['Applicant5 Tester', 'Applicant50 Tester', 'Applicant51 Tester']);
    expect((await list(co.admin.auth, 'kind=screening&scope=all&source=referral')).body.total).toBe(0);
    expect((await list(co.admin.auth, `kind=screening&scope=all&jobId=${otherJob._id}`)).body.total).toBe(1);
    await Application.updateOne({ customerId: co.customerId, jobId: otherJob._id }, { $set: { ownerId: co.admin.user._id } });
    const owned = await list(co.admin.auth, `kind=screening&scope=all&owner=${co.admin.id}`);
    expect(owned.body.items.map((r: { name: string; owner: { id: string } }) => [r.name, r.owner.id])).toEqual([['Zed Analyst', co.admin.id]]);
    expect((await list(co.admin.auth, 'kind=interview&scope=all')).body).toMatchObject({ total: 0, items: [] });
  });

  it('answers 400 for an unknown kind or sort and 401 without a session', async () => {
    expect((await list(co.admin.auth, 'kind=limbo')).status).toBe(400);
    expect((await list(co.admin.auth, 'kind=screening&sort=random')).status).toBe(400);
    expect((await request(app).get('/api/workflow/list?kind=screening')).status).toBe(401);
  });
});
