import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import { DefaultRejectionReasons } from '@hireflow/contracts/pipeline';
import { PrivacyApi, type TRetentionPreview, type TRetentionRules } from '@hireflow/contracts/privacy';
import { CompanyApi, DefaultCompanyPreferences } from '@hireflow/contracts/company';
import { startTestApp } from '../../../test/test-app';
import { JobWorker, ensureRecurringJobs } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { Candidate } from '../../candidates/candidate.model';
import { createCandidate } from '../../candidates/intake/create-candidate';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { applyToJob } from '../../candidates/applications/apply.service';
import { Job, type JobDoc } from '../../jobs/job.model';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../../jobs/jobs.test-support';
import { moveApplication } from '../../pipeline/move/move-application';
import { AuditEntry } from '../audit/audit-entry.model';
import { RetentionRun } from './retention-run.model';
import { retentionJobs, RetentionSweepJob } from './retention.jobs';
import { applyRetentionRun } from './retention.service';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // The tests run the sweep themselves on a clock they move: "a month later" needs no waiting.
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

const Day = 24 * 3600_000;
// "Now" of the story: 15 June 2031, 10:00 UTC. monthsAgo(13) is 15 May 2030, 10:00 UTC.
const T0 = Date.parse('2031-06-15T10:00:00Z');
const monthsAgo = (n: number) => new Date(Date.UTC(2031, 5 - n, 15, 10));
const daysAgo = (n: number) => new Date(T0 - n * Day);

/** A worker with the retention jobs on a fake clock; `sweep(at)` runs whatever is due at that instant. */
async function sweeper(start: number) {
  let t = start;
  const worker = new JobWorker({ definitions: retentionJobs, config: ctx.config, logger: ctx.logger, now: () => new Date(t) });
  await QueueJob.deleteMany({ name: RetentionSweepJob.name });
  await ensureRecurringJobs([RetentionSweepJob], new Date(t));
  return async (at: number) => {
    t = at;
    await worker.drain();
  };
}

type Company = JobsCompany & { jobs: JobDoc[] };

async function buildCompany(jobCount: number): Promise<Company> {
  const co = await buildJobsCompany(ctx.config);
  const jobs: JobDoc[] = [];
  for (let i = 0; i < jobCount; i++) {
    const { jobId } = await openJobThroughApproval(ctx.app, co, { title: `Role ${i + 1}`, headcountJustification: 'Backfill for a team that grows' });
    jobs.push((await Job.findOne({ customerId: co.customerId, _id: jobId }).lean()) as JobDoc);
  }
  return { ...co, jobs };
}

const emailOf = (first: string) => `${first.toLowerCase()}@people.test`;

/** A career-site applicant on a job two years before the story's now; answers the application id. */
async function apply(co: Company, job: JobDoc, firstName: string) {
  const { applicationId } = await applyToJob({ customerId: co.customerId, job, input: { firstName, lastName: 'Person', email: emailOf(firstName), phone: '', answers: [] }, resume: null, source: 'career_site', at: monthsAgo(24) });
  return applicationId;
}

const stageOf = (job: JobDoc, kind: string) => String(job.stages.find((s) => s.kind === kind)!._id);

/** Moves an application the way the board does, at a past instant. */
async function move(co: Company, job: JobDoc, applicationId: Types.ObjectId, kind: 'rejected' | 'withdrawn' | 'hired', at: Date) {
  const input = kind === 'withdrawn' ? { stageId: stageOf(job, 'rejected'), withdrawn: true } : kind === 'rejected' ? { stageId: stageOf(job, 'rejected'), reason: DefaultRejectionReasons[0] } : { stageId: stageOf(job, 'hired') };
  await moveApplication({ customerId: co.customerId, actor: co.recruiter.user, applicationId, input, context: { now: at } });
}

