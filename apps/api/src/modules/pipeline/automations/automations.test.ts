import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Customer } from '../../org/customer.model';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { AutomationMessages, Pipeline } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { MailJob } from '../../../lib/mailer';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Candidate } from '../../candidates/candidate.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { OutboxMail } from '../../mail/outbox.model';
import { PipelineMailJob } from '../mail/pipeline-mail.job';
import { addApplicant, buildPipelineCompany } from '../pipeline.test-support';
import { StageAutomationJob } from './stage-automation.job';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  // Only the test's worker, on its own clock, runs jobs here: what is due and when is the test's to say.
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

// The worker's clock: tests move it forward instead of waiting for a delay to pass.
let offsetMs = 0;
beforeEach(() => {
  offsetMs = 0;
});
const worker = () => new JobWorker({ definitions: [MailJob, PipelineMailJob, StageAutomationJob], config: ctx.config, logger: ctx.logger, now: () => new Date(Date.now() + offsetMs) });
const runDueJobs = () => worker().drain();
const later = (minutes: number) => (offsetMs += minutes * 60_000);

const list = (auth: string) => request(app).get('/api/stage-automations').set('Authorization', auth);
const save = (auth: string, stageId: string, automations: object[]) => request(app).put(`/api/stage-automations/${stageId}`).set('Authorization', auth).send({ automations });
const move = (auth: string, id: string, stageId: string) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send({ stageId });

type Company = Awaited<ReturnType<typeof buildPipelineCompany>>;
/** The template stage the job's stage of that kind or name came from (same name and kind). */
async function templateStage(co: Company['co'], kindOrName: string) {
  const res = await list(co.admin.auth).expect(200);
  const stage = (res.body.stages as { stageId: string; name: string; kind: string }[]).find((s) => s.kind === kindOrName || s.name === kindOrName);
  return stage!.stageId;
}
const pipelineTemplate = (customerId: Types.ObjectId, name = 'Moving forward', kind: 'pipeline' | 'campaign' = 'pipeline') =>
  MailTemplate.create({ customerId, kind, name, subject: `Next steps at {{company.name}}`, body: 'Hello {{candidate.firstName}}, you are moving forward.' });
/** Mails of the pipeline (candidate mails and automations), not the job approval mails the setup sends. */
const pipelineMails = (to: string | { $in: string[] }, extra: object = {}) => OutboxMail.find({ to, kind: /^pipeline-/, ...extra }).lean();
const candidateOf = async (co: Company['co'], applicationId: string) => (await Application.findOne({ customerId: co.customerId, _id: applicationId }).lean())!;

