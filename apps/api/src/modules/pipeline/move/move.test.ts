import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { PipelineMessages } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { Job } from '../../jobs/job.model';
import { LiveEvent } from '../../../lib/live-events/live-event.model';
import { buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

const move = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);

describe('POST /api/applications/:id/move', () => {
  it('moves an applicant: one stage event, the job counts, the card and a live event', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const res = await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('interview') });
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ applicationId: applicationIds[0], stageId: stage('interview'), stageKind: 'interview', jobTitle: 'Backend Engineer' });
    expect(await StageEvent.countDocuments({ customerId: co.customerId, applicationId: applicationIds[0] })).toBe(2);
    const counts = (await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!.stageCounts as Record<string, number>;
    expect(counts[stage('screening')]).toBe(1);
    expect(counts[stage('interview')]).toBe(1);
    expect(await LiveEvent.countDocuments({ customerId: co.customerId, applicationId: applicationIds[0], kind: 'application.moved' })).toBe(1);
  });

  it('a rejection needs a reason of the list; someone off the hiring team is refused', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    expect((await move(co.recruiter.auth, id, { stageId: stage('rejected') })).body.message).toBe(PipelineMessages.reasonRequired);
    expect((await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Because' })).body.message).toBe(PipelineMessages.unknownReason);
    expect((await move(co.approver2.auth, id, { stageId: stage('rejected'), reason: 'Not enough experience' })).status).toBe(403);
    const ok = await move(co.hm.auth, id, { stageId: stage('rejected'), reason: 'not enough EXPERIENCE' });
    expect(ok.status).toBe(200);
    expect(await Application.findOne({ customerId: co.customerId, _id: id }).lean()).toMatchObject({ stageKind: 'rejected', rejectionReason: 'Not enough experience', withdrawn: false });
  });
});
