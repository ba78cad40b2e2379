import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { ZReportResult, type TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { buildInterviewCompany, type InterviewCompany } from '../../interviews/interviews.test-support';
import { ReportTally } from '../tallies/report-tally.model';
import { storedDims } from '../tallies/tallies';
import { rebuildAllTallies } from '../tallies/rebuild';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let co: InterviewCompany;
let other: InterviewCompany;
const Hour = 3_600_000;
const Day = 24 * Hour;
// The app clock starts at the real time: scheduling records its events at the wall clock's time.
const t0 = Date.now();
let now = t0;
/** Tomorrow (UTC) at hh:00, and the day after. */
const day1 = Math.floor(t0 / Day) * Day + Day;
const at = (dayOffset: number, hour: number) => new Date(day1 + dayOffset * Day + hour * Hour);

const post = (auth: string, path: string, body: object) => request(app).post(path).set('Authorization', auth).send(body);
const report = async (auth: string, name: string, query = '') => {
  const res = await request(app).get(`/api/reports/${name}${query ? `?${query}` : ''}`).set('Authorization', auth).expect(200);
  return ZReportResult.parse(res.body);
};
const row = (r: TReportResult, group: string, name: string) => r.rows.find((x) => x.group === group && x.name === name);
const fullName = async (id: string, customerId = co.co.customerId) => {
  const u = (await User.findOne({ customerId, _id: id }).lean())!;
  return `${u.firstName} ${u.lastName}`;
};

async function book(c: InterviewCompany, applicationId: string, start: Date, interviewerIds: string[]) {
  const res = await post(c.co.recruiter.auth, '/api/interviews', {
    applicationId, roundName: 'Technical interview', start: start.toISOString(), durationMinutes: 60, timeZone: 'Europe/Berlin',
    mode: 'video', videoLink: 'https://meet.example.test/xyz', interviewerIds, acknowledgeConflicts: true,
  }).expect(201);
  return res.body.interview.id as string;
}

let names: { employee: string; hm: string; approver1: string };
let jobTitle: string;
let hiringManager: string;

/**
 * The history (one job, every interview with the recruiter scheduling and marking):
 *   I1 panel employee + hm, completed; scorecards: employee "yes" 3 h after its end, hm "strong yes" 30 h after
 *   I2 panel employee, rescheduled a day later, then did not happen (candidate did not show up)
 *   I3 panel approver1, cancelled
 *   I4 panel hm, incident "The video link did not work"
 */
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
  app.locals.clock = { now: () => now };
  co = await buildInterviewCompany(app, ctx.config, { applicants: 4 });
  other = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
  const { employee, hm, approver1, recruiter } = co.co;
  names = { employee: await fullName(employee.id), hm: await fullName(hm.id), approver1: await fullName(approver1.id) };
  const job = (await Job.findOne({ customerId: co.co.customerId, _id: co.job._id }).lean())!;
  jobTitle = job.title;
  hiringManager = job.hiringManagerId ? await fullName(String(job.hiringManagerId)) : '(no hiring manager)';

  const i1 = await book(co, co.applicationIds[0]!, at(0, 9), [employee.id, hm.id]);
  const i2 = await book(co, co.applicationIds[1]!, at(0, 13), [employee.id]);
  const i3 = await book(co, co.applicationIds[2]!, at(0, 15), [approver1.id]);
  const i4 = await book(co, co.applicationIds[3]!, at(1, 9), [hm.id]);
  await book(other, other.applicationIds[0]!, at(0, 9), [other.co.employee.id]);

  await request(app).patch(`/api/interviews/${i2}`).set('Authorization', recruiter.auth).send({ start: at(1, 13).toISOString(), acknowledgeConflicts: true }).expect(200);
  await post(recruiter.auth, `/api/interviews/${i3}/cancel`, { reason: 'Position filled internally', notifyCandidate: false }).expect(200);
  await post(recruiter.auth, `/api/interviews/${i4}/status`, { status: 'incident', description: 'The video link did not work' }).expect(200);

  now = at(0, 10).getTime() + 30 * 60_000;
  await post(recruiter.auth, `/api/interviews/${i1}/status`, { status: 'completed' }).expect(200);
  now = at(0, 13).getTime(); // I1 ended at 10:00: 3 hours later
  await post(employee.auth, `/api/interviews/${i1}/feedback/submit`, { ratings: [], recommendation: 'yes', notes: 'Good' }).expect(200);
  now = at(1, 16).getTime(); // 30 hours after 10:00
  await post(hm.auth, `/api/interviews/${i1}/feedback/submit`, { ratings: [], recommendation: 'strong_yes', notes: 'Great' }).expect(200);
  await post(recruiter.auth, `/api/interviews/${i2}/status`, { status: 'did_not_happen', reason: 'Candidate did not show up' }).expect(200);
}, 180_000);
afterAll(() => ctx.stop());

