import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import type { TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildUser, FactoryPassword, tokenFor } from '../../../test/factories';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { buildJobsCompany, type JobsCompany } from '../../jobs/jobs.test-support';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Application } from '../../candidates/applications/application.model';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { ReportTally } from '../tallies/report-tally.model';
import { storedDims } from '../tallies/tallies';
import { rebuildAllTallies } from '../tallies/rebuild';
import { signIn } from '../../auth/auth.test-support';
import { JobActivityCounters } from './activity-tallies';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const report = async (auth: string, name: string, query: Record<string, string> = {}, status = 200) =>
  (await request(app).get(`/api/reports/${name}`).query(query).set('Authorization', auth).expect(status)).body as TReportResult;
const rowOf = (r: TReportResult, key: string, value: string) => r.rows.find((row) => row[key] === value);

/** The activity counters of a company's user and job tallies (sign-ins and actions left out), zeros dropped. */
async function activitySnapshot(customerId: Types.ObjectId) {
  const docs = await ReportTally.find({ customerId, dim: { $in: storedDims(['user', 'job']) } }, { _id: 0, dim: 1, key: 1, day: 1, n: 1 }).sort({ dim: 1, key: 1, day: 1 }).lean();
  return docs
    .map((d) => ({ dim: d.dim, key: d.key, day: d.day, n: Object.fromEntries(Object.entries(d.n as Record<string, number>).filter(([k, v]) => (JobActivityCounters as readonly string[]).includes(k) && v)) }))
    .filter((d) => Object.keys(d.n).length);
}

describe('activity tallies', () => {
  it('are kept by real moves and notes as a rebuild from the candidate activities computes them', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    const move = (id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', co.recruiter.auth).send(body).expect(200);
    await move(applicationIds[0]!, { stageId: stage('interview') });
    await move(applicationIds[0]!, { stageId: stage('offer') });
    await move(applicationIds[1]!, { stageId: stage('rejected'), withdrawn: true, reason: 'Took another offer' });
    const app0 = await Application.findOne({ customerId: co.customerId, _id: applicationIds[0] }).lean();
    await request(app).post(`/api/candidates/${String(app0!.candidateId)}/notes`).set('Authorization', co.recruiter.auth).send({ text: 'Strong systems design', applicationId: applicationIds[0] }).expect(201);

    const incremental = await activitySnapshot(co.customerId);
    const recruiter = incremental.filter((t) => t.dim === 'user' && t.key === co.recruiter.id);
    // 3 moves (the withdrawal is a move but no rejection), 1 note.
    expect(recruiter.map((t) => t.n)).toEqual([{ moves: 3, notes: 1 }]);
    const job = incremental.filter((t) => t.dim === 'job');
    expect(job).toHaveLength(1);
    // 3 applied, their 3 confirmation mails (automatic: on the job, nobody's), 3 moves, 1 note.
    expect(job[0]!.n).toMatchObject({ applied: 3, moves: 3, notes: 1 });

    await rebuildAllTallies(co.customerId);
    expect(await activitySnapshot(co.customerId)).toEqual(incremental);

    // The reports agree with and without a filter that selects every job (the business unit of the one job).
    for (const name of ['recruiter-activity', 'job-activity']) {
      const all = await report(co.admin.auth, name);
      const filtered = await report(co.admin.auth, name, { businessUnitId: String(co.businessUnit._id) });
      expect(filtered.rows).toEqual(all.rows);
      expect(filtered.totals).toEqual(all.totals);
    }
    const ra = await report(co.admin.auth, 'recruiter-activity');
    expect(ra.rows).toHaveLength(1);
    expect(ra.rows[0]).toMatchObject({ moves: 3, notes: 1, hires: 0, rejections: 0, total: 4 });
  });
});

