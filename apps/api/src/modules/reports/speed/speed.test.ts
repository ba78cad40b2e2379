import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../../test/test-app';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { openJobThroughApproval } from '../../jobs/jobs.test-support';
import { Job, type JobDoc } from '../../jobs/job.model';
import { rebuildAllTallies } from '../tallies/rebuild';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildHistory } from './speed.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let co: Awaited<ReturnType<typeof buildPipelineCompany>>['co'];
let other: Awaited<ReturnType<typeof buildPipelineCompany>>['co'];
let backend: JobDoc;
let designer: JobDoc;

/**
 * The history (2026; the report runs on 20 March at 15:00 over 1-31 March):
 *   A1 backend  career_site  screening 1 Mar 09:00 -> interview 3 Mar 09:00 -> offer 8 Mar 09:00 -> hired 10 Mar 09:00
 *   A2 backend  referral     screening 2 Mar 00:00 -> interview 6 Mar 12:00 -> screening 9 Mar 12:00 -> interview 10 Mar 12:00 (open)
 *   A3 designer sourced      screening 20 Feb 10:00 -> interview 5 Mar 10:00 -> offer 12 Mar 10:00 -> hired 15 Mar 10:00
 *   A4 designer career_site  screening 4 Mar 08:00 (open)
 *   A5 designer agency       screening 5 Mar 08:00 -> rejected 7 Mar 08:00
 *   A6 backend  career_site  screening 1 Feb -> interview 10 Feb (open)
 *   A7 backend  career_site  screening 5 Jan -> interview 10 Jan -> offer 20 Jan -> hired 1 Feb (all before the range)
 *   A8 designer career_site  screening 6 Mar 00:00 -> offer 7 Mar 00:00 -> rejected 9 Mar 00:00
 */
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
  const built = await buildPipelineCompany(app, ctx.config, { applicants: 0, title: 'Backend Engineer' });
  co = built.co;
  backend = built.job;
  const { jobId } = await openJobThroughApproval(app, co, { title: 'Designer' });
  designer = (await Job.findOne({ customerId: co.customerId, _id: jobId }).lean()) as JobDoc;
  const c = co.customerId;
  await buildHistory(c, backend, 'career_site', [['screening', '2026-03-01T09:00:00Z'], ['interview', '2026-03-03T09:00:00Z'], ['offer', '2026-03-08T09:00:00Z'], ['hired', '2026-03-10T09:00:00Z']]);
  await buildHistory(c, backend, 'referral', [['screening', '2026-03-02T00:00:00Z'], ['interview', '2026-03-06T12:00:00Z'], ['screening', '2026-03-09T12:00:00Z'], ['interview', '2026-03-10T12:00:00Z']]);
  await buildHistory(c, designer, 'sourced', [['screening', '2026-02-20T10:00:00Z'], ['interview', '2026-03-05T10:00:00Z'], ['offer', '2026-03-12T10:00:00Z'], ['hired', '2026-03-15T10:00:00Z']]);
  await buildHistory(c, designer, 'career_site', [['screening', '2026-03-04T08:00:00Z']]);
  await buildHistory(c, designer, 'agency', [['screening', '2026-03-05T08:00:00Z'], ['rejected', '2026-03-07T08:00:00Z']]);
  await buildHistory(c, backend, 'career_site', [['screening', '2026-02-01T09:00:00Z'], ['interview', '2026-02-10T09:00:00Z']]);
  await buildHistory(c, backend, 'career_site', [['screening', '2026-01-05T09:00:00Z'], ['interview', '2026-01-10T09:00:00Z'], ['offer', '2026-01-20T09:00:00Z'], ['hired', '2026-02-01T09:00:00Z']]);
  await buildHistory(c, designer, 'career_site', [['screening', '2026-03-06T00:00:00Z'], ['offer', '2026-03-07T00:00:00Z'], ['rejected', '2026-03-09T00:00:00Z']]);

  // Another company: a same-day hire and a long open screening, which must never show in the first one's figures.
  const second = await buildPipelineCompany(app, ctx.config, { applicants: 0, title: 'Other Job' });
  other = second.co;
  await buildHistory(other.customerId, second.job, 'career_site', [['screening', '2026-03-02T09:00:00Z'], ['offer', '2026-03-02T10:00:00Z'], ['hired', '2026-03-02T11:00:00Z']]);
  await buildHistory(other.customerId, second.job, 'career_site', [['screening', '2026-01-02T09:00:00Z']]);

  app.locals.clock = { now: () => Date.parse('2026-03-20T15:00:00Z') };
});
afterAll(() => ctx.stop());

