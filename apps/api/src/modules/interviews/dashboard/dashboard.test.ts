import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { InterviewApi } from '@hireflow/contracts/interviews';
import type { TInterviewDashboard } from '@hireflow/contracts/interviews-insights';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer } from '../../../test/factories';
import { addInterview, buildInterviewCompany, setWorkingHours, type InterviewCompany } from '../interviews.test-support';
import { Interview, type InterviewDoc } from '../interview.model';
import { Scorecard } from '../feedback/scorecard.model';

// Tuesday 10 March 2026, 22:30 UTC: 23:30 the same day in Berlin, already 11:30 on Wednesday in Auckland.
const Now = Date.parse('2026-03-10T22:30:00Z');

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let ic: InterviewCompany;
const at = (iso: string) => new Date(iso);
const byRound = (items: { roundName: string }[]) => items.map((i) => i.roundName);

async function card(interview: InterviewDoc, interviewerId: Types.ObjectId, status: 'draft' | 'submitted') {
  await Scorecard.create({
    customerId: interview.customerId, interviewId: interview._id, applicationId: interview.applicationId, candidateId: interview.candidateId,
    jobId: interview.jobId, interviewerId, status, recommendation: status === 'submitted' ? 'yes' : null, submittedAt: status === 'submitted' ? at('2026-03-09T12:00:00Z') : null,
  });
}

beforeAll(async () => {
  ctx = await startTestApp();
  ctx.app.locals.clock = { now: () => Now };
  ic = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 2 });
  const { co, applicationIds } = ic;
  const emp = co.employee.user._id;
  const [app1, app2] = applicationIds as [string, string];
  await addInterview(ic, app1, { start: at('2026-03-10T09:00:00Z'), interviewerIds: [emp], roundName: 'A Berlin today' });
  await addInterview(ic, app2, { start: at('2026-03-10T23:30:00Z'), interviewerIds: [emp, co.recruiter.user._id], roundName: 'B just after Berlin midnight' });
  await addInterview(ic, app1, { start: at('2026-03-11T20:00:00Z'), interviewerIds: [emp], roundName: 'C Wednesday evening' });
  await addInterview(ic, app2, { start: at('2026-03-10T10:00:00Z'), interviewerIds: [emp], status: 'cancelled', roundName: 'D cancelled' });
  await addInterview(ic, app2, { start: at('2026-03-10T12:00:00Z'), interviewerIds: [co.recruiter.user._id], roundName: 'E without the employee' });
  // The past: owed, overdue, submitted, draft only, did not happen.
  await addInterview(ic, app1, { start: at('2026-03-08T10:00:00Z'), interviewerIds: [emp], status: 'completed', roundName: 'F overdue' });
  const g = await addInterview(ic, app1, { start: at('2026-03-07T10:00:00Z'), interviewerIds: [emp], status: 'completed', roundName: 'G submitted' });
  await card(g, emp, 'submitted');
  const h = await addInterview(ic, app2, { start: at('2026-03-06T10:00:00Z'), interviewerIds: [emp], status: 'completed', roundName: 'H only a draft' });
  await card(h, emp, 'draft');
  await addInterview(ic, app2, { start: at('2026-03-05T10:00:00Z'), interviewerIds: [emp], status: 'did_not_happen', roundName: 'I did not happen' });
  const j = await addInterview(ic, app2, { start: at('2026-03-09T10:00:00Z'), interviewerIds: [emp, co.recruiter.user._id], status: 'completed', roundName: 'J panel' });
  await card(j, co.recruiter.user._id, 'submitted');
}, 120_000);
afterAll(() => ctx.stop());

const dashboard = async (auth: string) => {
  const res = await request(ctx.app).get(InterviewApi.dashboard).set('Authorization', auth);
  expect(res.status).toBe(200);
  return res.body as TInterviewDashboard;
};