/** A hand-built history on two jobs of one business unit: activities with fixed dates, then a rebuild. */
async function handBuiltHistory(co: JobsCompany) {
  const customerId = co.customerId;
  const [job1, job2] = await Job.create([
    { customerId, title: 'Designer', headcount: 1, status: 'open', businessUnitId: co.businessUnit._id },
    { customerId, title: 'Analyst', headcount: 1, status: 'open', businessUnitId: co.businessUnit._id },
  ]);
  const candidateId = new Types.ObjectId();
  const a = co.recruiter.user._id;
  const b = co.approver2.user._id;
  const at = (d: string) => new Date(`${d}T10:00:00.000Z`);
  const entry = (kind: string, by: Types.ObjectId | null, jobId: Types.ObjectId, day: string, data: Record<string, unknown> | null = null) => ({ customerId, candidateId, kind, by, jobId, at: at(day), summary: kind, data });
  await CandidateActivity.insertMany([
    // Recruiter A on the designer job.
    entry('stage_moved', a, job1!._id, '2026-03-15', { toKind: 'interview' }),
    entry('stage_moved', a, job1!._id, '2026-03-16', { toKind: 'hired' }),
    entry('note_added', a, job1!._id, '2026-03-20'),
    entry('interview_scheduled', a, job1!._id, '2026-04-02', { change: 'scheduled' }),
    entry('offer_updated', a, job1!._id, '2026-04-03', { change: 'created' }),
    entry('offer_updated', a, job1!._id, '2026-04-03', { change: 'viewed' }),
    entry('offer_updated', a, job1!._id, '2026-04-04', { change: 'sent' }),
    entry('email_sent', a, job1!._id, '2026-04-05'),
    entry('viewed', a, job1!._id, '2026-04-05'),
    // Recruiter B on the analyst job.
    entry('stage_moved', b, job2!._id, '2026-03-12', { toKind: 'rejected', withdrawn: false }),
    entry('stage_moved', b, job2!._id, '2026-03-13', { toKind: 'rejected', withdrawn: true }),
    entry('email_sent', b, job2!._id, '2026-05-01'),
    entry('note_added', b, job2!._id, '2026-03-09'),
    // Nobody's: an application and its confirmation mail.
    entry('applied', null, job1!._id, '2026-03-01'),
    entry('email_sent', null, job1!._id, '2026-03-18'),
  ]);
  await rebuildAllTallies(customerId);
  return { job1: job1!, job2: job2! };
}

