import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { LiveEvent } from '../../../lib/live-events/live-event.model';
import { openJobThroughApproval } from '../../jobs/jobs.test-support';
import { buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

const queue = (auth: string, query: Record<string, string | number> = {}) => request(app).get('/api/speed-screening').query(query).set('Authorization', auth);
const hold = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/hold`).set('Authorization', auth).send(body);
const move = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);
const names = (res: request.Response) => (res.body.items as { card: { name: string } }[]).map((i) => i.card.name);

describe('GET /api/speed-screening', () => {
  it('lists the first stage of a job, oldest first, paged by cursor, with answers, profile and where advance and reject go', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 4 });
    // Applicant3 waited longest; Applicant1 already moved on, so it is not new any more.
    await Application.updateOne({ customerId: co.customerId, _id: applicationIds[3] }, { $set: { stageEnteredAt: new Date('2020-01-01'), answers: [{ questionId: 'why', label: 'Why us?', answer: 'Great team' }] } });
    expect((await move(co.recruiter.auth, applicationIds[1]!, { stageId: stage('interview') })).status).toBe(200);

    const first = await queue(co.recruiter.auth, { jobId: String(job._id), limit: 2 });
    expect(first.status).toBe(200);
    expect(names(first)).toEqual(['Applicant3 Tester', 'Applicant0 Tester']);
    expect(first.body.total).toBe(3);
    const top = first.body.items[0];
    expect(top.answers).toEqual([{ label: 'Why us?', answer: 'Great team' }]);
    expect(top.nextStage).toMatchObject({ id: stage(job.stages[1]!.name), kind: job.stages[1]!.kind });
    expect(top.rejectStage).toMatchObject({ id: stage('rejected'), kind: 'rejected' });
    expect(top.profile).toEqual({ currentTitle: '', currentCompany: '', location: '', experienceYears: null, skills: [] });
    expect(top.resume).toBeNull();
    expect(first.body.jobs).toEqual([expect.objectContaining({ id: String(job._id), title: 'Backend Engineer' })]);

    const second = await queue(co.recruiter.auth, { jobId: String(job._id), limit: 2, cursor: first.body.nextCursor });
    expect(names(second)).toEqual(['Applicant2 Tester']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('"all my jobs" holds only the open jobs I run; an admin sees every open job', async () => {
    const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    // A second job of the company where the recruiter is not on the team.
    const other = await openJobThroughApproval(app, co, { title: 'Designer', team: { hiringManagerId: co.hm.id, recruiterIds: [co.approver2.id], interviewerIds: [], followerIds: [] } });
    const { addApplicant } = await import('../pipeline.test-support');
    const { Job } = await import('../../jobs/job.model');
    await addApplicant(co, (await Job.findOne({ customerId: co.customerId, _id: other.jobId }).lean())!, 'Other');

    const mine = await queue(co.recruiter.auth);
    expect(mine.body.jobs.map((j: { id: string }) => j.id)).toEqual([String(job._id)]);
    expect(names(mine)).toEqual(['Applicant0 Tester', 'Applicant1 Tester']);
    const admin = await queue(co.admin.auth);
    expect(admin.body.total).toBe(3);
    expect(names(admin)).toContain('Other Tester');
  });

  it('another company gets 404, someone on the job who may not move gets 403, someone off it 404; bad input 400', async () => {
    const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const { co: otherCo } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    expect((await queue(otherCo.admin.auth, { jobId: String(job._id) })).status).toBe(404);
    expect((await queue(co.employee.auth, { jobId: String(job._id) })).status).toBe(403);
    expect((await queue(co.approver1.auth, { jobId: String(job._id) })).status).toBe(404);
    expect((await queue(co.recruiter.auth, { jobId: 'nope' })).status).toBe(400);
    expect((await queue(co.recruiter.auth, { list: 'everything' })).status).toBe(400);
    expect((await queue(co.recruiter.auth, { cursor: 'garbage' })).status).toBe(400);
    // Someone who runs no job has nothing to screen.
    const empty = await queue(co.employee.auth);
    expect(empty.body).toMatchObject({ items: [], total: 0, jobs: [] });
  });
});

describe('POST /api/applications/:id/hold', () => {
  it('takes the applicant out of the queue onto the on-hold list, on the timeline and as a live event, and back', async () => {
    const { co, job, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const id = applicationIds[0]!;
    const res = await hold(co.hm.auth, id, { onHold: true });
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ applicationId: id, onHold: true });
    expect(names(await queue(co.recruiter.auth, { jobId: String(job._id) }))).toEqual(['Applicant1 Tester']);
    expect(names(await queue(co.recruiter.auth, { jobId: String(job._id), list: 'on_hold' }))).toEqual(['Applicant0 Tester']);
    expect(await CandidateActivity.countDocuments({ customerId: co.customerId, applicationId: id, kind: 'on_hold' })).toBe(1);
    expect(await LiveEvent.countDocuments({ customerId: co.customerId, applicationId: id, kind: 'application.updated' })).toBe(1);

    expect((await hold(co.recruiter.auth, id, { onHold: false })).status).toBe(200);
    expect(names(await queue(co.recruiter.auth, { jobId: String(job._id) }))).toEqual(['Applicant0 Tester', 'Applicant1 Tester']);
  });

  it('only the hiring team of the job; other companies 404; bad input 400', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const { co: otherCo } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    expect((await hold(co.employee.auth, id, { onHold: true })).status).toBe(403);
    expect((await hold(co.approver2.auth, id, { onHold: true })).status).toBe(403);
    expect((await hold(co.approver1.auth, id, { onHold: true })).status).toBe(404);
    expect((await hold(otherCo.admin.auth, id, { onHold: true })).status).toBe(404);
    expect((await hold(co.recruiter.auth, id, { onHold: 'yes' })).status).toBe(400);
    expect((await hold(co.recruiter.auth, 'abc', { onHold: true })).status).toBe(400);
    expect((await hold(co.recruiter.auth, new Types.ObjectId().toHexString(), { onHold: true })).status).toBe(404);
    expect((await Application.findOne({ customerId: co.customerId, _id: id }).lean())!.onHold).toBe(false);
  });
});

describe('speed screening decisions through the API', () => {
  it('advance, reject with a reason and their undo (a move back) leave the queue as it was', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    const jobId = String(job._id);
    const [a, b] = applicationIds as [string, string];
    const items = (await queue(co.recruiter.auth, { jobId })).body.items;
    const advanced = await move(co.recruiter.auth, a, { stageId: items[0].nextStage.id });
    expect(advanced.status).toBe(200);
    const rejected = await move(co.recruiter.auth, b, { stageId: items[1].rejectStage.id, reason: 'Not enough experience' });
    expect(rejected.status).toBe(200);
    expect(names(await queue(co.recruiter.auth, { jobId }))).toEqual(['Applicant2 Tester']);

    // Undo the rejection, then the advance: each goes back to the stage the move came from.
    expect((await move(co.recruiter.auth, b, { stageId: rejected.body.fromStageId })).status).toBe(200);
    expect((await move(co.recruiter.auth, a, { stageId: advanced.body.fromStageId })).status).toBe(200);
    expect(advanced.body.fromStageId).toBe(stage('screening'));
    const after = await queue(co.recruiter.auth, { jobId });
    expect(after.body.total).toBe(3);
    expect(new Set(names(after))).toEqual(new Set(['Applicant0 Tester', 'Applicant1 Tester', 'Applicant2 Tester']));
    expect((await Application.findOne({ customerId: co.customerId, _id: b }).lean())!.rejectionReason).toBe('');
    expect(await StageEvent.countDocuments({ customerId: co.customerId, applicationId: b })).toBe(3);
  });
});

describe('GET /api/speed-screening/summary', () => {
  it('counts new applicants per job I run, most first, and nothing for someone who runs no job', async () => {
    const { co, job, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    await hold(co.recruiter.auth, applicationIds[0]!, { onHold: true });
    const res = await request(app).get('/api/speed-screening/summary').set('Authorization', co.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jobs: [{ jobId: String(job._id), title: 'Backend Engineer', count: 2 }], total: 2 });
    const none = await request(app).get('/api/speed-screening/summary').set('Authorization', co.employee.auth);
    expect(none.body).toEqual({ jobs: [], total: 0 });
    expect((await request(app).get('/api/speed-screening/summary')).status).toBe(401);
  });
});

describe('GET /api/applications/:id/resume-preview', () => {
  it('says there is no résumé, and hides applications of other companies', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const { co: otherCo } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const res = await request(app).get(`/api/applications/${applicationIds[0]}/resume-preview`).set('Authorization', co.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'none', fileId: null });
    expect((await request(app).get(`/api/applications/${applicationIds[0]}/resume-preview`).set('Authorization', otherCo.admin.auth)).status).toBe(404);
  });
});
