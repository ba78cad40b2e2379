import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { MailJob } from '../../../lib/mailer';
import { Application } from '../../candidates/applications/application.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { OutboxMail } from '../../mail/outbox.model';
import { PipelineMailJob } from '../mail/pipeline-mail.job';
import { buildPipelineCompany } from '../pipeline.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // The test runs due jobs itself, by a clock it sets, so a delayed mail needs no waiting.
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const Minute = 60_000;
/** Runs every job due at `at` (the mail a pipeline mail queues is due a moment after the test's "now", so "now" is a minute ahead). */
const runDueJobs = (at = new Date(Date.now() + Minute)) => new JobWorker({ definitions: [PipelineMailJob, MailJob], config: ctx.config, logger: ctx.logger, now: () => at }).drain();
const move = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);

async function rejectionSetup() {
  const company = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
  const template = await MailTemplate.create({
    customerId: company.co.customerId,
    kind: 'pipeline',
    name: 'Not selected',
    subject: 'Your application for {{job.title}}',
    body: 'Hi {{candidate.firstName}},\n\nThank you for applying. We went on with other candidates.\n\n{{sender.name}}',
  });
  const application = (await Application.findOne({ customerId: company.co.customerId, _id: company.applicationIds[0] }).lean())!;
  return { ...company, id: company.applicationIds[0]!, templateId: String(template._id), email: application.candidateEmail };
}
const pipelineJobsOf = (id: string) => QueueJob.find({ name: PipelineMailJob.name, 'payload.applicationId': id }).lean();
const mailsTo = (email: string) => OutboxMail.find({ to: email }).lean();

describe('the rejection mail', () => {
  it('goes out at once from the company template, filled in, and lands on the timeline', async () => {
    const { co, id, stage, templateId, email } = await rejectionSetup();
    await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Not enough experience', rejectionMail: { templateId } }).expect(200);
    const [job] = await pipelineJobsOf(id);
    expect(job).toMatchObject({ state: 'queued' });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    await runDueJobs();
    expect((await QueueJob.findById(job!._id).lean())).toMatchObject({ state: 'done', result: { sent: email } });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your application for Backend Engineer', kind: 'pipeline-rejection' });
    expect(mails[0]!.text).toContain('Hi Applicant0,');
    expect(await CandidateActivity.countDocuments({ customerId: co.customerId, applicationId: id, kind: 'email_sent', summary: 'Mail: Your application for Backend Engineer' })).toBe(1);
  });

  it('waits when delayed, and goes out once it is due', async () => {
    const { co, id, stage, templateId, email } = await rejectionSetup();
    const before = Date.now();
    await move(co.hm.auth, id, { stageId: stage('rejected'), reason: 'Not enough experience', rejectionMail: { templateId, delayMinutes: 3 * 24 * 60 } }).expect(200);
    const [job] = await pipelineJobsOf(id);
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(before + 3 * 24 * 60 * Minute);

    await runDueJobs(new Date(before + 2 * 24 * 60 * Minute));
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await QueueJob.findById(job!._id).lean())!.state).toBe('queued');

    await runDueJobs(new Date(Date.now() + 3 * 24 * 60 * Minute + Minute));
    expect((await QueueJob.findById(job!._id).lean())!.state).toBe('done');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('is cancelled when the applicant is moved back before it is due: the job says skipped and no mail goes', async () => {
    const { co, id, stage, templateId, email } = await rejectionSetup();
    await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Salary expectations too high', rejectionMail: { templateId, delayMinutes: 60 } }).expect(200);
    await move(co.recruiter.auth, id, { stageId: stage('screening') }).expect(200);

    await runDueJobs(new Date(Date.now() + 2 * 60 * Minute));
    const [job] = await pipelineJobsOf(id);
    expect(job).toMatchObject({ state: 'done', result: { skipped: 'the applicant left the stage before the mail was due' } });
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await CandidateActivity.countDocuments({ customerId: co.customerId, applicationId: id, kind: 'email_sent' })).toBe(0);
  });

  it('is not sent for a withdrawal the mover did not ask to mail; a later rejection with a mail sends exactly one', async () => {
    const { co, id, stage, templateId, email } = await rejectionSetup();
    await move(co.recruiter.auth, id, { stageId: stage('rejected'), withdrawn: true }).expect(200);
    expect(await pipelineJobsOf(id)).toHaveLength(0);
    await move(co.recruiter.auth, id, { stageId: stage('screening') }).expect(200);
    await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Not available in time', rejectionMail: { templateId } }).expect(200);
    await runDueJobs();
    await runDueJobs();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('uses pipeline templates admins create and edit under company settings; a delayed mail is rendered as the template is when it goes', async () => {
    const { co, id, stage, email } = await rejectionSetup();
    const created = await request(app)
      .post('/api/mail/templates')
      .set('Authorization', co.admin.auth)
      .send({ kind: 'pipeline', name: 'Moving forward', subject: 'Next steps for {{job.title}}', body: 'Hi {{candidate.firstName}}, see you soon.' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'pipeline', name: 'Moving forward' });
    const newsletter = await request(app).post('/api/mail/templates').set('Authorization', co.admin.auth).send({ kind: 'campaign', name: 'Newsletter', subject: 'News', body: 'Hi' }).expect(201);
    // A campaign template is not a rejection mail: refused, and the applicant stays where they are.
    const refused = await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Not enough experience', rejectionMail: { templateId: newsletter.body.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/pipeline templates/);
    expect((await request(app).post('/api/mail/templates').set('Authorization', co.employee.auth).send({ kind: 'pipeline', name: 'X', subject: 'X', body: 'X' })).status).toBe(403);
    const offered = await request(app).get('/api/mail/templates?kind=pipeline').set('Authorization', co.recruiter.auth).expect(200);
    expect(offered.body.items.map((t: { name: string }) => t.name)).toEqual(['Moving forward', 'Not selected']);

    await move(co.recruiter.auth, id, { stageId: stage('rejected'), reason: 'Not enough experience', rejectionMail: { templateId: created.body.id, delayMinutes: 24 * 60 } }).expect(200);
    await request(app)
      .put(`/api/mail/templates/${created.body.id}`)
      .set('Authorization', co.admin.auth)
      .send({ kind: 'pipeline', name: 'Moving forward', subject: 'Your application for {{job.title}}', body: 'Hi {{candidate.firstName}}, thank you.' })
      .expect(200);
    await runDueJobs(new Date(Date.now() + 24 * 60 * Minute + Minute));
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(['Your application for Backend Engineer']);
  });
});