describe('recruiter-activity and job-activity over a hand-built history', () => {
  let co: JobsCompany;
  let other: JobsCompany;
  beforeAll(async () => {
    co = await buildJobsCompany(ctx.config);
    await handBuiltHistory(co);
    other = await buildJobsCompany(ctx.config);
    await handBuiltHistory(other);
  });
  const range = { preset: 'custom', from: '2026-03-10', to: '2026-04-20' };

  it('counts each person\'s actions in the range, the same with a filter selecting every job', async () => {
    const r = await report(co.admin.auth, 'recruiter-activity', range);
    const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
    // A: moves 2 (one a hire), note 1, interview 1, offers 2 (created + sent; viewed is not an action), mail 1: total 2+1+1+2+1 = 7.
    expect(rowOf(r, 'user', name(co.recruiter.user))).toEqual({ user: name(co.recruiter.user), moves: 2, hires: 1, rejections: 0, notes: 1, interviewsScheduled: 1, offers: 2, mails: 1, total: 7 });
    // B: moves 2 (a rejection, and a withdrawal that is no rejection); the note of 03-09 and the mail of 05-01 are outside: total 2.
    expect(rowOf(r, 'user', name(co.approver2.user))).toEqual({ user: name(co.approver2.user), moves: 2, hires: 0, rejections: 1, notes: 0, interviewsScheduled: 0, offers: 0, mails: 0, total: 2 });
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]!.user).toBe(name(co.recruiter.user));
    expect(r.totals).toMatchObject({ user: 'Total', moves: 4, total: 9 });
    expect(r.headline[0]).toEqual({ label: 'Total actions', value: 9, kind: 'count' });
    expect(r.chart.kind).toBe('stacked-bar');
    expect(r.chart.summary).toMatch(/^9 actions/);
    expect(r.empty).toBeNull();

    const filtered = await report(co.admin.auth, 'recruiter-activity', { ...range, businessUnitId: String(co.businessUnit._id) });
    expect(filtered.rows).toEqual(r.rows);
    expect(filtered.totals).toEqual(r.totals);
  });

  it('counts each job in whole months, the same with a filter selecting every job', async () => {
    const r = await report(co.admin.auth, 'job-activity', range);
    // March 1 to April 30. Designer: the application of 03-01, moves 2, note 1, interview 1, offers 2, mails 2 (A's and the automatic one): total 2+1+1+2+2 = 8.
    expect(rowOf(r, 'job', 'Designer')).toEqual({ job: 'Designer', applied: 1, moves: 2, hires: 1, rejections: 0, notes: 1, interviewsScheduled: 1, offers: 2, mails: 2, total: 8 });
    // Analyst: moves 2, the note of 03-09 (March counts whole), no mail (May): total 3.
    expect(rowOf(r, 'job', 'Analyst')).toEqual({ job: 'Analyst', applied: 0, moves: 2, hires: 0, rejections: 1, notes: 1, interviewsScheduled: 0, offers: 0, mails: 0, total: 3 });
    expect(r.chart.summary).toContain('Counted in whole months: 2026-03-01 to 2026-04-30.');
    const filtered = await report(co.admin.auth, 'job-activity', { ...range, businessUnitId: String(co.businessUnit._id) });
    expect(filtered.rows).toEqual(r.rows);
    expect(filtered.totals).toEqual(r.totals);
    const oneJob = await report(co.admin.auth, 'job-activity', { ...range, jobId: String((await Job.findOne({ customerId: co.customerId, title: 'Analyst' }).lean())!._id) });
    expect(oneJob.rows.map((row) => row.job)).toEqual(['Analyst']);
  });

  it('says why it is empty', async () => {
    const r = await report(co.admin.auth, 'recruiter-activity', { preset: 'custom', from: '2025-01-01', to: '2025-01-31' });
    expect(r.rows).toEqual([]);
    expect(r.empty).toMatch(/Nobody moved/);
    expect(r.columns.map((c) => c.key)).toContain('total');
  });

  it('never counts another company, and the platform view sums them', async () => {
    const mine = await report(co.admin.auth, 'recruiter-activity', range);
    expect(mine.rows.map((row) => row.user)).not.toContain(`${other.recruiter.user.firstName} ${other.recruiter.user.lastName}`);
    const superAdmin = await buildUser({ superAdmin: true });
    const sa = `Bearer ${await tokenFor(ctx.config, superAdmin)}`;
    const one = (await request(app).get('/api/superadmin/reports/recruiter-activity').query({ ...range, companyId: String(co.customerId) }).set('Authorization', sa).expect(200)).body as TReportResult;
    expect(one.rows).toEqual(mine.rows);
    const all = (await request(app).get('/api/superadmin/reports/recruiter-activity').query(range).set('Authorization', sa).expect(200)).body as TReportResult;
    const names = all.rows.map((row) => row.user);
    expect(names).toEqual(expect.arrayContaining([...mine.rows.map((row) => row.user), `${other.recruiter.user.firstName} ${other.recruiter.user.lastName}`]));
    expect(Number(all.totals!.total)).toBeGreaterThanOrEqual(18);
  });

  it('refuses a user without the right to view reports', async () => {
    for (const name of ['recruiter-activity', 'job-activity', 'usage', 'vacancy-analysis', 'vacancy-ageing']) {
      await request(app).get(`/api/reports/${name}`).set('Authorization', co.employee.auth).expect(403);
    }
  });
});

describe('usage', () => {
  it('counts a sign-in through the API and each successful change, not reads nor refusals', async () => {
    const { co, applicationIds } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const person = await buildUser({ customerId: co.customerId, admin: true, firstName: 'Uma', lastName: 'Usage' });
    const candidate = await Application.findOne({ customerId: co.customerId, _id: applicationIds[0] }).lean().then((a) => ({ _id: a!.candidateId }));
    const session = await signIn(app, person.email, FactoryPassword, 200);
    const auth = `Bearer ${session.body.token as string}`;
    await request(app).get('/api/reports/usage').set('Authorization', auth).expect(200);
    await request(app).post(`/api/candidates/${String(candidate!._id)}/notes`).set('Authorization', auth).send({ text: 'Called, keen' }).expect(201);
    await request(app).post(`/api/candidates/${String(candidate!._id)}/notes`).set('Authorization', auth).send({ text: '' }).expect(400);

    const query = { recruiterId: String(person._id) };
    await vi.waitFor(async () => expect((await report(co.admin.auth, 'usage', query)).rows).toEqual([{ user: 'Uma Usage', email: person.email, signIns: 1, actions: 1 }]), { timeout: 10_000, interval: 100 });
    const r = await report(co.admin.auth, 'usage', query);
    expect(r.totals).toMatchObject({ signIns: 1, actions: 1 });
    expect(r.chart.kind).toBe('line');
    // Last 90 days, one point a day, today's holding the sign-in and the note.
    expect(r.chart.data).toHaveLength(90);
    expect(r.chart.data.at(-1)).toMatchObject({ signIns: 1, actions: 1 });

    // Filters select people by their own business unit: nobody is in it yet, then Uma is.
    expect((await report(co.admin.auth, 'usage', { businessUnitId: String(co.businessUnit._id) })).empty).toBe('Nobody matches the filters.');
    await User.updateOne({ customerId: co.customerId, _id: person._id }, { $set: { buItemId: co.businessUnit._id } });
    expect((await report(co.admin.auth, 'usage', { businessUnitId: String(co.businessUnit._id) })).rows).toEqual([{ user: 'Uma Usage', email: person.email, signIns: 1, actions: 1 }]);

    // The platform super admin has no company: their sign-in is not counted anywhere.
    const superAdmin = await buildUser({ superAdmin: true });
    await signIn(app, superAdmin.email, FactoryPassword, 200);
    expect(await ReportTally.countDocuments({ dim: 'user', key: String(superAdmin._id) }).setOptions({ crossTenant: true })).toBe(0);

    // A rebuild keeps sign-ins and actions (they have no raw source).
    await rebuildAllTallies(co.customerId);
    expect((await report(co.admin.auth, 'usage', query)).rows).toEqual([{ user: 'Uma Usage', email: person.email, signIns: 1, actions: 1 }]);
  });
});

