import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { NpsRules, ReportMessages, type TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { MailJob } from '../../../lib/mailer';
import { hashKey } from '../../auth/auth.crypto';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { OutboxMail } from '../../mail/outbox.model';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { NpsSurvey } from './nps/nps-survey.model';
import { NpsSurveyJob } from './nps/nps-survey.job';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  // Only the test's worker, on its own clock, runs jobs here.
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

const DayMs = 86_400_000;
let offsetMs = 0;
beforeEach(() => {
  offsetMs = 0;
});
const runDueJobs = () => new JobWorker({ definitions: [MailJob, NpsSurveyJob], config: ctx.config, logger: ctx.logger, now: () => new Date(Date.now() + offsetMs) }).drain();
const laterDays = (days: number) => (offsetMs += days * DayMs);

const move = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);
type Company = Awaited<ReturnType<typeof buildPipelineCompany>>;
const emailOf = async (co: Company['co'], id: string) => (await Application.findOne({ customerId: co.customerId, _id: id }).lean())!.candidateEmail;
const surveyMails = (to: string) => OutboxMail.find({ to, kind: 'nps-survey' }).lean();
const tokenIn = (text: string) => /\/survey\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('the NPS survey is mailed after a hire, a withdrawal or a rejection after an interview', () => {
  it('a hire queues the survey for sendAfterDays later; when due the candidate gets one mail with a single-use link', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    await move(co.recruiter.auth, id, { stageId: stage('hired') }).expect(200);
    const event = (await StageEvent.findOne({ customerId: co.customerId, applicationId: id, toKind: 'hired' }).lean())!;
    const [queued] = await QueueJob.find({ customerId: co.customerId, name: NpsSurveyJob.name }).lean();
    expect((queued!.runAt.getTime() - event.at.getTime()) / DayMs).toBe(NpsRules.sendAfterDays);
    expect(queued!.payload).toMatchObject({ applicationId: id, trigger: 'hired' });

    const to = await emailOf(co, id);
    await runDueJobs();
    expect(await surveyMails(to)).toHaveLength(0);
    laterDays(NpsRules.sendAfterDays);
    await runDueJobs();
    const mails = await surveyMails(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`How was applying to ${co.customer.name}?`);
    const token = tokenIn(mails[0]!.text);
    expect(mails[0]!.text).toContain(`${ctx.config.publicUrl}/survey/${token}`);

    const survey = (await NpsSurvey.findOne({ customerId: co.customerId, applicationId: id }).lean())!;
    expect(survey).toMatchObject({ trigger: 'hired', jobTitle: 'Backend Engineer', answeredAt: null, score: null });
    // Only the token's hash is kept; the link lasts validDays from when it was sent.
    expect(survey.tokenHash).toBe(hashKey(token));
    expect(JSON.stringify(survey)).not.toContain(token);
    expect((survey.expiresAt.getTime() - survey.sentAt.getTime()) / DayMs).toBe(NpsRules.validDays);
  });

  it('a withdrawal sends one (trigger withdrew); a rejection after an interview stage sends one; a rejection straight from screening does not', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    const [withdrew, interviewed, screened] = applicationIds as [string, string, string];
    await move(co.recruiter.auth, withdrew, { stageId: stage('rejected'), withdrawn: true, reason: 'Took another job' }).expect(200);
    await move(co.recruiter.auth, interviewed, { stageId: stage('interview') }).expect(200);
    await move(co.recruiter.auth, interviewed, { stageId: stage('rejected'), reason: 'Not enough experience' }).expect(200);
    await move(co.recruiter.auth, screened, { stageId: stage('rejected'), reason: 'Not enough experience' }).expect(200);

    laterDays(NpsRules.sendAfterDays);
    await runDueJobs();
    const surveys = await NpsSurvey.find({ customerId: co.customerId }).lean();
    expect(surveys.map((s) => [String(s.applicationId), s.trigger]).sort()).toEqual([[interviewed, 'rejected_after_interview'], [withdrew, 'withdrew']].sort());
    expect(await surveyMails(await emailOf(co, withdrew))).toHaveLength(1);
    expect(await surveyMails(await emailOf(co, interviewed))).toHaveLength(1);
    expect(await surveyMails(await emailOf(co, screened))).toHaveLength(0);
  });

  it('sends nothing when the hire was undone before the survey was due, and never two surveys for one hire', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2, headcount: 2 });
    const [undone, hired] = applicationIds as [string, string];
    await move(co.recruiter.auth, undone, { stageId: stage('hired') }).expect(200);
    await move(co.recruiter.auth, undone, { stageId: stage('offer') }).expect(200);
    await move(co.recruiter.auth, hired, { stageId: stage('hired') }).expect(200);
    laterDays(NpsRules.sendAfterDays);
    await runDueJobs();
    expect(await surveyMails(await emailOf(co, undone))).toHaveLength(0);

    // Hired again: the first hire's survey was skipped, so this hire's goes.
    await move(co.recruiter.auth, undone, { stageId: stage('hired') }).expect(200);
    laterDays(NpsRules.sendAfterDays + 1);
    await runDueJobs();
    expect(await surveyMails(await emailOf(co, undone))).toHaveLength(1);

    // The hired one, moved out and hired again: still one survey (one per application and trigger).
    await move(co.recruiter.auth, hired, { stageId: stage('offer') }).expect(200);
    await move(co.recruiter.auth, hired, { stageId: stage('hired') }).expect(200);
    laterDays(NpsRules.sendAfterDays + 1);
    await runDueJobs();
    expect(await surveyMails(await emailOf(co, hired))).toHaveLength(1);
    expect(await NpsSurvey.countDocuments({ customerId: co.customerId, applicationId: new Types.ObjectId(hired) })).toBe(1);
  });
});

