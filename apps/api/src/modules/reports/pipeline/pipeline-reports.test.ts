import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ZReportResult, type TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { rebuildAllTallies } from '../tallies/rebuild';
import { buildOtherCompany, buildPipelineHistory } from './pipeline-reports.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let history: Awaited<ReturnType<typeof buildPipelineHistory>>;
let other: Awaited<ReturnType<typeof buildOtherCompany>>;
/** A user whose only right is viewReports: the right is all a report needs. */
let viewer: string;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
  history = await buildPipelineHistory(app, ctx.config);
  other = await buildOtherCompany(app, ctx.config);
  const user = await buildUser({ customerId: history.co.customerId, role: 'employee', rights: ['viewReports'] });
  viewer = `Bearer ${await tokenFor(ctx.config, user)}`;
  // "Today" for the reports is the last day of the history's month.
  app.locals.clock = { now: () => Date.parse('2026-06-30T12:00:00.000Z') };
}, 120_000);
afterAll(() => ctx.stop());

const June = { from: '2026-06-01', to: '2026-06-30' };

async function report(name: string, query: Record<string, string> = {}, auth = viewer): Promise<TReportResult> {
  const res = await request(app).get(`/api/reports/${name}`).query(query).set('Authorization', auth);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return ZReportResult.parse(res.body);
}
const headline = (r: TReportResult, label: string) => r.headline.find((h) => h.label === label)?.value;
/** The figures only (the filters in words differ between two ways of selecting the same jobs). */
const figures = (r: TReportResult) => ({ headline: r.headline, rows: r.rows, totals: r.totals, data: r.chart.data, empty: r.empty });
const bu = () => ({ businessUnitId: String(history.co.businessUnit._id) });

describe('GET /api/reports/current-pipeline', () => {
  it('counts applications per job and stage kind now, and the pass-through of the range cohort', async () => {
    const r = await report('current-pipeline', June);
    expect(r.columns.map((c) => c.key)).toEqual(['job', 'status', 'screening', 'interview', 'offer', 'hired', 'rejected', 'total']);
    // Backend: Ada hired, Ben and Cem rejected, Dia withdrew, Eli in interview. Analyst: Fay in interview, Gus applied, Hal rejected.
    expect(r.rows).toEqual([
      { job: 'Backend Engineer', status: 'Open', screening: 0, interview: 1, offer: 0, hired: 1, rejected: 3, total: 5 },
      { job: 'Data Analyst', status: 'Open', screening: 1, interview: 1, offer: 0, hired: 0, rejected: 1, total: 3 },
    ]);
    expect(r.totals).toEqual({ job: 'Total', status: null, screening: 1, interview: 2, offer: 0, hired: 1, rejected: 4, total: 8 });
    // Created in June: all but Eli (7). Reached screening 7, interview 4 (Ada, Ben, Dia, Fay), offer 3 (Ada, Fay, Hal), hired 1.
    // Passed screening 5 (all but Cem and Gus), interview 2 (Ada, Fay), offer 1 (Ada).
    expect(headline(r, 'Applications created in the range')).toBe(7);
    expect(headline(r, 'Pass-through from screening')).toBe(71.4);
    expect(headline(r, 'Pass-through from interview')).toBe(50);
    expect(headline(r, 'Pass-through from offer')).toBe(33.3);
    expect(r.chart.data).toContainEqual({ stage: 'Rejected', applications: 4 });
    expect(r.chart.summary).toContain('interview 50% (2 of 4)');
    expect(r.definition.join(' ')).toContain('of the applications that reached a stage, the share that reached a later one');
    expect(r.empty).toBeNull();
  });

  it('gives the same figures from the raw events when an organisation filter selects every job', async () => {
    const plain = await report('current-pipeline', June);
    const filtered = await report('current-pipeline', { ...June, ...bu() });
    expect(filtered.applied.map((a) => a.label)).toContain('Business unit');
    expect(figures(filtered)).toEqual(figures(plain));
  });

  it('narrows to a job and to a source', async () => {
    const analyst = await report('current-pipeline', { ...June, jobId: String(history.analyst._id) });
    expect(analyst.rows).toEqual([{ job: 'Data Analyst', status: 'Open', screening: 1, interview: 1, offer: 0, hired: 0, rejected: 1, total: 3 }]);
    // Fay, Gus, Hal: Fay and Hal passed screening, Fay passed interview; Hal reached offer but was rejected.
    expect(headline(analyst, 'Applications created in the range')).toBe(3);
    expect(headline(analyst, 'Pass-through from screening')).toBe(66.7);
    expect(headline(analyst, 'Pass-through from interview')).toBe(100);
    expect(headline(analyst, 'Pass-through from offer')).toBe(0);

    // Referrals: Ben (rejected on Backend) and Fay (interview on Analyst).
    const referral = await report('current-pipeline', { ...June, source: 'referral' });
    expect(referral.rows.map((row) => [row.job, row.interview, row.rejected, row.total])).toEqual([['Backend Engineer', 0, 1, 1], ['Data Analyst', 1, 0, 1]]);
    expect(headline(referral, 'Pass-through from screening')).toBe(100);
    expect(headline(referral, 'Pass-through from interview')).toBe(50);
    const referralByBu = await report('current-pipeline', { ...June, source: 'referral', ...bu() });
    expect(figures(referralByBu)).toEqual(figures(referral));
  });

  it('the pass-through follows the date range (an application created before it is left out)', async () => {
    const may = await report('current-pipeline', { from: '2026-05-01', to: '2026-05-31' });
    // Only Eli, who reached interview and no further.
    expect(headline(may, 'Applications created in the range')).toBe(1);
    expect(headline(may, 'Pass-through from screening')).toBe(100);
    expect(headline(may, 'Pass-through from interview')).toBe(0);
    expect(headline(may, 'Pass-through from offer')).toBeNull();
  });
});