describe('vacancy-analysis and vacancy-ageing over hand-built jobs', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  let co: JobsCompany;
  beforeAll(async () => {
    app.locals.clock = { now: () => now.getTime() };
    co = await buildJobsCompany(ctx.config);
    const customerId = co.customerId;
    const stages = () => ['screening', 'interview', 'offer', 'hired', 'rejected'].map((kind) => ({ _id: new Types.ObjectId(), name: kind, kind }));
    const counts = (s: { _id: Types.ObjectId }[], n: number[]) => Object.fromEntries(s.map((st, i) => [String(st._id), n[i]!]));
    const d = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s);
    const bu = co.businessUnit._id;
    const s1 = stages(), s2 = stages(), s3 = stages(), s4 = stages();
    const [designer, analyst, engineer, tester] = await Job.create([
      { customerId, title: 'Designer', headcount: 2, status: 'open', openedAt: d('2026-05-01'), businessUnitId: bu, stages: s1, stageCounts: counts(s1, [3, 2, 0, 1, 4]), applicantCount: 10 },
      { customerId, title: 'Analyst', headcount: 1, status: 'filled', openedAt: d('2026-01-01'), businessUnitId: bu, stages: s2, stageCounts: counts(s2, [0, 0, 0, 1, 2]), applicantCount: 3 },
      { customerId, title: 'Engineer', headcount: 1, status: 'on_hold', openedAt: d('2026-02-15'), businessUnitId: bu, stages: s3, stageCounts: counts(s3, [1, 0, 0, 0, 0]), applicantCount: 1 },
      { customerId, title: 'Tester', headcount: 1, status: 'open', openedAt: d('2026-06-20'), businessUnitId: bu, stages: s4, stageCounts: {}, applicantCount: 0 },
      { customerId, title: 'Draft role', headcount: 1, status: 'draft', businessUnitId: bu },
    ]);
    const ev = (job: { _id: Types.ObjectId }, from: string | null, to: string, at: string) => ({ customerId, entity: 'job', entityId: job._id, jobId: job._id, from, to, at: d(at) });
    const { StatusEvent } = await import('../../jobs/status-event.model');
    const { StageEvent } = await import('../../candidates/applications/stage-event.model');
    await StatusEvent.insertMany([
      ev(designer!, 'draft', 'open', '2026-05-01'), ev(designer!, 'open', 'on_hold', '2026-05-11'), ev(designer!, 'on_hold', 'open', '2026-05-21'),
      ev(analyst!, 'draft', 'open', '2026-01-01'), ev(analyst!, 'open', 'filled', '2026-03-02'),
      ev(engineer!, 'draft', 'open', '2026-02-15'), ev(engineer!, 'open', 'on_hold', '2026-06-20T12:00:00.000Z'),
      ev(tester!, 'draft', 'open', '2026-06-20'),
    ]);
    const hire = (job: { _id: Types.ObjectId }, at: string) => ({ customerId, applicationId: new Types.ObjectId(), jobId: job._id, candidateId: new Types.ObjectId(), toStageId: new Types.ObjectId(), toKind: 'hired', fromKind: 'offer', at: d(at), daysToHire: 5 });
    await StageEvent.insertMany([hire(designer!, '2026-06-10'), hire(analyst!, '2026-03-02')]);
    // Events and counts written raw: the repair gives the jobs their vacancy histories and counts per kind of stage, as after an upgrade.
    await rebuildAllTallies(customerId);
  });
  afterAll(() => {
    delete app.locals.clock;
  });

  it('vacancy-analysis: openings, applicants, stage counts, age, time to fill and time on hold per job', async () => {
    const june = { preset: 'custom', from: '2026-06-01', to: '2026-06-30' };
    const r = await report(co.admin.auth, 'vacancy-analysis', june);
    // The analyst job was filled on 03-02, before June: not in June's rows; the draft never opened.
    expect(r.rows.map((row) => row.job)).toEqual(['Engineer', 'Designer', 'Tester']);
    // Designer: opened 05-01, today 06-30: 30 + 30 = 60 days; filled by the hire of 06-10: 30 + 10 = 40 days; on hold 05-11 to 05-21: 10 days.
    expect(rowOf(r, 'job', 'Designer')).toEqual({ job: 'Designer', status: 'Open', openings: 2, filled: 1, applicants: 10, screening: 3, interview: 2, offer: 0, hired: 1, rejected: 4, ageDays: 60, timeToFill: 40, holdDays: 10 });
    // Engineer: opened 02-15: 13 (Feb) + 31 + 30 + 31 + 30 = 135 days; on hold since 06-20 noon: 10 days; nothing filled.
    expect(rowOf(r, 'job', 'Engineer')).toMatchObject({ status: 'On hold', ageDays: 135, timeToFill: null, holdDays: 10, filled: 0 });
    expect(r.headline).toContainEqual({ label: 'Median time to fill (openings filled in the range)', value: 40, kind: 'days' });
    expect(r.totals).toMatchObject({ openings: 4, filled: 1, applicants: 11, holdDays: 20 });

    // From January the analyst job counts too: opened 01-01, filled 03-02: 31 + 28 + 1 = 60 days, its age stopping then.
    const half = await report(co.admin.auth, 'vacancy-analysis', { preset: 'custom', from: '2026-01-01', to: '2026-06-30' });
    expect(rowOf(half, 'job', 'Analyst')).toMatchObject({ status: 'Filled', openings: 1, filled: 1, ageDays: 60, timeToFill: 60, holdDays: 0 });
    // Openings filled in the range: 60 (analyst) and 40 (designer): median 50.
    expect(half.headline).toContainEqual({ label: 'Median time to fill (openings filled in the range)', value: 50, kind: 'days' });

    const filtered = await report(co.admin.auth, 'vacancy-analysis', { ...june, businessUnitId: String(co.businessUnit._id) });
    expect(filtered.rows).toEqual(r.rows);
    const none = await report(co.admin.auth, 'vacancy-analysis', { preset: 'custom', from: '2025-01-01', to: '2025-12-31' });
    expect(none.empty).toBe('No job had been opened by the end of this date range.');
  });

  it('vacancy-ageing: days open against the target, in buckets', async () => {
    const r = await report(co.admin.auth, 'vacancy-ageing');
    // Target: the default 45 days. Engineer 135 (over by 90), Designer 60 (over by 15), Tester 10.
    expect(r.rows.map((row) => [row.job, row.daysOpen, row.bucket, row.target, row.overBy])).toEqual([
      ['Engineer', 135, 'Over 90 days', 45, 90],
      ['Designer', 60, '31-60 days', 45, 15],
      ['Tester', 10, '0-30 days', 45, 0],
    ]);
    expect(r.chart.data).toEqual([
      { bucket: '0-30 days', jobs: 1 },
      { bucket: '31-60 days', jobs: 1 },
      { bucket: '61-90 days', jobs: 0 },
      { bucket: 'Over 90 days', jobs: 1 },
    ]);
    expect(r.headline).toContainEqual({ label: 'Over target', value: 2, kind: 'count' });
    expect(r.chart.summary).toBe('3 open jobs: 1 0-30 days, 1 31-60 days, 0 61-90 days, 1 over 90 days. 2 are over the target of 45 days.');
    const filtered = await report(co.admin.auth, 'vacancy-ageing', { businessUnitId: String(co.businessUnit._id) });
    expect(filtered.rows).toEqual(r.rows);
    const designer = await Job.findOne({ customerId: co.customerId, title: 'Designer' }).lean();
    expect((await report(co.admin.auth, 'vacancy-ageing', { jobId: String(designer!._id) })).rows.map((row) => row.job)).toEqual(['Designer']);
  });
});