const admin = () => co.co.admin.auth;
const bu = () => `businessUnitId=${String(co.co.businessUnit._id)}`;

/** What must not depend on the way the figures were read. */
const figures = (r: TReportResult) => ({ headline: r.headline, chart: r.chart.data, rows: r.rows, totals: r.totals, empty: r.empty });

describe('interview tallies', () => {
  it('are kept by every interview change as a rebuild from the events computes them', async () => {
    const snapshot = async (customerId: Types.ObjectId) =>
      (await ReportTally.find({ customerId, dim: { $in: storedDims(['iv', 'ivjob', 'ivday', 'ivhm']) } }, { _id: 0, dim: 1, key: 1, day: 1, n: 1 }).sort({ dim: 1, key: 1, day: 1 }).lean())
        .map((t) => ({ ...t, n: JSON.parse(JSON.stringify(t.n, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v))) as unknown }));
    const incremental = await snapshot(co.co.customerId);
    const company = incremental.filter((t) => t.dim === 'ivday').map((t) => t.n as Record<string, unknown>);
    const sum = (path: (n: Record<string, any>) => number | undefined) => company.reduce((a, n) => a + (path(n) ?? 0), 0); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(sum((n) => n.scheduled)).toBe(4);
    expect(sum((n) => n.rescheduled)).toBe(1);
    expect(sum((n) => n.cancelled)).toBe(1);
    expect(sum((n) => n.completed)).toBe(1);
    expect(sum((n) => n.incident)).toBe(1);
    expect(sum((n) => n.didNotHappen?.candidate_did_not_show_up)).toBe(1);
    expect(sum((n) => n.scorecards)).toBe(2);
    expect(sum((n) => n.fbHours)).toBe(33);
    expect(sum((n) => n.fb?.b3)).toBe(1);
    expect(sum((n) => n.fb?.b30)).toBe(1);
    expect([...new Set(incremental.filter((t) => t.dim === 'iv').map((t) => t.key))].sort()).toEqual([co.co.approver1.id, co.co.employee.id, co.co.hm.id].sort());
    // Per hiring manager: the job's, with the same figures as the company's.
    const job = (await Job.findOne({ customerId: co.co.customerId, _id: co.job._id }).lean())!;
    const managers = incremental.filter((t) => t.dim === 'ivhm');
    expect(new Set(managers.map((t) => t.key))).toEqual(new Set([job.hiringManagerId ? String(job.hiringManagerId) : 'none']));
    expect(managers.map((t) => [t.day, t.n])).toEqual(incremental.filter((t) => t.dim === 'ivday').map((t) => [t.day, t.n]));

    await rebuildAllTallies(co.co.customerId);
    expect(await snapshot(co.co.customerId)).toEqual(incremental);
  });
});