describe('GET /api/reports/history-pipeline', () => {
  it('answers the stage counts at the end of the chosen day from the stage events', async () => {
    // By the end of 9 June: Eli, Ada and Fay in interview; Ben, Cem rejected and Dia withdrawn; Gus and Hal had not applied.
    const r = await report('history-pipeline', { asOf: '2026-06-09' });
    expect(r.rows).toEqual([
      { stage: 'Screening', applications: 0 },
      { stage: 'Interview', applications: 3 },
      { stage: 'Offer', applications: 0 },
      { stage: 'Hired', applications: 0 },
      { stage: 'Rejected', applications: 3 },
    ]);
    expect(r.totals).toEqual({ stage: 'Total', applications: 6 });
    expect(r.applied).toContainEqual({ key: 'asOf', label: 'On', value: '2026-06-09' });
    expect(r.chart.summary).toBe('On 2026-06-09, 6 applications were in the pipeline: Screening 0, Interview 3, Offer 0, Hired 0, Rejected 3.');
    expect(r.range).toBeNull();
  });

  it('by default is today, equal to the current pipeline', async () => {
    const today = await report('history-pipeline');
    const current = await report('current-pipeline', June);
    expect(today.rows.map((row) => row.applications)).toEqual(['screening', 'interview', 'offer', 'hired', 'rejected'].map((k) => current.totals![k]));
  });

  it('gives the same counts from the raw events with an organisation filter, with a column per selected job', async () => {
    const plain = await report('history-pipeline', { asOf: '2026-06-09' });
    const filtered = await report('history-pipeline', { asOf: '2026-06-09', ...bu() });
    expect(filtered.rows.map((row) => row.applications)).toEqual(plain.rows.map((row) => row.applications));
    expect(filtered.columns.map((c) => c.label)).toEqual(['Stage', 'Backend Engineer', 'Data Analyst', 'All selected jobs']);
    const backendKey = `job_${String(history.backend._id)}`;
    expect(filtered.rows.map((row) => row[backendKey])).toEqual([0, 2, 0, 0, 3]);
    // A day when Fay was in offer (moved back to interview on the 20th).
    const mid = await report('history-pipeline', { asOf: '2026-06-13', ...bu() });
    const midPlain = await report('history-pipeline', { asOf: '2026-06-13' });
    // Gus in screening, Eli in interview, Ada, Fay and Hal in offer.
    expect(mid.rows.map((row) => row.applications)).toEqual([1, 1, 3, 0, 3]);
    expect(midPlain.rows.map((row) => row.applications)).toEqual([1, 1, 3, 0, 3]);
  });

  it('filters by source, and says why it is empty before any application', async () => {
    const career = await report('history-pipeline', { asOf: '2026-06-09', source: 'career_site' });
    // Ada and Eli in interview, Cem rejected.
    expect(career.rows.map((row) => row.applications)).toEqual([0, 2, 0, 0, 1]);
    const before = await report('history-pipeline', { asOf: '2026-05-01' });
    expect(before.empty).toBe('No application had entered a stage by the end of 2026-05-01. Choose a later date.');
  });
});

