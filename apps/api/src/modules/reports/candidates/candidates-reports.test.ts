import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { ReportMessages, type TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { BusinessUnit } from '../../org/business-unit.model';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { NpsSurvey } from './nps/nps-survey.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let superAuth: string;
beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  superAuth = `Bearer ${await tokenFor(ctx.config, await buildUser({ superAdmin: true }))}`;
});
afterAll(() => ctx.stop());

const DayMs = 86_400_000;
const day = (s: string) => new Date(`${s}T12:00:00.000Z`);
const range = 'preset=custom&from=2026-01-01&to=2026-03-31';
const report = (auth: string, name: string, query = '') => request(app).get(`/api/reports/${name}?${query}`).set('Authorization', auth);
type Company = Awaited<ReturnType<typeof buildPipelineCompany>>;

/** A survey of the company's job, sent the day before it was answered (or on `sentAt`). */
async function survey(c: Company, o: { answered?: string; sent?: string; score?: number; comment?: string; trigger?: 'hired' | 'withdrew' | 'rejected_after_interview'; businessUnitId?: Types.ObjectId; job?: JobDoc }) {
  const job = o.job ?? c.job;
  const sentAt = o.sent ? day(o.sent) : new Date(day(o.answered!).getTime() - DayMs);
  return NpsSurvey.create({
    customerId: c.co.customerId, candidateId: new Types.ObjectId(), applicationId: new Types.ObjectId(), jobId: job._id, jobTitle: job.title,
    trigger: o.trigger ?? 'hired', tokenHash: new Types.ObjectId().toHexString(), sentAt, expiresAt: new Date(sentAt.getTime() + 30 * DayMs),
    answeredAt: o.answered ? day(o.answered) : null, score: o.answered ? o.score : null, comment: o.comment ?? '',
    businessUnitId: o.businessUnitId ?? job.businessUnitId, departmentId: job.departmentId, locationId: job.locationId, recruiterIds: job.recruiterIds,
  });
}

