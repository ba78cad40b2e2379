import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { Pipeline, ZBoard, ZBoardColumnPage, type TBoard, type TBoardColumnPage } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { Job } from '../../jobs/job.model';
import { buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

const board = (auth: string, query: Record<string, string | number> = {}) => request(app).get('/api/workflow').query(query).set('Authorization', auth);
const column = (auth: string, query: Record<string, string | number>) => request(app).get('/api/workflow/stage').query(query).set('Authorization', auth);
const move = (auth: string, id: string, stageId: string) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send({ stageId });
const DayMs = 86_400_000;

const stageOf = (body: TBoard, id: string) => body.stages.find((s) => s.id === id)!;

describe('GET /api/workflow', () => {
  it("shows the job's stages in order with their counts and cards, newest in the stage first", async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    expect((await move(co.recruiter.auth, applicationIds[1]!, stage('interview'))).status).toBe(200);

    const res = await board(co.recruiter.auth, { jobId: String(job._id) });
    expect(res.status).toBe(200);
    // The SPA parses the answer with the contract.
    const body = ZBoard.parse(res.body);
    expect(body.job).toMatchObject({ id: String(job._id), title: 'Backend Engineer', status: 'open', mine: true });
    expect(body.picked).toBe('asked');
    expect(body.canMove).toBe(true);
    expect(body.stages.map((s) => s.name)).toEqual(job.stages.map((s) => s.name));
    const first = body.stages[0]!;
    expect(first.count).toBe(2);
    expect(first.cards.map((c) => c.applicationId)).toEqual([applicationIds[2], applicationIds[0]]);
    expect(first.cards[0]).toMatchObject({ name: 'Applicant2 Tester', source: 'career_site', stageId: first.id, jobTitle: 'Backend Engineer' });
    expect(first.nextCursor).toBeNull();
    const interview = stageOf(body, stage('interview'));
    expect(interview).toMatchObject({ count: 1, kind: 'interview' });
    expect(interview.cards.map((c) => c.applicationId)).toEqual([applicationIds[1]]);
    expect(body.jobs.map((j) => j.id)).toContain(String(job._id));
  });

  it('pages a column by cursor, newest first, without duplicates or gaps (also among cards that entered at the same time)', async () => {
    const { co, job, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const firstStage = String(job.stages[0]!._id);
    const sameMoment = new Date(Date.now() - 5 * DayMs);
    const extra = Array.from({ length: 70 }, (_, i) => ({
      _id: new Types.ObjectId(),
      customerId: co.customerId,
      candidateId: new Types.ObjectId(),
      jobId: job._id,
      stageId: job.stages[0]!._id,
      stageKind: job.stages[0]!.kind,
      source: 'sourced',
      appliedAt: sameMoment,
      // Half share one moment: the _id breaks the tie.
      stageEnteredAt: i % 2 ? sameMoment : new Date(sameMoment.getTime() - i * 60_000),
      candidateName: `Bulk ${i}`,
      candidateEmail: `bulk${i}@example.test`,
    }));
    await Application.collection.insertMany(extra);
    await Job.updateOne({ customerId: co.customerId, _id: job._id }, { $inc: { [`stageCounts.${firstStage}`]: extra.length } });

    const res = await board(co.hm.auth, { jobId: String(job._id) });
    const col = stageOf(res.body as TBoard, firstStage);
    expect(col.count).toBe(71);
    expect(col.cards).toHaveLength(Pipeline.columnPageSize);
    const seen = col.cards.map((c) => c.applicationId);
    let cursor = col.nextCursor;
    let pages = 1;
    while (cursor) {
      const next = await column(co.hm.auth, { jobId: String(job._id), stageId: firstStage, cursor });
      expect(next.status).toBe(200);
      const page = ZBoardColumnPage.parse(next.body);
      seen.push(...page.cards.map((c) => c.applicationId));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(71);
    expect([...seen].sort()).toEqual([...applicationIds, ...extra.map((e) => String(e._id))].sort());
    // In the column's order: newest in the stage first, ties by id.
    const ordered = (await Application.find({ customerId: co.customerId, jobId: job._id }).sort({ stageEnteredAt: -1, _id: -1 }).lean()).map((a) => String(a._id));
    expect(seen).toEqual(ordered);

    // The same paging through a tag filter (read in memory): the 70 tagged ones, in order, no repeats.
    await Candidate.collection.insertMany(extra.map((e) => ({ _id: e.candidateId, customerId: co.customerId, firstName: e.candidateName, lastName: '', email: e.candidateEmail, tags: ['bulk'], jobIds: [job._id], mergedIntoId: null })));
    const tagged = await board(co.hm.auth, { jobId: String(job._id), tag: 'bulk' });
    const taggedCol = stageOf(tagged.body as TBoard, firstStage);
    expect(taggedCol.count).toBe(70);
    const taggedSeen = taggedCol.cards.map((c) => c.applicationId);
    let taggedCursor = taggedCol.nextCursor;
    while (taggedCursor) {
      const page = (await column(co.hm.auth, { jobId: String(job._id), stageId: firstStage, tag: 'bulk', cursor: taggedCursor })).body as TBoardColumnPage;
      taggedSeen.push(...page.cards.map((c) => c.applicationId));
      taggedCursor = page.nextCursor;
    }
    expect(taggedSeen).toEqual(ordered.filter((id) => id !== applicationIds[0]));

    expect((await column(co.hm.auth, { jobId: String(job._id), stageId: firstStage, cursor: 'nonsense' })).status).toBe(400);
  });

  it('filters cards and counts by source, tag, owner and days in stage', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 4 });
    const [a, b, c, d] = applicationIds as [string, string, string, string];
    const firstStage = String(job.stages[0]!._id);
    const apps = await Application.find({ customerId: co.customerId, jobId: job._id }).lean();
    const candidateOf = (id: string) => apps.find((x) => String(x._id) === id)!.candidateId;
    await Application.collection.updateOne({ _id: new Types.ObjectId(a) }, { $set: { source: 'referral' } });
    await Candidate.updateOne({ customerId: co.customerId, _id: candidateOf(b) }, { $set: { tags: ['python', 'remote'] } });
    await Application.updateOne({ customerId: co.customerId, _id: c }, { $set: { ownerId: co.admin.user._id } });
    await Application.updateOne({ customerId: co.customerId, _id: d }, { $set: { stageEnteredAt: new Date(Date.now() - 10 * DayMs - 3_600_000) } });
    expect((await move(co.recruiter.auth, b, stage('interview'))).status).toBe(200);

    const only = async (query: Record<string, string | number>) => {
      const body = (await board(co.recruiter.auth, { jobId: String(job._id), ...query })).body as TBoard;
      return { ids: body.stages.flatMap((s) => s.cards.map((x) => x.applicationId)).sort(), first: stageOf(body, firstStage).count, interview: stageOf(body, stage('interview')).count };
    };
    expect(await only({ source: 'referral' })).toEqual({ ids: [a], first: 1, interview: 0 });
    expect(await only({ tag: 'python' })).toEqual({ ids: [b], first: 0, interview: 1 });
    expect(await only({ tag: 'golang' })).toEqual({ ids: [], first: 0, interview: 0 });
    // Applicants start owned by the job's recruiter; one now belongs to the admin.
    expect(await only({ ownerId: co.admin.id })).toEqual({ ids: [c], first: 1, interview: 0 });
    expect(await only({ ownerId: co.recruiter.id })).toEqual({ ids: [a, b, d].sort(), first: 2, interview: 1 });
    expect(await only({ minDays: 10 })).toEqual({ ids: [d], first: 1, interview: 0 });
    expect(await only({ maxDays: 9 })).toEqual({ ids: [a, b, c].sort(), first: 2, interview: 1 });
    expect(await only({ minDays: 9, maxDays: 10 })).toEqual({ ids: [d], first: 1, interview: 0 });
    // A filtered column pages with the same filter.
    const page = await column(co.recruiter.auth, { jobId: String(job._id), stageId: firstStage, source: 'referral' });
    expect((page.body as TBoardColumnPage).cards.map((x) => x.applicationId)).toEqual([a]);
    // Unfiltered counts are the job's.
    expect(await only({})).toEqual({ ids: [a, b, c, d].sort(), first: 3, interview: 1 });
    expect((await board(co.recruiter.auth, { jobId: String(job._id), minDays: -1 })).status).toBe(400);
    expect((await board(co.recruiter.auth, { jobId: String(job._id), source: 'carrier pigeon' })).status).toBe(400);
  });

  it('shows a job to whoever may view it, says who may move, and hides it from others', async () => {
    const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const other = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const jobId = String(job._id);
    const firstStage = String(job.stages[0]!._id);

    const asHm = await board(co.hm.auth, { jobId });
    expect(asHm.status).toBe(200);
    expect(asHm.body).toMatchObject({ canMove: true });
    expect((asHm.body as TBoard).stages[0]!.count).toBe(1);
    // The interviewer is on the team: sees the board, may not move.
    expect((await board(co.employee.auth, { jobId })).body).toMatchObject({ canMove: false, job: { id: jobId } });
    // A recruiter off the team sees every job but may not move.
    expect((await board(co.approver2.auth, { jobId })).body).toMatchObject({ canMove: false, job: { id: jobId, mine: false } });
    expect((await board(co.admin.auth, { jobId })).body).toMatchObject({ canMove: true });
    // An employee off the job, and another company, get nothing.
    expect((await board(co.approver1.auth, { jobId })).status).toBe(404);
    expect((await column(co.approver1.auth, { jobId, stageId: firstStage })).status).toBe(404);
    expect((await board(other.co.admin.auth, { jobId })).status).toBe(404);
    expect((await column(other.co.admin.auth, { jobId, stageId: firstStage })).status).toBe(404);
    expect((await board(co.admin.auth, { jobId: String(other.job._id) })).status).toBe(404);
    expect((await request(app).get('/api/workflow').query({ jobId })).status).toBe(401);
  });

  it('opens on the job I last opened, else my latest open job, and offers my open jobs first', async () => {
    const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const jobId = String(job._id);
    // A second open job of the company that the recruiter is not on.
    const otherJob = await Job.create({ customerId: co.customerId, title: 'Data Analyst', status: 'open', headcount: 1, openedAt: new Date(), stages: job.stages.map((s) => ({ name: s.name, kind: s.kind })), memberIds: [co.admin.user._id] });

    const first = (await board(co.recruiter.auth)).body as TBoard;
    expect(first).toMatchObject({ picked: 'my_open_job', job: { id: jobId } });
    expect(first.jobs[0]).toMatchObject({ id: jobId, mine: true });
    expect(first.jobs.find((j) => j.id === String(otherJob._id))).toMatchObject({ title: 'Data Analyst', mine: false });

    expect((await board(co.recruiter.auth, { jobId: String(otherJob._id) })).status).toBe(200);
    expect((await board(co.recruiter.auth)).body).toMatchObject({ picked: 'last_opened', job: { id: String(otherJob._id), title: 'Data Analyst' } });
    // Someone else's choice is their own.
    expect((await board(co.hm.auth)).body).toMatchObject({ picked: 'my_open_job', job: { id: jobId } });

    // A recruiter on no job sees the company's busiest open job rather than an empty board.
    expect((await board(co.approver2.auth)).body).toMatchObject({ picked: 'company_open_job', job: { id: jobId } });
    // The employee off every job has nothing to show yet; their picker is empty (they do not see all jobs).
    expect((await board(co.approver1.auth)).body).toEqual({ job: null, picked: 'none', canMove: false, stages: [], jobs: [] });
  });
});