describe('stage automations: saving', () => {
  it('an admin saves a stage’s automations; the template’s name comes back; stage edits keep them', async () => {
    const { co } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const template = await pipelineTemplate(co.customerId);
    const interview = await templateStage(co, 'interview');
    const res = await save(co.admin.auth, interview, [
      { action: 'send_candidate_mail', templateId: String(template._id), delayMinutes: 60 },
      { action: 'notify_hiring_manager' },
    ]).expect(200);
    expect(res.body).toMatchObject({ stageId: interview, kind: 'interview', automations: [{ action: 'send_candidate_mail', templateName: 'Moving forward', delayMinutes: 60 }, { action: 'notify_hiring_manager', templateId: null, delayMinutes: 0 }] });

    // Renaming another stage through the workflow editor leaves this stage's automations alone.
    const stages = (await request(app).get('/api/workflow-template').set('Authorization', co.admin.auth).expect(200)).body.stages as { id: string; name: string; kind: string }[];
    await request(app).put('/api/workflow-template').set('Authorization', co.admin.auth).send({ stages: stages.map((s) => (s.kind === 'offer' ? { ...s, name: 'Offer made' } : s)) }).expect(200);
    const after = (await list(co.admin.auth).expect(200)).body.stages as { stageId: string; name: string; automations: unknown[] }[];
    expect(after.find((s) => s.stageId === interview)!.automations).toHaveLength(2);
    expect(after.map((s) => s.name)).toContain('Offer made');
  });

  it('refuses a missing or foreign template, a delay over 14 days, an unknown stage and anyone who may not edit the workflow', async () => {
    const { co } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const other = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const interview = await templateStage(co, 'interview');
    const foreign = await pipelineTemplate(other.co.customerId);
    const campaign = await pipelineTemplate(co.customerId, 'Newsletter', 'campaign');

    expect((await save(co.admin.auth, interview, [{ action: 'send_candidate_mail' }])).status).toBe(400);
    expect((await save(co.admin.auth, interview, [{ action: 'send_candidate_mail', templateId: String(foreign._id) }])).body.message).toBe(AutomationMessages.unknownTemplate);
    expect((await save(co.admin.auth, interview, [{ action: 'send_candidate_mail', templateId: String(campaign._id) }])).body.message).toBe(AutomationMessages.unknownTemplate);
    expect((await save(co.admin.auth, interview, [{ action: 'notify_hiring_manager', delayMinutes: Pipeline.maxDelayMinutes + 1 }])).status).toBe(400);
    expect((await save(co.admin.auth, interview, [{ action: 'dance' }])).status).toBe(400);
    // Another company's stage is not found here, and another company's admin cannot touch this one.
    expect((await save(co.admin.auth, await templateStage(other.co, 'interview'), [{ action: 'notify_hiring_manager' }])).status).toBe(404);
    expect((await save(other.co.admin.auth, interview, [{ action: 'notify_hiring_manager' }])).status).toBe(404);
    expect((await save(co.recruiter.auth, interview, [{ action: 'notify_hiring_manager' }])).status).toBe(403);
    expect((await list(co.hm.auth)).status).toBe(403);
    expect((await list(co.admin.auth)).body.stages.find((s: { stageId: string }) => s.stageId === interview).automations).toEqual([]);
  });
});