describe('GET /api/reports/nps', () => {
  let a: Company;
  let b: Company;
  let otherUnit: Types.ObjectId;
  beforeAll(async () => {
    a = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    b = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    otherUnit = (await BusinessUnit.create({ customerId: a.co.customerId, name: 'Sales' }))._id;
    // January: 10, 9, 3 -> (2 - 1) / 3 = 33.3. February: 8, 7, 0, 6 -> (0 - 2) / 4 = -50. March: 10, 9 -> 100.
    await survey(a, { answered: '2026-01-10', score: 10, comment: 'Great people' });
    await survey(a, { answered: '2026-01-20', score: 9 });
    await survey(a, { answered: '2026-01-25', score: 3, comment: 'Nobody called back', trigger: 'rejected_after_interview' });
    await survey(a, { answered: '2026-02-03', score: 8, businessUnitId: otherUnit });
    await survey(a, { answered: '2026-02-10', score: 7 });
    await survey(a, { answered: '2026-02-14', score: 0, comment: 'Too slow', trigger: 'withdrew', businessUnitId: otherUnit });
    await survey(a, { answered: '2026-02-20', score: 6 });
    await survey(a, { answered: '2026-03-05', score: 10 });
    await survey(a, { answered: '2026-03-20', score: 9, comment: 'Clear process' });
    // Sent in the range, not answered; sent in the range, answered after it; answered before the range.
    await survey(a, { sent: '2026-03-25' });
    await survey(a, { sent: '2026-03-30', answered: '2026-04-02', score: 0 });
    await survey(a, { answered: '2025-12-20', score: 0 });
    // Another company's answers never count here.
    await survey(b, { answered: '2026-01-15', score: 0, comment: 'Other company' });
    await survey(b, { answered: '2026-02-15', score: 10 });
  });

  it('answers the NPS worked out by hand: counts, response rate, the line per month and the comments newest first', async () => {
    const res = await report(a.co.admin.auth, 'nps', range).expect(200);
    const body = res.body as TReportResult;
    // 9 answers: promoters 10, 9, 10, 9 (4); passives 8, 7 (2); detractors 3, 0, 6 (3). NPS = (4 - 3) / 9 = 11.1.
    // Sent in the range: the 9 (each the day before), the unanswered one and the one answered in April: 11, of which 10 answered.
    expect(body.headline).toEqual([
      { label: 'NPS', value: 11.1, kind: 'score' },
      { label: 'Answers', value: 9, kind: 'count' },
      { label: 'Promoters', value: 4, kind: 'count' },
      { label: 'Passives', value: 2, kind: 'count' },
      { label: 'Detractors', value: 3, kind: 'count' },
      { label: 'Response rate', value: 90.9, kind: 'percent' },
    ]);
    expect(body.chart).toMatchObject({ kind: 'line', indexKey: 'month', series: [{ key: 'nps', label: 'NPS' }] });
    expect(body.chart.data).toEqual([{ month: '2026-01', nps: 33.3, answers: 3 }, { month: '2026-02', nps: -50, answers: 4 }, { month: '2026-03', nps: 100, answers: 2 }]);
    expect(body.chart.summary).toContain('NPS 11.1 over 9 answers');
    expect(body.rows).toEqual([
      { date: '2026-03-20', score: 9, category: 'Promoter', trigger: 'Hired', job: 'Backend Engineer', comment: 'Clear process' },
      { date: '2026-02-14', score: 0, category: 'Detractor', trigger: 'Withdrew', job: 'Backend Engineer', comment: 'Too slow' },
      { date: '2026-01-25', score: 3, category: 'Detractor', trigger: 'Rejected after an interview', job: 'Backend Engineer', comment: 'Nobody called back' },
      { date: '2026-01-10', score: 10, category: 'Promoter', trigger: 'Hired', job: 'Backend Engineer', comment: 'Great people' },
    ]);
    // (10 + 9 + 3 + 8 + 7 + 0 + 6 + 10 + 9) / 9 = 6.9
    expect(body.totals).toMatchObject({ date: 'Average score', score: 6.9, comment: '4 comments' });
    expect(body.empty).toBeNull();
    expect(body.definition.join(' ')).toContain('% promoters');
  });

  it('filters by the business unit the job had when the survey was sent, and by job', async () => {
    // Sales: 8 and 0 -> (0 - 1) / 2 = -50; sent 2, answered 2.
    const sales = (await report(a.co.admin.auth, 'nps', `${range}&businessUnitId=${String(otherUnit)}`).expect(200)).body as TReportResult;
    expect(sales.headline.slice(0, 2)).toEqual([{ label: 'NPS', value: -50, kind: 'score' }, { label: 'Answers', value: 2, kind: 'count' }]);
    expect(sales.headline.at(-1)).toEqual({ label: 'Response rate', value: 100, kind: 'percent' });
    expect(sales.rows.map((r) => r.comment)).toEqual(['Too slow']);
    expect(sales.applied).toContainEqual({ key: 'businessUnitId', label: 'Business unit', value: 'Sales' });
    const byJob = (await report(a.co.admin.auth, 'nps', `${range}&jobId=${String(a.job._id)}`).expect(200)).body as TReportResult;
    expect(byJob.headline[1]).toEqual({ label: 'Answers', value: 9, kind: 'count' });
  });

  it('says why it is empty when nothing was answered', async () => {
    const empty = (await report(a.co.admin.auth, 'nps', 'preset=custom&from=2025-06-01&to=2025-06-30').expect(200)).body as TReportResult;
    expect(empty.rows).toEqual([]);
    expect(empty.empty).toBe('No candidate survey was sent or answered in this period. Widen the date range or clear the filters.');
    const waiting = (await report(a.co.admin.auth, 'nps', 'preset=custom&from=2026-03-25&to=2026-03-26').expect(200)).body as TReportResult;
    expect(waiting.empty).toBe('No candidate has answered yet: 1 survey was sent in this period.');
  });

  it('is refused without the View reports right', async () => {
    const { co } = a;
    const plain = await buildUser({ customerId: co.customerId, role: 'employee' });
    const res = await report(`Bearer ${await tokenFor(ctx.config, plain)}`, 'nps', range);
    expect(res.status).toBe(403);
  });

  it('the platform: one chosen company answers exactly its own view; all companies sum both', async () => {
    const own = (await report(a.co.admin.auth, 'nps', range).expect(200)).body as TReportResult;
    const chosen = (await request(app).get(`/api/superadmin/reports/nps?${range}&companyId=${String(a.co.customerId)}`).set('Authorization', superAuth).expect(200)).body as TReportResult;
    expect(chosen.headline).toEqual(own.headline);
    expect(chosen.chart.data).toEqual(own.chart.data);
    expect(chosen.rows).toEqual(own.rows);
    expect(chosen.applied).toEqual([{ key: 'companyId', label: 'Company', value: a.co.customer.name }]);

    // Every company stored in this test file's database: here only a and b have surveys.
    const all = (await request(app).get(`/api/superadmin/reports/nps?${range}`).set('Authorization', superAuth).expect(200)).body as TReportResult;
    // a: 9 answers (4 promoters, 3 detractors) + b: 0 (detractor) and 10 (promoter) -> (5 - 4) / 11 = 9.1.
    expect(all.headline.slice(0, 5).map((h) => h.value)).toEqual([9.1, 11, 5, 2, 4]);
    expect(all.rows.map((r) => r.comment)).toContain('Other company');
    expect(all.applied).toEqual([{ key: 'companyId', label: 'Company', value: 'All companies' }]);
  });
});