describe('interview reports', () => {
  it('interview-scheduled counts bookings per interviewer, job and week', async () => {
    const r = await report(admin(), 'interview-scheduled', 'preset=last30');
    expect(r.headline.map((h) => [h.label, h.value])).toEqual([['Interviews scheduled', 4], ['Rescheduled', 1], ['Cancelled', 1], ['Interviewers booked', 3]]);
    expect(row(r, 'Interviewer', names.employee)).toMatchObject({ scheduled: 2, rescheduled: 1, cancelled: 0 });
    expect(row(r, 'Interviewer', names.hm)).toMatchObject({ scheduled: 2, rescheduled: 0, cancelled: 0 });
    expect(row(r, 'Interviewer', names.approver1)).toMatchObject({ scheduled: 1, cancelled: 1 });
    expect(row(r, 'Job', jobTitle)).toMatchObject({ scheduled: 4, rescheduled: 1, cancelled: 1 });
    expect(r.totals).toMatchObject({ group: 'Total', scheduled: 4, rescheduled: 1, cancelled: 1 });
    expect(r.chart.kind).toBe('line');
    expect(r.chart.data.reduce((a, d) => a + (d.scheduled as number), 0)).toBe(4);
    expect(r.chart.summary).toContain('4 interviews were scheduled');
    expect(r.definition.join(' ')).toContain('on the day it was booked');
  });

  it('interview-completed, interview-didnothappen and interview-incident count outcomes on the day they were marked', async () => {
    const done = await report(admin(), 'interview-completed');
    expect(done.totals).toMatchObject({ completed: 1, didNotHappen: 1, incident: 1, completionRate: 33.3 });
    expect(row(done, 'Interviewer', names.employee)).toMatchObject({ completed: 1, didNotHappen: 1, incident: 0, completionRate: 50 });
    expect(row(done, 'Interviewer', names.hm)).toMatchObject({ completed: 1, didNotHappen: 0, incident: 1, completionRate: 50 });
    expect(row(done, 'Interviewer', names.approver1)).toBeUndefined();

    const missed = await report(admin(), 'interview-didnothappen');
    expect(missed.chart.kind).toBe('stacked-bar');
    expect(missed.totals).toMatchObject({ candidate_did_not_show_up: 1, candidate_cancelled: 0, total: 1, share: 33.3 });
    expect(missed.headline.find((h) => h.label === 'Most common reason')?.value).toBe('Candidate did not show up (1)');
    expect(missed.rows.map((x) => [x.group, x.name, x.total])).toEqual([['Interviewer', names.employee, 1], ['Job', jobTitle, 1]]);

    const incidents = await report(admin(), 'interview-incident');
    expect(incidents.columns.map((c) => c.key)).toEqual(['date', 'job', 'interviewer', 'description']);
    expect(incidents.rows).toEqual([{ date: new Date(t0).toISOString().slice(0, 10), job: jobTitle, interviewer: names.hm, description: 'The video link did not work' }]);
    expect(incidents.headline[0]).toMatchObject({ label: 'Incidents', value: 1 });
  });

  it('interview-evaluation and hiring-team read the submitted scorecards', async () => {
    const ev = await report(admin(), 'interview-evaluation');
    expect(ev.totals).toMatchObject({ strong_no: 0, no: 0, yes: 1, strong_yes: 1, scorecards: 2, positive: 100 });
    expect(row(ev, 'Interviewer', names.employee)).toMatchObject({ yes: 1, strong_yes: 0, scorecards: 1 });
    expect(row(ev, 'Interviewer', names.hm)).toMatchObject({ yes: 0, strong_yes: 1, scorecards: 1 });
    expect(row(ev, 'Job', jobTitle)).toMatchObject({ yes: 1, strong_yes: 1, scorecards: 2 });

    const team = await report(admin(), 'hiring-team');
    // Turnarounds 3 h and 30 h: the median is the lower one (rank 1 of 2, whole-hour bins), the mean 16.5.
    expect(team.totals).toMatchObject({ completed: 1, scorecards: 2, medianHours: 3, meanHours: 16.5 });
    expect(row(team, 'Hiring manager', hiringManager)).toMatchObject({ completed: 1, scorecards: 2, medianHours: 3, meanHours: 16.5 });
    expect(row(team, 'Interviewer', names.employee)).toMatchObject({ completed: 1, scorecards: 1, medianHours: 3, meanHours: 3 });
    expect(row(team, 'Interviewer', names.hm)).toMatchObject({ completed: 1, scorecards: 1, medianHours: 30, meanHours: 30 });
    expect(team.headline.find((h) => h.label === 'Median hours to scorecard')?.value).toBe(3);
  });

  it('gives the same figures from the raw events of the jobs an org filter selects as from the tallies', async () => {
    const saved = now;
    try {
      // Per job the tallies are monthly: a range within one month is read from the events, a longer one from
      // the tallies of its whole months plus the events of the partial months at either end.
      const later = t0 + 40 * Day;
      const day = (t: number) => new Date(t).toISOString().slice(0, 10);
      const monthStart = `${day(t0).slice(0, 8)}01`;
      for (const [clock, query] of [[saved, 'preset=last30'], [later, 'preset=last90'], [later, `preset=custom&from=${monthStart}&to=${day(later)}`]] as const) {
        now = clock;
        for (const name of ['interview-scheduled', 'interview-completed', 'interview-didnothappen', 'interview-incident', 'interview-evaluation', 'hiring-team']) {
          const plain = await report(admin(), name, query);
          const filtered = await report(admin(), name, `${query}&${bu()}`);
          expect(figures(filtered), `${name} ${query}`).toEqual(figures(plain));
          expect(plain.empty, `${name} ${query}`).toBeNull();
        }
      }
      // A filter that selects no interview's job: empty, with the reason.
      now = saved;
      const none = await report(admin(), 'interview-scheduled', `businessUnitId=${String(other.co.businessUnit._id)}`);
      expect(none.rows).toEqual([]);
      expect(none.empty).toMatch(/No interview was scheduled/);
    } finally {
      now = saved;
    }
  });

  it('is refused without viewReports, counts only the own company, and the platform view sums the companies', async () => {
    await request(app).get('/api/reports/interview-scheduled').set('Authorization', co.co.employee.auth).expect(403);
    const mine = await report(other.co.admin.auth, 'interview-scheduled');
    expect(mine.totals).toMatchObject({ scheduled: 1, rescheduled: 0, cancelled: 0 });
    expect(mine.rows.map((x) => x.name)).toEqual([await fullName(other.co.employee.id, other.co.customerId), other.job.title]);

    const superAdmin = `Bearer ${await tokenFor(ctx.config, await buildUser({ superAdmin: true }))}`;
    const one = await request(app).get(`/api/superadmin/reports/interview-scheduled?companyId=${String(co.co.customerId)}`).set('Authorization', superAdmin).expect(200);
    expect(one.body.totals).toMatchObject({ scheduled: 4 });
    const all = await request(app).get('/api/superadmin/reports/interview-scheduled').set('Authorization', superAdmin).expect(200);
    expect(all.body.totals.scheduled).toBeGreaterThanOrEqual(5);
  });

  // Last: it changes the job's hiring manager.
  it('hiring-team gives a job\'s figures to its new hiring manager, as a rebuild counts them and the raw events give them', async () => {
    const job = (await Job.findOne({ customerId: co.co.customerId, _id: co.job._id }).lean())!;
    const team = { recruiterIds: job.recruiterIds.map(String), interviewerIds: job.interviewerIds.map(String), followerIds: job.followerIds.map(String) };
    await request(app).patch(`/api/jobs/${String(job._id)}`).set('Authorization', admin()).send({ team: { ...team, hiringManagerId: co.co.approver1.id } }).expect(200);
    const moved = await report(admin(), 'hiring-team');
    expect(moved.rows.filter((x) => x.group === 'Hiring manager')).toEqual([{ group: 'Hiring manager', name: names.approver1, completed: 1, scorecards: 2, medianHours: 3, meanHours: 16.5 }]);
    expect(moved.totals).toMatchObject({ completed: 1, scorecards: 2, medianHours: 3, meanHours: 16.5 });
    expect(figures(await report(admin(), 'hiring-team', bu()))).toEqual(figures(moved));
    await rebuildAllTallies(co.co.customerId);
    expect(figures(await report(admin(), 'hiring-team'))).toEqual(figures(moved));

    // Without a hiring manager the figures are the job's under "(no hiring manager)".
    await request(app).patch(`/api/jobs/${String(job._id)}`).set('Authorization', admin()).send({ team: { ...team, hiringManagerId: null } }).expect(200);
    expect((await report(admin(), 'hiring-team')).rows.filter((x) => x.group === 'Hiring manager')).toEqual([{ group: 'Hiring manager', name: '(no hiring manager)', completed: 1, scorecards: 2, medianHours: 3, meanHours: 16.5 }]);
  });
});
