import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import { InterviewApi, type TRecommendation } from '@hireflow/contracts/interviews';
import { CalibrationMessages, type TCalibration, type TCalibrationRow } from '@hireflow/contracts/interviews-insights';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer } from '../../../test/factories';
import { buildInterviewCompany, type InterviewCompany } from '../interviews.test-support';
import { Application } from '../../candidates/applications/application.model';
import { Scorecard } from '../feedback/scorecard.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let ic: InterviewCompany;
const otherJobId = new Types.ObjectId();

type Card = { app: string | Types.ObjectId; by: Types.ObjectId; rec: TRecommendation | null; at: string; status?: 'draft' | 'submitted'; jobId?: Types.ObjectId; customerId?: Types.ObjectId };
async function cards(list: Card[]) {
  await Scorecard.insertMany(list.map((c) => ({
    customerId: c.customerId ?? ic.co.customerId, interviewId: new Types.ObjectId(), applicationId: new Types.ObjectId(String(c.app)), candidateId: new Types.ObjectId(),
    jobId: c.jobId ?? ic.job._id, interviewerId: c.by, recommendation: c.rec, status: c.status ?? 'submitted', submittedAt: c.status === 'draft' ? null : new Date(c.at),
  })));
}

/*
 * The panel, worked by hand (scale strong no -2, no -1, yes +1, strong yes +2):
 *   application 1 (hired):    X strong yes (+2), Y yes (+1), Z no (-1)      submitted 10 March
 *   application 2 (rejected): X no (-1), Y strong no (-2)                    submitted 1 February
 *   application 3 (open):     X draft only (not counted)
 * X: on app 1 the others split 1:1 (no majority), difference 2 - 0 = 2; on app 2 the other says no, X agrees,
 *    difference -1 - (-2) = 1. Panel agreement 1/1, mean difference 1.5, outcome 2/2 (yes & hired, no & rejected).
 * Y: app 1 split (X yes, Z no), difference 1 - 0.5 = 0.5; app 2 agrees, -2 - (-1) = -1. Agreement 1/1, mean -0.25, outcome 2/2.
 * Z: app 1 the others both say yes, Z says no: agreement 0/1, difference -1 - 1.5 = -2.5, outcome 0/1 (no, but hired).
 */
beforeAll(async () => {
  ctx = await startTestApp();
  ic = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 3 });
  const [a1, a2, a3] = ic.applicationIds as [string, string, string];
  await Application.updateOne({ customerId: ic.co.customerId, _id: a1 }, { $set: { stageKind: 'hired' } });
  await Application.updateOne({ customerId: ic.co.customerId, _id: a2 }, { $set: { stageKind: 'rejected' } });
  const [x, y, z] = [ic.co.employee.user._id, ic.co.approver1.user._id, ic.co.approver2.user._id];
  await cards([
    { app: a1, by: x, rec: 'strong_yes', at: '2026-03-10T12:00:00Z' },
    { app: a1, by: y, rec: 'yes', at: '2026-03-10T12:00:00Z' },
    { app: a1, by: z, rec: 'no', at: '2026-03-10T12:00:00Z' },
    { app: a2, by: x, rec: 'no', at: '2026-02-01T12:00:00Z' },
    { app: a2, by: y, rec: 'strong_no', at: '2026-02-01T12:00:00Z' },
    { app: a3, by: x, rec: 'yes', at: '', status: 'draft' },
    // A job the hiring manager does not run (admins see it).
    { app: new Types.ObjectId(), by: x, rec: 'yes', at: '2026-03-01T12:00:00Z', jobId: otherJobId },
  ]);
  // Another company's scorecards naming the same people and job never count.
  const other = await buildCustomer();
  await cards([{ app: a1, by: x, rec: 'strong_no', at: '2026-03-10T12:00:00Z', customerId: other._id }, { app: a1, by: z, rec: 'strong_yes', at: '2026-03-10T12:00:00Z', customerId: other._id }]);
}, 120_000);
afterAll(() => ctx.stop());