/** A sourced (or imported) candidate added `age` days before the story's now. */
async function source(co: Company, firstName: string, age: number, how: 'sourced' | 'import' = 'sourced') {
  const created = await createCandidate({ customerId: co.customerId, by: co.recruiter.user._id, fields: { firstName, lastName: 'Person', email: emailOf(firstName) } as never, source: how, consentSource: 'added by a recruiter', at: daysAgo(age) });
  // Creation time as if they were added then (timestamps are the wall clock's).
  await Candidate.collection.updateOne({ _id: created._id }, { $set: { createdAt: daysAgo(age) } });
  return created._id;
}

const person = async (co: Company, firstName: string) => (await Candidate.findOne({ customerId: co.customerId, email: emailOf(firstName) }).lean()) ?? null;
const byId = async (co: Company, id: Types.ObjectId) => (await Candidate.findOne({ customerId: co.customerId, _id: id }).lean())!;

async function setRules(co: Company, retention: TRetentionRules) {
  await request(ctx.app).put(CompanyApi.preferences).set('Authorization', co.admin.auth).send({ ...DefaultCompanyPreferences, retention }).expect(200);
}

async function preview(co: Company, rules: TRetentionRules, at: number): Promise<TRetentionPreview> {
  ctx.app.locals.clock = { now: () => at };
  try {
    const res = await request(ctx.app).post(PrivacyApi.retentionPreview).set('Authorization', co.admin.auth).send(rules).expect(200);
    return res.body as TRetentionPreview;
  } finally {
    delete ctx.app.locals.clock;
  }
}

const summary = (p: TRetentionPreview) => Object.fromEntries(p.rules.map((r) => [r.rule, { count: r.count, names: r.sample.map((s) => s.name) }]));
const Rules: TRetentionRules = { rejectedMonths: 12, sourcedDays: 30, withdrawnMonths: 6 };