describe('the public survey page /survey/:token', () => {
  async function sentSurvey() {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const id = applicationIds[0]!;
    await move(co.recruiter.auth, id, { stageId: stage('hired') }).expect(200);
    laterDays(NpsRules.sendAfterDays);
    await runDueJobs();
    const [mail] = await surveyMails(await emailOf(co, id));
    return { co, id, token: tokenIn(mail!.text) };
  }
  const surveyOf = async (co: Company['co'], id: string) => (await NpsSurvey.findOne({ customerId: co.customerId, applicationId: id }).lean())!;

  it('shows one accessible question (fieldset, legend, 11 labelled radios 0..10, a labelled comment) with the page security headers', async () => {
    const { co, token } = await sentSurvey();
    const res = await request(app).get(`/survey/${token}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.text.match(/<h1>/g)).toHaveLength(1);
    expect(res.text).toContain('<main>');
    expect(res.text).toMatch(/<fieldset[^>]*><legend>How likely are you to recommend .+ to a friend as a place to apply to\?<\/legend>/);
    expect(res.text).toContain(co.customer.name);
    for (let n = 0; n <= 10; n++) expect(res.text).toContain(`<label for="score-${n}"><input type="radio" id="score-${n}" name="score" value="${n}"`);
    expect(res.text.match(/type="radio"/g)).toHaveLength(11);
    expect(res.text).toContain('<label for="comment">');
    expect(res.text).toContain(`<form method="post" action="/survey/${token}">`);
    expect(res.text).not.toContain('<script');
  });

  it('a bad score is shown again with the error and saves nothing; a good answer is saved once and a second one is refused', async () => {
    const { co, id, token } = await sentSurvey();
    const bad = await request(app).post(`/survey/${token}`).type('form').send({ score: '11', comment: 'Kept comment' }).expect(400);
    expect(bad.text).toContain('role="alert"');
    expect(bad.text).toContain('Choose a score from 0 to 10.');
    expect(bad.text).toContain('>Kept comment</textarea>');
    const missing = await request(app).post(`/survey/${token}`).type('form').send({ comment: '' }).expect(400);
    expect(missing.text).toContain('Choose a score from 0 to 10.');
    // A comment past the limit (the textarea's maxlength bypassed), in multi-byte letters: said, not saved.
    const long = await request(app).post(`/survey/${token}`).type('form').send({ score: '7', comment: 'é'.repeat(NpsRules.commentMax + 1) }).expect(400);
    expect(long.text).toContain(`Your comment must be at most ${NpsRules.commentMax} characters.`);
    expect(long.text).toContain('value="7" checked');
    expect(await surveyOf(co, id)).toMatchObject({ answeredAt: null, score: null, comment: '' });

    const ok = await request(app).post(`/survey/${token}`).type('form').send({ score: '9', comment: '  Quick and friendly.  ' }).expect(201);
    expect(ok.text).toContain(ReportMessages.surveyThanks);
    const saved = await surveyOf(co, id);
    expect(saved).toMatchObject({ score: 9, comment: 'Quick and friendly.' });
    expect(saved.answeredAt).toBeInstanceOf(Date);

    const again = await request(app).post(`/survey/${token}`).type('form').send({ score: '0', comment: 'Changed my mind' }).expect(409);
    expect(again.text).toContain(ReportMessages.surveyUsed);
    expect(await surveyOf(co, id)).toMatchObject({ score: 9, comment: 'Quick and friendly.' });
    const page = await request(app).get(`/survey/${token}`).expect(200);
    expect(page.text).toContain(ReportMessages.surveyUsed);
    expect(page.text).not.toContain('type="radio"');

    // The answer shows in the company's NPS report.
    const nps = (await request(app).get('/api/reports/nps?preset=last30').set('Authorization', co.admin.auth).expect(200)).body as TReportResult;
    expect(nps.headline.slice(0, 2)).toEqual([{ label: 'NPS', value: 100, kind: 'score' }, { label: 'Answers', value: 1, kind: 'count' }]);
    expect(nps.rows).toEqual([expect.objectContaining({ score: 9, category: 'Promoter', trigger: 'Hired', job: 'Backend Engineer', comment: 'Quick and friendly.' })]);
  });

  it('an expired link says so (410) and takes no answer; an unknown or malformed token is not found (404)', async () => {
    const { co, id, token } = await sentSurvey();
    await NpsSurvey.updateOne({ customerId: co.customerId, applicationId: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await request(app).get(`/survey/${token}`).expect(410);
    expect(expired.text).toContain(ReportMessages.surveyExpired);
    await request(app).post(`/survey/${token}`).type('form').send({ score: '10' }).expect(410);
    expect((await surveyOf(co, id)).answeredAt).toBeNull();

    const unknown = await request(app).get(`/survey/${'x'.repeat(43)}`).expect(404);
    expect(unknown.text).toContain(ReportMessages.surveyUnknown);
    await request(app).post('/survey/short').type('form').send({ score: '10' }).expect(404);
  });

  it('stops an address after 20 answers in 15 minutes with a page that says so', async () => {
    const { token } = await sentSurvey();
    for (let i = 0; i < 20; i++) await request(app).post(`/survey/${token}`).type('form').send({ score: 'x' });
    const refused = await request(app).post(`/survey/${token}`).type('form').send({ score: '8' });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many attempts');
  });
});