describe('stage automations: running', () => {
  it('a move queues the stage’s actions at their delay; when due they mail the candidate and the hiring manager and show on the timeline', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const template = await pipelineTemplate(co.customerId);
    await save(co.admin.auth, await templateStage(co, 'interview'), [
      { action: 'send_candidate_mail', templateId: String(template._id), delayMinutes: 60 },
      { action: 'notify_hiring_manager' },
      { action: 'request_scorecards', delayMinutes: 24 * 60 },
    ]).expect(200);
    const id = applicationIds[0]!;
    await move(co.recruiter.auth, id, stage('interview')).expect(200);

    const event = (await StageEvent.findOne({ customerId: co.customerId, applicationId: id, toStageId: stage('interview') }).lean())!;
    const jobs = await QueueJob.find({ customerId: co.customerId, name: { $in: [PipelineMailJob.name, StageAutomationJob.name] } }).lean();
    const delays = jobs.map((j) => [j.name, (j.payload as { action?: string }).action ?? 'mail', (j.runAt.getTime() - event.at.getTime()) / 60_000]).sort();
    expect(delays).toEqual([[PipelineMailJob.name, 'mail', 60], [StageAutomationJob.name, 'notify_hiring_manager', 0], [StageAutomationJob.name, 'request_scorecards', 24 * 60]].sort());

    const { candidateEmail, candidateId } = await candidateOf(co, id);
    await runDueJobs();
    const toHm = await pipelineMails(co.hm.user.email);
    expect(toHm).toHaveLength(1);
    expect(toHm[0]!.subject).toBe(`Applicant0 Tester entered Interview: Backend Engineer`);
    expect(toHm[0]!.text).toContain(`/application/${id}`);
    expect(await pipelineMails(candidateEmail)).toHaveLength(0);

    later(61);
    await runDueJobs();
    const toCandidate = await pipelineMails(candidateEmail);
    // The template's text, then the company's footer and the candidate's privacy link every candidate mail carries.
    const company = (await Customer.findById(co.customerId).lean())!;
    expect(toCandidate).toHaveLength(1);
    expect(toCandidate[0].text).toMatch(new RegExp(`^Hello Applicant0, you are moving forward\\.\\n\\n--\\n${company.name}\\n\\nYour data with us: see it, download it or ask us to erase it: http\\S+/privacy/[A-Za-z0-9_-]{43}$`));
    expect(await pipelineMails(co.employee.user.email)).toHaveLength(0);

    later(24 * 60);
    await runDueJobs();
    const feedback = await pipelineMails({ $in: [co.employee.user.email, co.hm.user.email] }, { subject: /^Your feedback on Applicant0 Tester/ });
    expect(feedback.map((m) => m.to).sort()).toEqual([co.employee.user.email, co.hm.user.email].sort());

    const timeline = await CandidateActivity.find({ customerId: co.customerId, candidateId, kind: 'email_sent' }).sort({ at: 1 }).lean();
    expect(timeline.map((t) => t.summary)).toEqual([
      expect.stringMatching(/^Automation: hiring manager .+ notified of Interview$/),
      expect.stringMatching(/^Mail: Next steps at /),
      expect.stringMatching(/^Automation: feedback requested from /),
    ]);
  });

  it('moving the applicant on before the delay cancels the stage’s pending actions', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const template = await pipelineTemplate(co.customerId);
    await save(co.admin.auth, await templateStage(co, 'interview'), [
      { action: 'send_candidate_mail', templateId: String(template._id), delayMinutes: 60 },
      { action: 'notify_hiring_manager', delayMinutes: 30 },
    ]).expect(200);
    const id = applicationIds[0]!;
    await move(co.recruiter.auth, id, stage('interview')).expect(200);
    await move(co.recruiter.auth, id, stage('offer')).expect(200);

    later(120);
    await runDueJobs();
    const { candidateEmail, candidateId } = await candidateOf(co, id);
    expect(await pipelineMails({ $in: [candidateEmail, co.hm.user.email] })).toHaveLength(0);
    const jobs = await QueueJob.find({ customerId: co.customerId, name: { $in: [PipelineMailJob.name, StageAutomationJob.name] } }).lean();
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(job).toMatchObject({ state: 'done', result: { skipped: expect.stringMatching(/left the stage/) } });
    expect(await CandidateActivity.countDocuments({ customerId: co.customerId, candidateId, kind: 'email_sent' })).toBe(0);
  });

  it('a stage matches the template by kind and name, whatever the case; a new applicant runs the first stage’s actions', async () => {
    const { co, job, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    await save(co.admin.auth, await templateStage(co, 'screening'), [{ action: 'notify_hiring_manager' }]).expect(200);
    const id = await addApplicant(co, job, 'Ada', 'Lovelace');
    await runDueJobs();
    expect((await pipelineMails(co.hm.user.email)).map((m) => m.subject)).toEqual(['Ada Lovelace entered Applied: Backend Engineer']);

    // The template stage renamed only in case still applies; a different name no longer does.
    const stages = (await request(app).get('/api/workflow-template').set('Authorization', co.admin.auth).expect(200)).body.stages as { id: string; name: string; kind: string }[];
    await request(app).put('/api/workflow-template').set('Authorization', co.admin.auth).send({ stages: stages.map((s) => (s.name === 'Phone screen' ? { ...s, name: 'PHONE SCREEN' } : s)) }).expect(200);
    await save(co.admin.auth, await templateStage(co, 'PHONE SCREEN'), [{ action: 'notify_hiring_manager' }]).expect(200);
    await move(co.recruiter.auth, id, stage('Phone screen')).expect(200);
    await runDueJobs();
    expect(await pipelineMails(co.hm.user.email, { subject: 'Ada Lovelace entered Phone screen: Backend Engineer' })).toHaveLength(1);
  });

  it('candidates a recruiter adds to a job run the first stage’s actions too', async () => {
    const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    await save(co.admin.auth, await templateStage(co, 'screening'), [{ action: 'notify_hiring_manager', delayMinutes: 90 }]).expect(200);
    const candidate = await Candidate.create({ customerId: co.customerId, firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.test', source: 'sourced' });
    const res = await request(app).post('/api/candidates/bulk/add-to-job').set('Authorization', co.recruiter.auth).send({ candidateIds: [String(candidate._id)], jobId: String(job._id) });
    expect(res.body).toMatchObject({ added: 1 });
    await runDueJobs();
    expect(await pipelineMails(co.hm.user.email, { subject: /^Grace Hopper entered Applied/ })).toHaveLength(0);
    later(91);
    await runDueJobs();
    expect(await pipelineMails(co.hm.user.email, { subject: /^Grace Hopper entered Applied/ })).toHaveLength(1);
  });
});