describe('retention rules applied daily', () => {
  let a: Company;
  let b: Company;
  const ids: Record<string, Types.ObjectId> = {};

  beforeAll(async () => {
    a = await buildCompany(3);
    b = await buildCompany(1);
    const [job1, job2, job3] = a.jobs as [JobDoc, JobDoc, JobDoc];
    // Rejected 13 and 11 months ago.
    await move(a, job1, await apply(a, job1, 'Rita'), 'rejected', monthsAgo(13));
    await move(a, job1, await apply(a, job1, 'Rob'), 'rejected', monthsAgo(11));
    // Rejected 13 months ago, but still in the running for another job.
    await move(a, job1, await apply(a, job1, 'Olga'), 'rejected', monthsAgo(13));
    await apply(a, job2, 'Olga');
    // Hired 20 months ago, the hire undone into a rejection 13 months ago: once hired, never anonymised.
    const hank = await apply(a, job3, 'Hank');
    await move(a, job3, hank, 'hired', monthsAgo(20));
    await move(a, job3, hank, 'rejected', monthsAgo(13));
    // Rejected 13 months ago on one job, withdrew 2 months ago from another: counted from the latest.
    await move(a, job1, await apply(a, job1, 'Max'), 'rejected', monthsAgo(13));
    await move(a, job2, await apply(a, job2, 'Max'), 'withdrawn', monthsAgo(2));
    // Withdrew 7 and 5 months ago.
    await move(a, job1, await apply(a, job1, 'Walt'), 'withdrawn', monthsAgo(7));
    await move(a, job1, await apply(a, job1, 'Wendy'), 'withdrawn', monthsAgo(5));
    // Sourced 40 days ago and never contacted; sourced and mailed; sourced 20 days ago; imported then applied.
    ids.sam = await source(a, 'Sam', 40);
    ids.mia = await source(a, 'Mia', 40);
    await recordCandidateActivity({ customerId: a.customerId, candidateId: ids.mia, kind: 'email_sent', by: a.recruiter.user._id, at: daysAgo(35), summary: 'Mail: A role for you', data: { subject: 'A role for you' } });
    ids.yan = await source(a, 'Yan', 20);
    ids.ivan = await source(a, 'Ivan', 40, 'import');
    await apply(a, job2, 'Ivan');
    // Imported 60 days ago but merged into another candidate since.
    ids.merged = await source(a, 'Mona', 60, 'import');
    await Candidate.collection.updateOne({ _id: ids.merged }, { $set: { mergedIntoId: ids.ivan, email: '' } });
    // Another company, rules off: its people look due but are never touched.
    ids.bSourced = await source(b, 'Bea', 400);
    await move(b, b.jobs[0]!, await apply(b, b.jobs[0]!, 'Bert'), 'rejected', monthsAgo(30));
  });

  it('403 without the preferences right; 400 for a period out of bounds', async () => {
    await request(ctx.app).post(PrivacyApi.retentionPreview).set('Authorization', a.recruiter.auth).send(Rules).expect(403);
    await request(ctx.app).get(PrivacyApi.retentionRuns).set('Authorization', a.recruiter.auth).expect(403);
    await request(ctx.app).get(PrivacyApi.retentionRuns).expect(401);
    const bad = await request(ctx.app).post(PrivacyApi.retentionPreview).set('Authorization', a.admin.auth).send({ ...Rules, sourcedDays: 3 }).expect(400);
    expect(bad.body.message).toBe('sourcedDays: must be at least 7');
  });

  it('previews who would be anonymised today, per rule, without changing anyone', async () => {
    expect(summary(await preview(a, Rules, T0))).toEqual({
      rejectedMonths: { count: 1, names: ['Rita Person'] },
      sourcedDays: { count: 1, names: ['Sam Person'] },
      withdrawnMonths: { count: 1, names: ['Walt Person'] },
    });
    // Longer periods select fewer; a rule off selects nobody.
    expect(summary(await preview(a, { rejectedMonths: 14, sourcedDays: null, withdrawnMonths: 8 }, T0))).toEqual({
      rejectedMonths: { count: 0, names: [] },
      sourcedDays: { count: 0, names: [] },
      withdrawnMonths: { count: 0, names: [] },
    });
    // The other company's (older) people are not in this company's preview, and its own preview finds them.
    expect(summary(await preview(b, Rules, T0))).toEqual({
      rejectedMonths: { count: 1, names: ['Bert Person'] },
      sourcedDays: { count: 1, names: ['Bea Person'] },
      withdrawnMonths: { count: 0, names: [] },
    });
    expect((await person(a, 'Rita'))!.firstName).toBe('Rita');
    expect(await RetentionRun.countDocuments({ customerId: a.customerId })).toBe(0);
  });

  it('the daily run anonymises exactly the people the preview named, once a day, and logs the run', async () => {
    await setRules(a, Rules);
    const before = summary(await preview(a, Rules, T0));
    const sweep = await sweeper(T0);
    await sweep(T0);

    for (const first of ['Rita', 'Walt']) expect(await person(a, first)).toBeNull();
    const sam = await byId(a, ids.sam!);
    expect([sam.firstName, sam.lastName, sam.email, sam.erasedAt?.getTime()]).toEqual(['Erased', 'candidate', '', T0]);
    const erased = await Candidate.find({ customerId: a.customerId, erasedAt: { $ne: null } }).lean();
    expect(erased).toHaveLength(3);
    expect(erased.every((c) => c.firstName === 'Erased' && c.lastName === 'candidate' && c.email === '')).toBe(true);
    for (const first of ['Rob', 'Olga', 'Hank', 'Max', 'Wendy', 'Mia', 'Yan', 'Ivan']) expect((await person(a, first))!.erasedAt).toBeNull();
    expect((await byId(a, ids.merged!)).firstName).toBe('Mona');
    // Each erasure is in the audit trail as the work of a retention rule.
    expect(await AuditEntry.countDocuments({ customerId: a.customerId, action: 'erased', detail: 'By a retention rule', actorId: null })).toBe(3);

    const runs = await request(ctx.app).get(PrivacyApi.retentionRuns).set('Authorization', a.admin.auth).expect(200);
    expect(runs.body.items).toEqual([
      { id: expect.any(String), at: new Date(T0).toISOString(), trigger: 'daily', rules: Rules, counts: { rejectedMonths: 1, sourcedDays: 1, withdrawnMonths: 1 }, erased: 3, failed: 0, finishedAt: new Date(T0).toISOString() },
    ]);
    // What the preview said is what the run did.
    expect(Object.fromEntries(Object.entries(before).map(([rule, v]) => [rule, v.count]))).toEqual(runs.body.items[0].counts);

    // The sweep repeats within the day: nothing more happens.
    await sweep(T0 + 2 * 3600_000);
    await sweep(T0 + 12 * 3600_000);
    expect(await RetentionRun.countDocuments({ customerId: a.customerId })).toBe(1);
    expect(await Candidate.countDocuments({ customerId: a.customerId, erasedAt: { $ne: null } })).toBe(3);

    // Rules off: no run, nobody touched.
    expect(await RetentionRun.countDocuments({ customerId: b.customerId })).toBe(0);
    expect((await byId(b, ids.bSourced!)).firstName).toBe('Bea');
    expect((await person(b, 'Bert'))!.erasedAt).toBeNull();
    const bRuns = await request(ctx.app).get(PrivacyApi.retentionRuns).set('Authorization', b.admin.auth).expect(200);
    expect(bRuns.body).toEqual({ items: [] });

    // A month later the 11-month rejection, the 5-month withdrawal and the 20-day sourcing are due.
    const later = T0 + 32 * Day;
    const due = await preview(a, Rules, later);
    expect(summary(due)).toEqual({
      rejectedMonths: { count: 1, names: ['Rob Person'] },
      sourcedDays: { count: 1, names: ['Yan Person'] },
      withdrawnMonths: { count: 1, names: ['Wendy Person'] },
    });
    await sweep(later);
    for (const first of ['Rob', 'Wendy']) expect(await person(a, first)).toBeNull();
    expect((await byId(a, ids.yan!)).firstName).toBe('Erased');
    for (const first of ['Olga', 'Hank', 'Max', 'Mia', 'Ivan']) expect((await person(a, first))!.erasedAt).toBeNull();
    const after = await request(ctx.app).get(PrivacyApi.retentionRuns).set('Authorization', a.admin.auth).expect(200);
    expect(after.body.items.map((r: { at: string; counts: unknown; erased: number }) => [r.at, r.counts, r.erased])).toEqual([
      [new Date(later).toISOString(), { rejectedMonths: 1, sourcedDays: 1, withdrawnMonths: 1 }, 3],
      [new Date(T0).toISOString(), { rejectedMonths: 1, sourcedDays: 1, withdrawnMonths: 1 }, 3],
    ]);
    expect((await byId(b, ids.bSourced!)).firstName).toBe('Bea');
  });
});

describe('a run with many matches', () => {
  it('erases in bounded batches, each continuing where the last stopped, and finishes once none is left', async () => {
    const co = await buildCompany(0);
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan', 'Eve']) await source(co, name, 50);
    const run = await RetentionRun.create({ customerId: co.customerId, at: new Date(T0), trigger: 'daily', day: '2031-06-15', rules: { rejectedMonths: null, sourcedDays: 30, withdrawnMonths: null } });
    const step = () => applyRetentionRun({ customerId: co.customerId, runId: run._id, now: new Date(T0), budget: 2 });
    expect(await step()).toEqual({ done: false, erased: 2 });
    expect(await step()).toEqual({ done: false, erased: 2 });
    expect(await step()).toEqual({ done: true, erased: 1 });
    const logged = (await RetentionRun.findOne({ customerId: co.customerId, _id: run._id }).lean())!;
    expect([logged.counts?.sourcedDays, logged.erased, logged.failed, logged.finishedAt?.getTime()]).toEqual([5, 5, 0, T0]);
    expect(await Candidate.countDocuments({ customerId: co.customerId, erasedAt: null })).toBe(0);
    expect(await step()).toEqual({ done: true, erased: 0 });
  });
});