describe('GET /api/reports/candidate-timeline', () => {
  it('needs a candidate: without one it says to choose one', async () => {
    const { co } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const body = (await report(co.admin.auth, 'candidate-timeline').expect(200)).body as TReportResult;
    expect(body.empty).toBe(ReportMessages.chooseCandidate);
    expect(body.chart.kind).toBe('timeline');
    expect(body.rows).toEqual([]);
    // The timeline takes no date range.
    expect((await report(co.admin.auth, 'candidate-timeline', 'preset=last30')).status).toBe(400);
  });

  it("lists every stage visit of the candidate across jobs, oldest first, with the days in each and who moved them; another company's candidate has none", async () => {
    const c = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const { co, stage } = c;
    const first = (await Application.findOne({ customerId: co.customerId, _id: c.applicationIds[0] }).lean())!;
    const candidateId = first.candidateId;
    const second = await Job.create({ ...(await Job.findOne({ customerId: co.customerId, _id: c.job._id }).lean()), _id: new Types.ObjectId(), title: 'Data Engineer' });
    const stageOf = (job: JobDoc, kind: string) => job.stages.find((s) => s.kind === kind)!._id;
    const other = await Application.create({ customerId: co.customerId, candidateId, jobId: second._id, stageId: stageOf(second as JobDoc, 'rejected'), stageKind: 'rejected', stageEnteredAt: day('2026-03-01'), source: 'referral', appliedAt: day('2026-02-20') });
    // Replace the real history with a hand-built one (fixed dates, so the days are known).
    await StageEvent.deleteMany({ customerId: co.customerId, candidateId });
    const event = (applicationId: Types.ObjectId, job: JobDoc, fromKind: string | null, toKind: string, at: string, by: Types.ObjectId | null, extra: object = {}) => ({
      customerId: co.customerId, applicationId, jobId: job._id, candidateId, fromStageId: fromKind ? stageOf(job, fromKind) : null, fromKind, toStageId: stageOf(job, toKind), toKind, at: day(at), by, ...extra,
    });
    await StageEvent.insertMany([
      event(first._id, c.job, null, 'screening', '2026-01-01', null),
      event(first._id, c.job, 'screening', 'interview', '2026-01-04', co.recruiter.user._id),
      event(first._id, c.job, 'interview', 'offer', '2026-01-14', co.recruiter.user._id),
      event(first._id, c.job, 'offer', 'hired', '2026-01-20', co.hm.user._id),
      event(other._id, second as JobDoc, null, 'screening', '2026-02-20', null),
      event(other._id, second as JobDoc, 'screening', 'rejected', '2026-03-01', null, { withdrawn: true, reason: 'Took another job' }),
    ]);
    const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

    const body = (await report(co.admin.auth, 'candidate-timeline', `candidateId=${String(candidateId)}`).expect(200)).body as TReportResult;
    const jobStage = (kind: string) => c.job.stages.find((s) => String(s._id) === stage(kind))!.name;
    expect(body.rows).toEqual([
      { job: 'Backend Engineer', stage: jobStage('screening'), kind: 'Screening', entered: '2026-01-01', left: '2026-01-04', days: 3, by: null, reason: '' },
      { job: 'Backend Engineer', stage: jobStage('interview'), kind: 'Interview', entered: '2026-01-04', left: '2026-01-14', days: 10, by: name(co.recruiter.user), reason: '' },
      { job: 'Backend Engineer', stage: jobStage('offer'), kind: 'Offer', entered: '2026-01-14', left: '2026-01-20', days: 6, by: name(co.recruiter.user), reason: '' },
      { job: 'Backend Engineer', stage: jobStage('hired'), kind: 'Hired', entered: '2026-01-20', left: null, days: null, by: name(co.hm.user), reason: '' },
      { job: 'Data Engineer', stage: jobStage('screening'), kind: 'Screening', entered: '2026-02-20', left: '2026-03-01', days: 9, by: null, reason: '' },
      { job: 'Data Engineer', stage: jobStage('rejected'), kind: 'Rejected', entered: '2026-03-01', left: null, days: null, by: null, reason: 'Withdrew: Took another job' },
    ]);
    expect(body.headline).toEqual([{ label: 'Jobs', value: 2, kind: 'count' }, { label: 'Stage visits', value: 6, kind: 'count' }, { label: 'First application', value: '2026-01-01', kind: 'date' }]);
    expect(body.chart.kind).toBe('timeline');
    expect(body.chart.data[1]).toEqual({ job: 'Backend Engineer', stage: jobStage('interview'), kind: 'interview', from: day('2026-01-04').toISOString(), to: day('2026-01-14').toISOString() });
    expect(body.chart.summary).toContain('6 stage visits on 2 jobs since 2026-01-01');
    expect(body.applied).toEqual([{ key: 'candidateId', label: 'Candidate', value: 'Applicant0 Tester' }]);

    const stranger = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const foreign = (await report(stranger.co.admin.auth, 'candidate-timeline', `candidateId=${String(candidateId)}`).expect(200)).body as TReportResult;
    expect(foreign.rows).toEqual([]);
    expect(foreign.empty).toBe('This candidate has no stage history in this company.');
  });
});