describe('GET /api/reports/source-activity', () => {
  it('counts the range cohort per first-touch source: applications, interviews, offers, hires, hire rate', async () => {
    const r = await report('source-activity', June);
    expect(r.rows).toEqual([
      { source: 'Career site', applications: 3, interview: 1, offer: 2, hired: 1, hireRate: 33.3 },
      { source: 'Referral', applications: 2, interview: 2, offer: 1, hired: 0, hireRate: 0 },
      { source: 'Agency', applications: 1, interview: 1, offer: 0, hired: 0, hireRate: 0 },
      { source: 'Sourced', applications: 1, interview: 0, offer: 0, hired: 0, hireRate: 0 },
    ]);
    expect(r.totals).toEqual({ source: 'Total', applications: 7, interview: 4, offer: 3, hired: 1, hireRate: 14.3 });
    expect(headline(r, 'Best hire rate')).toBe('Career site (33.3%)');
    expect(r.chart.summary).toContain('Career site 3 applications, 1 reached interview, 2 offers, 1 hire (hire rate 33.3%); Referral 2 applications');
    expect(r.chart.data).toHaveLength(4);
    expect(figures(await report('source-activity', { ...June, ...bu() }))).toEqual(figures(r));
  });

  it('follows the date range and the source filter', async () => {
    // Created 1-4 June: Ada and Cem (career site; Ada hired later), Ben (referral), Dia (agency).
    const early = await report('source-activity', { from: '2026-06-01', to: '2026-06-04' });
    expect(early.rows.map((row) => [row.source, row.applications, row.hired])).toEqual([['Career site', 2, 1], ['Referral', 1, 0], ['Agency', 1, 0]]);
    const agency = await report('source-activity', { ...June, source: 'agency' });
    expect(agency.rows).toEqual([{ source: 'Agency', applications: 1, interview: 1, offer: 0, hired: 0, hireRate: 0 }]);
    const analyst = await report('source-activity', { ...June, jobId: String(history.analyst._id) });
    expect(analyst.rows.map((row) => [row.source, row.applications, row.offer])).toEqual([['Career site', 1, 1], ['Referral', 1, 1], ['Sourced', 1, 0]]);
    const none = await report('source-activity', { from: '2026-04-01', to: '2026-04-30' });
    expect(none.rows).toEqual([]);
    expect(none.empty).toBe('No applications were created between 2026-04-01 and 2026-04-30. Widen the date range.');
  });
});

describe('GET /api/reports/reject-analysis', () => {
  it('counts rejections by reason and stage, withdrawals apart, and by who rejected', async () => {
    const r = await report('reject-analysis', June);
    const admin = `${history.co.admin.user.firstName} ${history.co.admin.user.lastName}`;
    const recruiter = `${history.co.recruiter.user.firstName} ${history.co.recruiter.user.lastName}`;
    expect(r.rows).toEqual([
      { group: 'By reason', label: 'Skills do not match the role', screening: 1, interview: 1, offer: 0, hired: 0, rejected: 2, withdrawn: 0 },
      { group: 'By reason', label: 'Salary expectations too high', screening: 0, interview: 0, offer: 1, hired: 0, rejected: 1, withdrawn: 0 },
      { group: 'By reason', label: 'Took another offer', screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, withdrawn: 1 },
      { group: 'Rejected by', label: admin, screening: 1, interview: 0, offer: 1, hired: 0, rejected: 2, withdrawn: null },
      { group: 'Rejected by', label: recruiter, screening: 0, interview: 1, offer: 0, hired: 0, rejected: 1, withdrawn: null },
    ]);
    expect(r.totals).toEqual({ group: 'Total', label: 'All reasons', screening: 1, interview: 1, offer: 1, hired: 0, rejected: 3, withdrawn: 1 });
    expect(headline(r, 'Rejections')).toBe(3);
    expect(headline(r, 'Withdrawals')).toBe(1);
    expect(headline(r, 'Top reason')).toBe('Skills do not match the role (2)');
    expect(headline(r, 'Rejected most by')).toBe(`${admin} (2)`);
    expect(r.chart.kind).toBe('stacked-bar');
    expect(r.chart.summary).toContain('3 rejections and 1 withdrawal between 2026-06-01 and 2026-06-30. By stage: from screening 1, from interview 1, from offer 1, from hired 0.');
    expect(r.chart.summary).toContain('Took another offer: 1 withdrawal');
    expect(r.chart.data).toContainEqual({ reason: 'Took another offer', screening: 0, interview: 0, offer: 0, hired: 0, withdrawn: 1 });
    expect(figures(await report('reject-analysis', { ...June, ...bu() }))).toEqual(figures(r));
  });

  it('follows the date range, the source and the job', async () => {
    // From 10 June: only Hal's rejection (Dia withdrew on the 9th).
    const late = await report('reject-analysis', { from: '2026-06-10', to: '2026-06-30' });
    expect(late.totals).toMatchObject({ rejected: 1, withdrawn: 0, offer: 1 });
    const referral = await report('reject-analysis', { ...June, source: 'referral' });
    expect(referral.rows.filter((row) => row.group === 'By reason')).toEqual([{ group: 'By reason', label: 'Skills do not match the role', screening: 0, interview: 1, offer: 0, hired: 0, rejected: 1, withdrawn: 0 }]);
    const backend = await report('reject-analysis', { ...June, jobId: String(history.backend._id) });
    expect(backend.totals).toMatchObject({ rejected: 2, withdrawn: 1, offer: 0 });
    const none = await report('reject-analysis', { from: '2026-06-20', to: '2026-06-30' });
    expect(none.empty).toBe('No application was rejected or withdrawn between 2026-06-20 and 2026-06-30. Widen the date range.');
  });
});

