import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { PipelineMessages } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Job } from '../../jobs/job.model';
import { StatusEvent } from '../../jobs/status-event.model';
import { buildJobsCompany } from '../../jobs/jobs.test-support';
import { LiveEvent } from '../../../lib/live-events/live-event.model';
import { QueueJob } from '../../../lib/job-queue.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // Mail jobs stay queued here (move-mail.test.ts runs them): this file checks what a move writes.
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const move = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);
const applicationOf = (co: { customerId: Types.ObjectId }, id: string) => Application.findOne({ customerId: co.customerId, _id: id }).lean();
const eventsOf = (co: { customerId: Types.ObjectId }, id: string) => StageEvent.find({ customerId: co.customerId, applicationId: id }).sort({ at: 1, _id: 1 }).lean();
const timelineOf = async (co: { customerId: Types.ObjectId }, id: string) =>
  (await CandidateActivity.find({ customerId: co.customerId, applicationId: id, kind: 'stage_moved' }).sort({ at: 1, _id: 1 }).lean()).map((a) => a.summary);

describe('POST /api/applications/:id/move', () => {
  it('moves an applicant: one stage event, the job counts, the card, the timeline and a live event', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const res = await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('interview') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fromStageId: stage('screening'), jobStatus: 'open' });
    expect(res.body.card).toMatchObject({ applicationId: applicationIds[0], stageId: stage('interview'), stageKind: 'interview', jobTitle: 'Backend Engineer', rejectionReason: '', withdrawn: false });
    const events = await eventsOf(co, applicationIds[0]!);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ fromKind: 'screening', toKind: 'interview', reason: '', withdrawn: false });
    expect(String(events[1]!.by)).toBe(co.recruiter.id);
    const after = (await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!;
    const counts = after.stageCounts as Record<string, number>;
    expect(counts[stage('screening')]).toBe(1);
    expect(counts[stage('interview')]).toBe(1);
    expect(after.kindCounts).toEqual({ screening: 1, interview: 1, offer: 0, hired: 0, rejected: 0 });
    expect(await timelineOf(co, applicationIds[0]!)).toEqual([expect.stringMatching(/^Moved from .+ to .+ on Backend Engineer$/)]);
    expect(await LiveEvent.countDocuments({ customerId: co.customerId, applicationId: applicationIds[0], kind: 'application.moved' })).toBe(1);
  });

  it("only the job's hiring team moves: recruiters of the job, its hiring manager, admins and super users", async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    const superUser = await buildUser({ customerId: co.customerId, role: 'employee', superUser: true });
    const superAuth = `Bearer ${await tokenFor(ctx.config, superUser)}`;
    const plainEmployee = await buildUser({ customerId: co.customerId, role: 'employee' });
    const plainAuth = `Bearer ${await tokenFor(ctx.config, plainEmployee)}`;
    const other = await buildJobsCompany(ctx.config);

    // A recruiter not on the job and the job's interviewer see it but may not move it.
    for (const auth of [co.approver2.auth, co.employee.auth]) {
      const refused = await move(auth, id, { stageId: stage('interview') });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(PipelineMessages.notOnTeam);
    }
    // An employee who is not on the job does not see it; nor does another company.
    expect((await move(plainAuth, id, { stageId: stage('interview') })).status).toBe(404);
    expect((await move(other.admin.auth, id, { stageId: stage('interview') })).status).toBe(404);
    expect((await move(co.admin.auth, 'ffffffffffffffffffffffff', { stageId: stage('interview') })).status).toBe(404);
    expect(await eventsOf(co, id)).toHaveLength(1);

    const order = ['interview', 'offer', 'screening', 'interview'];
    const movers = [co.recruiter.auth, co.hm.auth, co.admin.auth, superAuth];
    for (let i = 0; i < movers.length; i++) expect((await move(movers[i]!, id, { stageId: stage(order[i]!) })).status).toBe(200);
    expect(await eventsOf(co, id)).toHaveLength(5);
  });

  it('refuses a stage of another job (400) and the stage it is already in (409)', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const other = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const foreign = await move(co.admin.auth, applicationIds[0]!, { stageId: other.stage('interview') });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(PipelineMessages.stageNotInJob);
    const same = await move(co.admin.auth, applicationIds[0]!, { stageId: stage('screening') });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(PipelineMessages.alreadyInStage);
    expect(await eventsOf(co, applicationIds[0]!)).toHaveLength(1);
  });

  it('a rejection needs an active reason of the list; moving back out of rejected clears it', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    expect((await move(co.recruiter.auth, id, { stageId: stage('rejected') })).body.message).toBe(PipelineMessages.reasonRequired);
    expect((await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: '   ' })).body.message).toBe(PipelineMessages.reasonRequired);
    expect((await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Because' })).body.message).toBe(PipelineMessages.unknownReason);
    const reasons = (await request(app).get('/api/rejection-reasons').set('Authorization', co.admin.auth)).body.items as { id: string; label: string }[];
    const retired = reasons.find((r) => r.label === 'Did not show up')!;
    await request(app).patch(`/api/rejection-reasons/${retired.id}`).set('Authorization', co.admin.auth).send({ active: false }).expect(200);
    expect((await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Did not show up' })).body.message).toBe(PipelineMessages.unknownReason);
    expect(await eventsOf(co, id)).toHaveLength(1);

    const ok = await move(co.hm.auth, id, { stageId: stage('rejected'), reason: 'not enough EXPERIENCE' });
    expect(ok.status).toBe(200);
    expect(ok.body.card).toMatchObject({ stageKind: 'rejected', rejectionReason: 'Not enough experience', withdrawn: false });
    const rejected = await applicationOf(co, id);
    expect(rejected).toMatchObject({ stageKind: 'rejected', rejectionReason: 'Not enough experience', withdrawn: false });
    expect(String(rejected!.rejectedBy)).toBe(co.hm.id);
    expect((await eventsOf(co, id)).at(-1)).toMatchObject({ toKind: 'rejected', reason: 'Not enough experience', withdrawn: false });

    const back = await move(co.recruiter.auth, id, { stageId: stage('screening') });
    expect(back.body.card).toMatchObject({ stageKind: 'screening', rejectionReason: '', withdrawn: false });
    expect(await applicationOf(co, id)).toMatchObject({ stageKind: 'screening', rejectionReason: '', rejectedBy: null, withdrawn: false });
    expect(await timelineOf(co, id)).toEqual(['Rejected on Backend Engineer: Not enough experience', expect.stringMatching(/^Moved from .+ to .+ on Backend Engineer$/)]);
  });

  it('a withdrawal is kept apart from a rejection: no reason needed, flagged on the application, the stage event and the timeline', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const refused = await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('interview'), withdrawn: true });
    expect(refused.body.message).toBe(PipelineMessages.withdrawnNeedsRejectedStage);

    expect((await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('rejected'), withdrawn: true })).status).toBe(200);
    expect(await applicationOf(co, applicationIds[0]!)).toMatchObject({ stageKind: 'rejected', withdrawn: true, rejectionReason: '', rejectedBy: null });
    expect((await eventsOf(co, applicationIds[0]!)).at(-1)).toMatchObject({ toKind: 'rejected', withdrawn: true, reason: '' });
    expect(await timelineOf(co, applicationIds[0]!)).toEqual(['Withdrew from Backend Engineer']);

    // A note of the candidate's own words is kept, not checked against the list.
    const noted = await move(co.recruiter.auth, applicationIds[1]!, { stageId: stage('rejected'), withdrawn: true, reason: 'Took another offer' });
    expect(noted.body.card).toMatchObject({ withdrawn: true, rejectionReason: 'Took another offer' });
    expect(await timelineOf(co, applicationIds[1]!)).toEqual(['Withdrew from Backend Engineer: Took another offer']);

    // The job's applicant list says it on each row.
    const listed = await request(app).get(`/api/jobs/${String(job._id)}/applications`).set('Authorization', co.hm.auth).expect(200);
    const rowOf = (id: string) => (listed.body.items as { applicationId: string }[]).find((r) => r.applicationId === id);
    expect(rowOf(applicationIds[0]!)).toMatchObject({ withdrawn: true, rejectionReason: '', stage: { kind: 'rejected' } });
    expect(rowOf(applicationIds[1]!)).toMatchObject({ withdrawn: true, rejectionReason: 'Took another offer' });

    await move(co.recruiter.auth, applicationIds[1]!, { stageId: stage('screening') }).expect(200);
    expect(await applicationOf(co, applicationIds[1]!)).toMatchObject({ withdrawn: false, rejectionReason: '' });
  });

  it('two moves of one applicant at once: one wins, the other is told it changed meanwhile, one stage event', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    // The same target from both, so whichever order the two requests land in, exactly one may win.
    const [a, b] = await Promise.all([move(co.recruiter.auth, id, { stageId: stage('interview') }), move(co.hm.auth, id, { stageId: stage('interview') })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect([PipelineMessages.changedMeanwhile, PipelineMessages.alreadyInStage]).toContain(loser.body.message);
    const winner = a.status === 200 ? a : b;
    expect(await eventsOf(co, id)).toHaveLength(2);
    expect((await applicationOf(co, id))!.stageId.toString()).toBe(winner.body.card.stageId);
    const after = (await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!;
    const counts = after.stageCounts as Record<string, number>;
    expect(Object.values(counts).reduce((s, n) => s + n, 0)).toBe(1);
    expect(counts[winner.body.card.stageId]).toBe(1);
    expect(Object.values(after.kindCounts as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(1);
    expect((after.kindCounts as Record<string, number>)[winner.body.card.stageKind]).toBe(1);
    expect(await LiveEvent.countDocuments({ customerId: co.customerId, applicationId: id, kind: 'application.moved' })).toBe(1);
  });

  it('hires fill openings: the last one makes the job filled (status event), moving a hire back reopens it', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2, headcount: 2 });
    const first = await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('hired') });
    expect(first.body.jobStatus).toBe('open');
    const last = await move(co.recruiter.auth, applicationIds[1]!, { stageId: stage('hired') });
    expect(last.body.jobStatus).toBe('filled');
    expect((await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!.status).toBe('filled');
    const statusEvents = () => StatusEvent.find({ customerId: co.customerId, entity: 'job', entityId: job._id }).sort({ at: 1, _id: 1 }).lean();
    expect((await statusEvents()).at(-1)).toMatchObject({ from: 'open', to: 'filled', comment: 'all 2 openings filled' });

    const undone = await move(co.recruiter.auth, applicationIds[1]!, { stageId: stage('offer') });
    expect(undone.body.jobStatus).toBe('open');
    expect((await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!.status).toBe('open');
    expect((await statusEvents()).at(-1)).toMatchObject({ from: 'filled', to: 'open' });
    expect((await statusEvents()).filter((e) => e.to === 'filled')).toHaveLength(1);
  });

  it('bad input is a 400 that says what is wrong, and nothing is written', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    const template = await MailTemplate.create({ customerId: co.customerId, kind: 'pipeline', name: 'No', subject: 'Hi', body: 'Sorry' });
    const reason = 'Not enough experience';
    const cases: [string, object, string][] = [
      ['not-an-id', { stageId: stage('interview') }, 'id: must be a valid id'],
      [id, { stageId: 'interview' }, 'stageId: must be a valid id'],
      [id, {}, 'stageId: is required'],
      [id, { stageId: stage('rejected'), reason: 'x'.repeat(121) }, 'reason: is too long'],
      [id, { stageId: stage('rejected'), reason, rejectionMail: { templateId: String(template._id), delayMinutes: 14 * 24 * 60 + 1 } }, 'rejectionMail.delayMinutes: can wait at most 14 days'],
      [id, { stageId: stage('rejected'), reason, rejectionMail: { templateId: 'ffffffffffffffffffffffff' } }, 'This mail template does not exist'],
      [id, { stageId: stage('rejected'), reason, rejectionMail: { templateId: 'nope' } }, 'rejectionMail.templateId: must be a valid id'],
      [id, { stageId: { $ne: null } }, 'Field names may not start with "$"'],
    ];
    for (const [target, body, message] of cases) {
      const res = await move(co.recruiter.auth, target, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await eventsOf(co, id)).toHaveLength(1);
    expect(await applicationOf(co, id)).toMatchObject({ stageKind: 'screening', rejectionReason: '' });
    expect(await QueueJob.countDocuments({ name: 'pipeline.candidate-mail', customerId: co.customerId })).toBe(0);
    expect(await timelineOf(co, id)).toEqual([]);
  });
});