const calibration = (auth: string, query: Record<string, string> = {}) => request(ctx.app).get(InterviewApi.calibration).query(query).set('Authorization', auth);
const rowOf = (body: TCalibration, userId: string) => body.rows.find((r) => r.interviewerId === userId) as TCalibrationRow;

describe('GET /api/interview-feedback/calibration', () => {
  it('computes each interviewer’s spread, panel agreement, difference and outcome agreement for a job', async () => {
    const res = await calibration(ic.co.admin.auth, { jobId: String(ic.job._id) });
    expect(res.status).toBe(200);
    const body = res.body as TCalibration;
    expect(body.scope).toBe('all');
    expect(body.rows.map((r) => r.submitted)).toEqual([2, 2, 1]);
    expect(body.rows[2]!.interviewerId).toBe(ic.co.approver2.id);
    const x = rowOf(body, ic.co.employee.id);
    expect(x).toMatchObject({
      submitted: 2, distribution: { strong_no: 0, no: 1, yes: 0, strong_yes: 1 }, withPanel: 2, panelMajority: 1, agreesWithPanel: 1,
      panelAgreement: 1, decided: 2, agreesWithOutcome: 2, outcomeAgreement: 1,
    });
    expect(x.meanScore).toBeCloseTo(0.5);
    expect(x.meanDifference).toBeCloseTo(1.5);
    const y = rowOf(body, ic.co.approver1.id);
    expect(y).toMatchObject({ submitted: 2, distribution: { strong_no: 1, no: 0, yes: 1, strong_yes: 0 }, panelMajority: 1, agreesWithPanel: 1, outcomeAgreement: 1 });
    expect(y.meanDifference).toBeCloseTo(-0.25);
    const z = rowOf(body, ic.co.approver2.id);
    expect(z).toMatchObject({ submitted: 1, withPanel: 1, panelMajority: 1, agreesWithPanel: 0, panelAgreement: 0, decided: 1, agreesWithOutcome: 0, outcomeAgreement: 0 });
    expect(z.meanDifference).toBeCloseTo(-2.5);
  });

  it('counts every job for an admin and only scorecards submitted in the date range', async () => {
    const all = (await calibration(ic.co.admin.auth)).body as TCalibration;
    expect(rowOf(all, ic.co.employee.id).submitted).toBe(3);
    const march = (await calibration(ic.co.admin.auth, { from: '2026-03-05', to: '2026-03-31' })).body as TCalibration;
    expect(rowOf(march, ic.co.employee.id)).toMatchObject({ submitted: 1, panelMajority: 0, panelAgreement: null, meanDifference: 2 });
    expect(rowOf(march, ic.co.approver1.id).submitted).toBe(1);
  });

  it('shows a hiring manager only the jobs they are the hiring manager of', async () => {
    const res = await calibration(ic.co.hm.auth);
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('mine');
    expect(res.body.jobs).toEqual([{ id: String(ic.job._id), title: 'Backend Engineer' }]);
    expect(rowOf(res.body, ic.co.employee.id).submitted).toBe(2);
    const foreign = await calibration(ic.co.hm.auth, { jobId: String(otherJobId) });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(CalibrationMessages.notYourJob);
  });

  it('refuses recruiters and employees, and bad dates', async () => {
    for (const who of [ic.co.recruiter, ic.co.employee, ic.co.approver2]) {
      const res = await calibration(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(CalibrationMessages.forbidden);
    }
    expect((await calibration(ic.co.admin.auth, { from: '2026-03-10', to: '2026-03-01' })).status).toBe(400);
    expect((await request(ctx.app).get(InterviewApi.calibration)).status).toBe(401);
  });

  it('answers an admin of another company with nothing of ours', async () => {
    const other = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 0 });
    const res = await calibration(other.co.admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.jobs).toEqual([]);
  });
});