describe('the pipeline reports', () => {
  const names = ['current-pipeline', 'history-pipeline', 'source-activity', 'reject-analysis'];

  it('answer the same after the tallies are rebuilt from the raw events', async () => {
    const query = (name: string) => (name === 'history-pipeline' ? { asOf: '2026-06-13' } : June);
    const before = await Promise.all(names.map(async (n) => figures(await report(n, query(n)))));
    await rebuildAllTallies(history.co.customerId);
    const after = await Promise.all(names.map(async (n) => figures(await report(n, query(n)))));
    expect(after).toEqual(before);
  });

  it('never count another company, which sees only its own', async () => {
    const otherViewer = `Bearer ${await tokenFor(ctx.config, other.co.admin.user)}`;
    const theirs = await report('source-activity', June, otherViewer);
    expect(theirs.rows).toEqual([{ source: 'Referral', applications: 3, interview: 1, offer: 0, hired: 0, hireRate: 0 }]);
    const theirPipeline = await report('current-pipeline', June, otherViewer);
    expect(theirPipeline.rows).toEqual([{ job: 'Other Engineer', status: 'Open', screening: 1, interview: 1, offer: 0, hired: 0, rejected: 1, total: 3 }]);
    const theirRejections = await report('reject-analysis', June, otherViewer);
    expect(theirRejections.totals).toMatchObject({ rejected: 1, screening: 1, withdrawn: 0 });
    // Ours is unchanged by theirs (the figures above), and their job cannot be used as our filter.
    const byTheirJob = await report('current-pipeline', { ...June, jobId: String(other.job._id) });
    expect(byTheirJob.rows).toEqual([]);
    expect(byTheirJob.empty).toContain('No job matches');
    expect((await report('history-pipeline', { asOf: '2026-06-30' })).totals).toEqual({ stage: 'Total', applications: 8 });
  });

  it('on the platform, sum every company or show the one chosen', async () => {
    const superAdmin = await buildUser({ superAdmin: true });
    const auth = `Bearer ${await tokenFor(ctx.config, superAdmin)}`;
    const platform = async (name: string, query: Record<string, string>) => {
      const res = await request(app).get(`/api/superadmin/reports/${name}`).query(query).set('Authorization', auth);
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
      return ZReportResult.parse(res.body);
    };
    // Ours: 2 referrals (1 reached interview); theirs: 3 referrals (1 reached interview).
    const all = await platform('source-activity', June);
    expect(all.rows.find((row) => row.source === 'Referral')).toMatchObject({ applications: 5, interview: 3 });
    expect(all.totals).toMatchObject({ applications: 10, interview: 5, hired: 1 });
    const allRejections = await platform('reject-analysis', June);
    expect(allRejections.totals).toMatchObject({ rejected: 4, withdrawn: 1, screening: 2 });
    const allPipeline = await platform('current-pipeline', June);
    expect(allPipeline.totals).toMatchObject({ screening: 2, interview: 3, rejected: 5, total: 11 });
    expect((await platform('history-pipeline', { asOf: '2026-06-30' })).totals).toEqual({ stage: 'Total', applications: 11 });
    const ours = await platform('current-pipeline', { ...June, companyId: String(history.co.customerId) });
    expect(figures(ours)).toEqual(figures(await report('current-pipeline', June)));
  });

  it('refuse a user without the viewReports right (403)', async () => {
    for (const name of names) {
      const res = await request(app).get(`/api/reports/${name}`).set('Authorization', history.co.employee.auth);
      expect(res.status).toBe(403);
    }
  });

  it('refuse a filter the report does not take (400)', async () => {
    const asOf = await request(app).get('/api/reports/current-pipeline').query({ asOf: '2026-06-01' }).set('Authorization', viewer);
    expect(asOf.status).toBe(400);
    expect(asOf.body.message).toBe('The Current pipeline report cannot be filtered by date.');
    const range = await request(app).get('/api/reports/history-pipeline').query(June).set('Authorization', viewer);
    expect(range.status).toBe(400);
    expect(range.body.message).toBe('The Pipeline on a past date report cannot be filtered by date range.');
    const candidate = await request(app).get('/api/reports/reject-analysis').query({ candidateId: String(history.co.customerId) }).set('Authorization', viewer);
    expect(candidate.status).toBe(400);
    const source = await request(app).get('/api/reports/source-activity').query({ source: 'billboard' }).set('Authorization', viewer);
    expect(source.status).toBe(400);
  });
});