const March = { preset: 'custom', from: '2026-03-01', to: '2026-03-31' };
async function report(name: string, query: Record<string, string> = {}, auth = co.admin.auth) {
  const res = await request(app).get(`/api/reports/${name}`).query({ ...March, ...query }).set('Authorization', auth);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const rowOf = (body: { rows: Record<string, unknown>[] }, key: string, value: string) => body.rows.find((r) => r[key] === value);
/** The figures a user compares, without the parts that name the filters or the moment. */
const figures = (body: Record<string, unknown>) => ({ headline: body.headline, chart: body.chart, rows: body.rows, totals: body.totals, empty: body.empty });

describe('velocity', () => {
  it('measures each stage visit (ended in the range, or open up to the report date) with median, mean and percentiles', async () => {
    const body = await report('velocity');
    expect(body.definition.join(' ')).toMatch(/entered twice counts as two visits/);
    expect(body.definition.join(' ')).toMatch(/exact to the day/);
    // Screening: ended 2 (A1), 4.5 (A2), 1 (A2 again), 13 (A3), 2 (A5), 1 (A8); open 16 (A4, 4 to 20 March).
    // Sorted by day: 1 1 2 2 4 13 16 -> median 2, 75th 13, 90th 16, mean 39.5 / 7 = 5.6.
    expect(rowOf(body, 'stage', 'Screening')).toEqual({ stage: 'Screening', visits: 6, open: 1, median: 2, mean: 5.6, p75: 13, p90: 16 });
    // Interview: ended 5 (A1), 3 (A2), 7 (A3); open 10 (A2 since 10 March) and 38 (A6 since 10 February).
    // 3 5 7 10 38 -> median 7, 75th 10; the 90th falls in the 31-45 bin: 31 + 14 * 0.5 = 38; mean 63 / 5 = 12.6.
    expect(rowOf(body, 'stage', 'Interview')).toEqual({ stage: 'Interview', visits: 3, open: 2, median: 7, mean: 12.6, p75: 10, p90: 38 });
    // Offer: ended 2 (A1), 3 (A3), 2 (A8) -> median 2, mean 2.3, 75th and 90th 3. A7's visits ended before March.
    expect(rowOf(body, 'stage', 'Offer')).toEqual({ stage: 'Offer', visits: 3, open: 0, median: 2, mean: 2.3, p75: 3, p90: 3 });
    // All 15 visits: 1 1 2 2 2 2 3 3 4 5 7 10 13 16 38 -> median 3, 75th 10, 90th 16, mean 109.5 / 15 = 7.3.
    expect(body.totals).toEqual({ stage: 'All stages', visits: 12, open: 3, median: 3, mean: 7.3, p75: 10, p90: 16 });
    expect(body.chart).toMatchObject({ kind: 'bar', indexKey: 'stage', unit: 'days', data: [{ stage: 'Screening', median: 2, mean: 5.6 }, { stage: 'Interview', median: 7, mean: 12.6 }, { stage: 'Offer', median: 2, mean: 2.3 }] });
    expect(body.chart.summary).toMatch(/Interview: median 7, mean 12.6/);
    expect(body.headline).toContainEqual({ label: 'Median days in interview', value: 7, kind: 'days' });
    expect(body.empty).toBeNull();
  });

  it('counts open visits up to the last day of a past range', async () => {
    // 1-15 March: ended visits are those that ended by 15 March; open ones run to 15 March.
    const body = await report('velocity', { to: '2026-03-15' });
    // Interview: ended 5, 3, 7; open A2 5 days (10-15 March), A6 33 days (10 Feb - 15 March).
    expect(rowOf(body, 'stage', 'Interview')).toMatchObject({ visits: 3, open: 2, median: 5, mean: round1((5 + 3 + 7 + 5 + 33) / 5) });
  });

  it('gives the same figures from the raw events when an organisation filter selects every job, and filters by job and source', async () => {
    const fromTallies = await report('velocity');
    const raw = await report('velocity', { businessUnitId: String(co.businessUnit._id) });
    expect(figures(raw)).toEqual(figures(fromTallies));
    expect(raw.applied).toContainEqual(expect.objectContaining({ label: 'Business unit' }));

    // Career-site applications only: A1 (2, 5, 2), A4 (open screening 16), A6 (open interview 38), A8 (screening 1, offer 2).
    const bySource = await report('velocity', { source: 'career_site' });
    expect(rowOf(bySource, 'stage', 'Screening')).toEqual({ stage: 'Screening', visits: 2, open: 1, median: 2, mean: 6.3, p75: 16, p90: 16 });
    expect(rowOf(bySource, 'stage', 'Interview')).toEqual({ stage: 'Interview', visits: 1, open: 1, median: 5, mean: 21.5, p75: 38, p90: 42.2 });
    const bySourceRaw = await report('velocity', { source: 'career_site', businessUnitId: String(co.businessUnit._id) });
    expect(figures(bySourceRaw)).toEqual(figures(bySource));

    // The designer job alone: A3 (13, 7, 3), A4 (open 16), A5 (2), A8 (1, 2).
    const designerOnly = await report('velocity', { jobId: String(designer._id) });
    expect(rowOf(designerOnly, 'stage', 'Screening')).toMatchObject({ visits: 3, open: 1, median: 2, mean: 8 });
    expect(rowOf(designerOnly, 'stage', 'Offer')).toMatchObject({ visits: 2, open: 0, median: 2, mean: 2.5 });
  });

  it('keeps the same figures when the tallies are rebuilt from the events', async () => {
    const before = await report('velocity');
    await rebuildAllTallies(co.customerId);
    expect(figures(await report('velocity'))).toEqual(figures(before));
  });

  it('says why it is empty', async () => {
    const body = await report('velocity', { from: '2025-06-01', to: '2025-06-30' });
    expect(body.rows).toEqual([]);
    expect(body.empty).toMatch(/No stage visit ended in this range/);
  });
});

describe('bottleneck', () => {
  it('lists stages by median over target, worst first, ties broken by the lowest pass-through', async () => {
    await request(app).put('/api/tat-settings').set('Authorization', co.admin.auth).send({ stages: { screening: 2, interview: 5, offer: 2 }, vacancyDays: 45 }).expect(200);
    const body = await report('bottleneck');
    // Medians (velocity): screening 2, interview 7, offer 2. Against 2 / 5 / 2: interview 1.4 (over by 2), the others 1.0.
    // Pass-through of the applications created in March (A1, A2, A4, A5, A8): screening reached 5, passed 3 (A1, A2, A8) = 60%;
    // interview reached 2 (A1, A2), passed 1 = 50%; offer reached 2 (A1, A8), passed 1 = 50%. Offer (50%) goes before screening (60%).
    expect(body.rows).toEqual([
      { stage: 'Interview', median: 7, target: 5, overBy: 2, passThrough: 50, visits: 5, status: 'Over target' },
      { stage: 'Offer', median: 2, target: 2, overBy: 0, passThrough: 50, visits: 3, status: 'Within target' },
      { stage: 'Screening', median: 2, target: 2, overBy: 0, passThrough: 60, visits: 7, status: 'Within target' },
    ]);
    expect(body.headline).toContainEqual({ label: 'Stages over target', value: 1, kind: 'count' });
    expect(body.headline).toContainEqual({ label: 'Worst stage', value: 'Interview', kind: 'text' });
    expect(body.chart).toMatchObject({ kind: 'bar', series: [{ key: 'median' }, { key: 'target' }], data: [{ stage: 'Interview', median: 7, target: 5 }, { stage: 'Offer' }, { stage: 'Screening' }] });
    expect(body.chart.summary).toMatch(/^1 of 3 stages are over their turnaround target/);

    const raw = await report('bottleneck', { businessUnitId: String(co.businessUnit._id) });
    expect(figures(raw)).toEqual(figures(body));

    // With the default targets (5 / 10 / 7) nothing is over.
    const fresh = await report('bottleneck', {}, other.admin.auth);
    expect(fresh.headline).toContainEqual({ label: 'Stages over target', value: 0, kind: 'count' });
    expect(fresh.rows.map((r: { target: number }) => r.target).sort()).toEqual([10, 5, 7]);
  });

  it('uses pass-through from the raw events like the tallies for one source', async () => {
    const tallies = await report('bottleneck', { source: 'career_site' });
    const raw = await report('bottleneck', { source: 'career_site', businessUnitId: String(co.businessUnit._id) });
    expect(figures(raw)).toEqual(figures(tallies));
    // Career site in March: A1 (screening -> interview -> offer -> hired), A4 (screening), A8 (screening -> offer).
    expect(rowOf(tallies, 'stage', 'Screening')).toMatchObject({ passThrough: round1((2 / 3) * 100) });
    expect(rowOf(tallies, 'stage', 'Offer')).toMatchObject({ passThrough: 50 });
  });
});

describe('time to hire', () => {
  it('answers median and percentiles overall, by source and by job', async () => {
    const body = await report('time-to-hire');
    expect(body.definition.join(' ')).toMatch(/first contact/);
    // March hires: A1 applied 1 March (career site) hired 10 March = 9 days; A3 sourced, first contact (first move) 5 March,
    // hired 15 March = 10 days. A7 was hired in February.
    expect(body.headline).toEqual([
      { label: 'Hires', value: 2, kind: 'count' },
      { label: 'Median days to hire', value: 9, kind: 'days' },
      { label: '75th percentile', value: 10, kind: 'days' },
      { label: '90th percentile', value: 10, kind: 'days' },
    ]);
    expect(body.rows).toEqual([
      { group: 'Source', name: 'Career site', hires: 1, median: 9, p75: 9, p90: 9, mean: 9 },
      { group: 'Source', name: 'Sourced', hires: 1, median: 10, p75: 10, p90: 10, mean: 10 },
      { group: 'Job', name: 'Backend Engineer', hires: 1, median: 9, p75: 9, p90: 9, mean: 9 },
      { group: 'Job', name: 'Designer', hires: 1, median: 10, p75: 10, p90: 10, mean: 10 },
    ]);
    expect(body.totals).toEqual({ group: 'All hires', name: '', hires: 2, median: 9, p75: 10, p90: 10, mean: 9.5 });
    expect(body.chart).toMatchObject({ kind: 'bar', indexKey: 'source', data: [{ source: 'Career site', median: 9 }, { source: 'Sourced', median: 10 }] });

    const raw = await report('time-to-hire', { businessUnitId: String(co.businessUnit._id) });
    expect(figures(raw)).toEqual(figures(body));

    const sourced = await report('time-to-hire', { source: 'sourced' });
    expect(sourced.totals).toMatchObject({ hires: 1, median: 10 });
    expect(sourced.rows.map((r: { name: string }) => r.name)).toEqual(['Sourced', 'Designer']);
    expect(figures(await report('time-to-hire', { source: 'sourced', businessUnitId: String(co.businessUnit._id) }))).toEqual(figures(sourced));

    const backendOnly = await report('time-to-hire', { jobId: String(backend._id) });
    expect(backendOnly.totals).toMatchObject({ hires: 1, median: 9 });

    const feb = await report('time-to-hire', { from: '2026-02-01', to: '2026-02-28' });
    // A7: applied 5 January, hired 1 February = 27 days.
    expect(feb.totals).toMatchObject({ hires: 1, median: 27 });
  });

  it('says why it is empty', async () => {
    const body = await report('time-to-hire', { from: '2026-03-16', to: '2026-03-31' });
    expect(body.empty).toMatch(/No one was hired in this range/);
    expect(body.columns.map((c: { key: string }) => c.key)).toEqual(['group', 'name', 'hires', 'median', 'p75', 'p90', 'mean']);
  });
});

describe('speed reports: rights and tenancy', () => {
  it('refuse a user without the View reports right', async () => {
    for (const name of ['velocity', 'bottleneck', 'time-to-hire']) {
      await request(app).get(`/api/reports/${name}`).query(March).set('Authorization', co.recruiter.auth).expect(403);
    }
  });

  it("count only the company's own data", async () => {
    const tth = await report('time-to-hire', {}, other.admin.auth);
    expect(tth.totals).toMatchObject({ hires: 1, median: 0 });
    expect(tth.rows.map((r: { name: string }) => r.name)).toEqual(['Career site', 'Other Job']);
    const velocity = await report('velocity', {}, other.admin.auth);
    // Screening: open since 2 January = 77 days (the 60-90 bin); offer: 1 hour.
    expect(rowOf(velocity, 'stage', 'Screening')).toMatchObject({ visits: 1, open: 1 });
    expect(rowOf(velocity, 'stage', 'Interview')).toMatchObject({ visits: 0, open: 0, median: null });
    // The first company's figures are as worked out above (no visit of the other company added).
    expect((await report('time-to-hire')).totals).toMatchObject({ hires: 2 });
    // Another company's business unit selects none of this company's jobs.
    const foreign = await request(app).get('/api/reports/velocity').query({ ...March, businessUnitId: String(other.businessUnit._id) }).set('Authorization', co.admin.auth).expect(200);
    expect(foreign.body.empty).toMatch(/select no job/);
  });
});

describe('speed reports on the platform', () => {
  it('sum every company, or answer for the one chosen with its own targets', async () => {
    const superAdmin = await buildUser({ superAdmin: true });
    const auth = `Bearer ${await tokenFor(ctx.config, superAdmin)}`;
    const get = async (name: string, query: Record<string, string> = {}) => (await request(app).get(`/api/superadmin/reports/${name}`).query({ ...March, ...query }).set('Authorization', auth).expect(200)).body;
    // Every company: 9 and 10 days here, 0 days in the other company -> median 9 of 0 9 10.
    expect((await get('time-to-hire')).totals).toEqual({ group: 'All hires', name: '', hires: 3, median: 9, p75: 10, p90: 10, mean: round1(19 / 3) });
    expect((await get('time-to-hire', { companyId: String(co.customerId) })).totals).toMatchObject({ hires: 2, median: 9 });
    // One company: its own targets (interview 5, so interview is over); every company: the defaults (nothing over).
    expect((await get('bottleneck', { companyId: String(co.customerId) })).headline).toContainEqual({ label: 'Stages over target', value: 1, kind: 'count' });
    expect((await get('bottleneck')).headline).toContainEqual({ label: 'Stages over target', value: 0, kind: 'count' });
    await request(app).get('/api/superadmin/reports/velocity').query(March).set('Authorization', co.admin.auth).expect(403);
  });
});

function round1(n: number) {
  return Math.round(n * 10) / 10;
}