describe('GET /api/interviews/dashboard', () => {
  it('answers 401 without a session', async () => {
    expect((await request(ctx.app).get(InterviewApi.dashboard)).status).toBe(401);
  });

  it('splits my interviews into today and tomorrow in my time zone (Berlin), without cancelled ones', async () => {
    await setWorkingHours(ic.co.customerId, ic.co.employee.id, 'Europe/Berlin');
    const body = await dashboard(ic.co.employee.auth);
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.today.date).toBe('2026-03-10');
    expect(byRound(body.today.items)).toEqual(['A Berlin today']);
    expect(body.tomorrow.date).toBe('2026-03-11');
    expect(byRound(body.tomorrow.items)).toEqual(['B just after Berlin midnight', 'C Wednesday evening']);
    expect(body.tomorrow.items[0]).toMatchObject({ applicationId: ic.applicationIds[1], candidateName: 'Applicant1 Tester', jobTitle: 'Backend Engineer', mine: true, mode: 'video' });
    expect(body.tomorrow.items[0]!.start).toBe('2026-03-10T23:30:00.000Z');
  });

  it('uses the far time zone of a user in Auckland, where it is already Wednesday', async () => {
    await setWorkingHours(ic.co.customerId, ic.co.employee.id, 'Pacific/Auckland');
    const body = await dashboard(ic.co.employee.auth);
    expect(body.today.date).toBe('2026-03-11');
    expect(byRound(body.today.items)).toEqual(['B just after Berlin midnight']);
    expect(body.tomorrow.date).toBe('2026-03-12');
    expect(byRound(body.tomorrow.items)).toEqual(['C Wednesday evening']);
  });

  it("shows the hiring manager every interview of their job, marked as not theirs", async () => {
    const body = await dashboard(ic.co.hm.auth);
    expect(body.timeZone).toBe('UTC');
    expect(byRound(body.today.items)).toEqual(['A Berlin today', 'E without the employee', 'B just after Berlin midnight']);
    expect(body.today.items.every((i) => !i.mine)).toBe(true);
    expect(body.owed).toEqual({ total: 0, overdue: 0, items: [] });
  });

  it('lists the scorecards I owe, overdue first, leaving out submitted, not happened and future ones', async () => {
    const body = await dashboard(ic.co.employee.auth);
    expect(body.owed.total).toBe(4);
    expect(body.owed.overdue).toBe(3);
    expect(body.owed.items.map((i) => [i.roundName, i.overdue])).toEqual([
      ['H only a draft', true], ['F overdue', true], ['J panel', true], ['A Berlin today', false],
    ]);
    expect(body.owed.items[0]!.interviewId).toMatch(/^[a-f0-9]{24}$/);
    // The recruiter submitted theirs for J and B has not started yet: only E is left.
    const recruiter = await dashboard(ic.co.recruiter.auth);
    expect(recruiter.owed.items.map((i) => i.roundName)).toEqual(['E without the employee']);
  });

  it('shows someone on no interview an empty dashboard', async () => {
    const body = await dashboard(ic.co.approver1.auth);
    expect(body.today).toMatchObject({ total: 0, items: [] });
    expect(body.tomorrow).toMatchObject({ total: 0, items: [] });
    expect(body.owed.total).toBe(0);
  });

  it("never counts another company's interviews, even ones naming my id", async () => {
    const other = await buildCustomer();
    const emp = ic.co.employee.user._id;
    await Interview.insertMany(['2026-03-11T01:00:00Z', '2026-03-02T10:00:00Z'].map((start) => ({
      customerId: other._id, applicationId: new Types.ObjectId(), candidateId: new Types.ObjectId(), jobId: ic.job._id, roundName: 'Foreign',
      start: at(start), end: new Date(Date.parse(start) + 3_600_000), durationMinutes: 60, timeZone: 'UTC', mode: 'video', interviewerIds: [emp], uid: `${randomUUID()}@x.test`,
    })));
    const body = await dashboard(ic.co.employee.auth);
    expect([...body.today.items, ...body.tomorrow.items].map((i) => i.roundName)).not.toContain('Foreign');
    expect(body.owed.total).toBe(4);
  });
});
