import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { BulkMessages, Pipeline, PipelineMessages } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { Candidate } from '../../candidates/candidate.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { requisitionBody, type JobsCompany } from '../../jobs/jobs.test-support';
import { MailTemplate } from '../../mail/mail-template.model';
import { QueueJob } from '../../../lib/job-queue.model';
import { LiveEvent } from '../../../lib/live-events/live-event.model';
import { addApplicant, buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

const bulk = (auth: string, body: object) => request(app).post('/api/applications/bulk').set('Authorization', auth).send(body);
const kindsOf = async (co: JobsCompany, ids: string[]) => (await Application.find({ customerId: co.customerId, _id: { $in: ids } }).sort({ candidateName: 1 }).lean()).map((a) => a.stageKind);

/** A second open job of the company whose team is `team` (the hiring manager of the first job is not on it). */
async function otherJob(co: JobsCompany, title: string, team: Record<string, unknown>) {
  const created = await request(app).post('/api/jobs').set('Authorization', co.admin.auth).send({ ...requisitionBody(co, { jobCodeId: null, title }), team });
  expect(created.status).toBe(201);
  await Job.updateOne({ customerId: co.customerId, _id: created.body.id }, { $set: { status: 'open' } });
  return (await Job.findOne({ customerId: co.customerId, _id: created.body.id }).lean()) as JobDoc;
}

describe('POST /api/applications/bulk', () => {
  it('moves each applicant to the stage of that kind in its own job; a second time each is already there', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    const res = await bulk(co.recruiter.auth, { applicationIds, action: { type: 'move', stageKind: 'interview' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: 3, refused: [] });
    expect(await kindsOf(co, applicationIds)).toEqual(['interview', 'interview', 'interview']);
    expect(await StageEvent.countDocuments({ customerId: co.customerId, jobId: job._id, toStageId: stage('interview') })).toBe(3);
    const counts = (await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!.stageCounts as Record<string, number>;
    expect(counts[stage('interview')]).toBe(3);

    const again = await bulk(co.recruiter.auth, { applicationIds: applicationIds.slice(0, 1), action: { type: 'move', stageKind: 'interview' } });
    expect(again.body).toEqual({ done: 0, refused: [{ applicationId: applicationIds[0], name: 'Applicant0 Tester', reason: PipelineMessages.alreadyInStage }] });
  });

  it('refuses per application: off the hiring team, another company, already in stage; the rest is done', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const foreignJob = await otherJob(co, 'Data Analyst', { hiringManagerId: null, recruiterIds: [co.approver2.id], interviewerIds: [], followerIds: [] });
    const foreignId = await addApplicant(co, foreignJob, 'Foreign');
    const other = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    await bulk(co.hm.auth, { applicationIds: [applicationIds[1]], action: { type: 'move', stageKind: 'interview' } });
    const missing = new Types.ObjectId().toHexString();

    const ids = [applicationIds[0]!, applicationIds[1]!, foreignId, other.applicationIds[0]!, missing];
    const res = await bulk(co.recruiter.auth, { applicationIds: ids, action: { type: 'move', stageKind: 'interview' } });
    expect(res.status).toBe(200);
    expect(res.body.done).toBe(1);
    expect(res.body.refused).toEqual([
      { applicationId: applicationIds[1], name: 'Applicant1 Tester', reason: PipelineMessages.alreadyInStage },
      { applicationId: foreignId, name: 'Foreign Tester', reason: PipelineMessages.notOnTeam },
      { applicationId: other.applicationIds[0], name: '', reason: BulkMessages.notFound },
      { applicationId: missing, name: '', reason: BulkMessages.notFound },
    ]);
    // The hiring manager does not see the other job at all: its applicant is "not found" to him.
    const hm = await bulk(co.hm.auth, { applicationIds: [foreignId], action: { type: 'move', stageKind: 'interview' } });
    expect(hm.body.refused).toEqual([{ applicationId: foreignId, name: '', reason: BulkMessages.notFound }]);
    expect(await Application.findOne({ customerId: co.customerId, _id: foreignId }).lean()).toMatchObject({ stageKind: 'screening' });
    expect(await Application.findOne({ customerId: other.co.customerId, _id: other.applicationIds[0] }).lean()).toMatchObject({ stageKind: 'screening' });
  });

  it('rejects with a reason of the list and queues the rejection mail; an unknown reason writes nothing', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const bad = await bulk(co.hm.auth, { applicationIds, action: { type: 'reject', reason: 'Because' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PipelineMessages.unknownReason);
    const noReason = await bulk(co.hm.auth, { applicationIds, action: { type: 'reject' } });
    expect(noReason.status).toBe(400);
    expect(await kindsOf(co, applicationIds)).toEqual(['screening', 'screening']);

    const template = await MailTemplate.create({ customerId: co.customerId, kind: 'pipeline', name: 'Sorry', subject: 'Your application', body: 'Thank you' });
    const res = await bulk(co.hm.auth, { applicationIds, action: { type: 'reject', reason: 'Not enough experience', rejectionMail: { templateId: String(template._id) } } });
    expect(res.body).toEqual({ done: 2, refused: [] });
    expect(await Application.find({ customerId: co.customerId, _id: { $in: applicationIds } }).lean()).toEqual(
      expect.arrayContaining([expect.objectContaining({ stageKind: 'rejected', rejectionReason: 'Not enough experience', withdrawn: false })]),
    );
    expect(await QueueJob.countDocuments({ customerId: co.customerId, name: 'pipeline.candidate-mail', 'payload.purpose': 'rejection' })).toBe(2);

    const withdrawn = await bulk(co.hm.auth, { applicationIds, action: { type: 'reject', withdrawn: true } });
    expect(withdrawn.body.refused.map((r: { reason: string }) => r.reason)).toEqual([PipelineMessages.alreadyInStage, PipelineMessages.alreadyInStage]);
  });

  it('tags the candidates and tells open boards with application.updated', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const res = await bulk(co.hm.auth, { applicationIds, action: { type: 'tag', add: ['Senior', 'remote'], remove: [] } });
    expect(res.body).toEqual({ done: 2, refused: [] });
    const apps = await Application.find({ customerId: co.customerId, _id: { $in: applicationIds } }).lean();
    const candidates = await Candidate.find({ customerId: co.customerId, _id: { $in: apps.map((a) => a.candidateId) } }).lean();
    expect(candidates.map((c) => c.tags)).toEqual([['Senior', 'remote'], ['Senior', 'remote']]);
    const events = await LiveEvent.find({ customerId: co.customerId, kind: 'application.updated' }).lean();
    expect(events).toHaveLength(2);
    expect((events[0]!.data as { card: { tags: string[] } }).card.tags).toEqual(['Senior', 'remote']);

    const removed = await bulk(co.recruiter.auth, { applicationIds, action: { type: 'tag', remove: ['senior'] } });
    expect(removed.body.done).toBe(2);
    expect((await Candidate.find({ customerId: co.customerId, _id: { $in: apps.map((a) => a.candidateId) } }).lean()).map((c) => c.tags)).toEqual([['remote'], ['remote']]);
  });

  it('assigns an application owner of the company; a user of another company is a 400 and nothing changes', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const other = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const ownersOf = async () => (await Application.find({ customerId: co.customerId, _id: { $in: applicationIds } }).lean()).map((a) => String(a.ownerId));
    const before = await ownersOf();
    const foreign = await bulk(co.recruiter.auth, { applicationIds, action: { type: 'owner', ownerId: other.co.recruiter.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(BulkMessages.unknownOwner);
    expect(await ownersOf()).toEqual(before);

    const res = await bulk(co.recruiter.auth, { applicationIds, action: { type: 'owner', ownerId: co.admin.id } });
    expect(res.body).toEqual({ done: 2, refused: [] });
    expect(await ownersOf()).toEqual([co.admin.id, co.admin.id]);
    const event = await LiveEvent.findOne({ customerId: co.customerId, kind: 'application.updated' }).lean();
    expect((event!.data as { card: { owner: { id: string } } }).card.owner.id).toBe(co.admin.id);
    const cleared = await bulk(co.hm.auth, { applicationIds, action: { type: 'owner', ownerId: null } });
    expect(cleared.body.done).toBe(2);
    expect(await ownersOf()).toEqual(['null', 'null']);
  });

  it('queues one template mail per applicant', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    const template = await MailTemplate.create({ customerId: co.customerId, kind: 'pipeline', name: 'Update', subject: 'News', body: 'Hello' });
    const unknown = await bulk(co.recruiter.auth, { applicationIds, action: { type: 'email', templateId: new Types.ObjectId().toHexString() } });
    expect(unknown.status).toBe(400);
    const res = await bulk(co.recruiter.auth, { applicationIds, action: { type: 'email', templateId: String(template._id) } });
    expect(res.body).toEqual({ done: 3, refused: [] });
    const jobs = await QueueJob.find({ customerId: co.customerId, name: 'pipeline.candidate-mail' }).lean();
    expect(jobs.map((j) => (j.payload as { purpose: string }).purpose)).toEqual(['bulk', 'bulk', 'bulk']);
  });

  it(`takes at most ${Pipeline.maxBulk} ids and answers 400 for bad input without writing`, async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const tooMany = Array.from({ length: Pipeline.maxBulk + 1 }, () => new Types.ObjectId().toHexString());
    const res = await bulk(co.recruiter.auth, { applicationIds: tooMany, action: { type: 'move', stageKind: 'interview' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(BulkMessages.tooMany);
    const cases: object[] = [
      { applicationIds: [], action: { type: 'move', stageKind: 'interview' } },
      { applicationIds, action: { type: 'explode' } },
      { applicationIds, action: { type: 'move', stageKind: 'limbo' } },
      { applicationIds, action: { type: 'move', stageKind: 'rejected' } },
      { applicationIds, action: { type: 'tag', add: [], remove: [] } },
      { applicationIds: ['nope'], action: { type: 'move', stageKind: 'interview' } },
    ];
    for (const body of cases) expect((await bulk(co.recruiter.auth, body)).status).toBe(400);
    expect(await kindsOf(co, applicationIds)).toEqual(['screening']);
    expect((await request(app).post('/api/applications/bulk').send({ applicationIds, action: { type: 'move', stageKind: 'interview' } })).status).toBe(401);
  });
});
