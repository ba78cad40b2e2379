import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { InterviewApi } from '@hireflow/contracts/interviews';
import type { TCalibration, TInterviewDashboard } from '@hireflow/contracts/interviews-insights';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Interview } from '../modules/interviews/interview.model';
import { InterviewEvent } from '../modules/interviews/interview-event.model';
import { Scorecard } from '../modules/interviews/feedback/scorecard.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { InterviewPlan } from '../modules/interviews/plans/interview-plan.model';
import { InterviewAttribute } from '../modules/interviews/plans/interview-attribute.model';
import { MeetingRoom } from '../modules/interviews/rooms/meeting-room.model';
import { seedDemoData } from './seed';

let ctx: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 180_000);
afterAll(() => ctx.stop());

const acmeId = async () => (await Customer.findOne({ slug: 'acme' }).lean())!._id;
const authOf = async (email: string) => `Bearer ${await tokenFor(ctx.config, (await User.findOne({ customerId: await acmeId(), email }).lean())!)}`;
const dashboardOf = async (email: string) => {
  const res = await request(ctx.app).get(InterviewApi.dashboard).set('Authorization', await authOf(email));
  expect(res.status).toBe(200);
  return res.body as TInterviewDashboard;
};

describe('demo interviews', () => {
  it('fill the demo people’s dashboards: interviews today and tomorrow, and scorecards owed (one overdue)', async () => {
    for (const email of ['employee@acme.test', 'hm@acme.test', 'recruiter@acme.test']) {
      const body = await dashboardOf(email);
      expect(body.today.total, email).toBeGreaterThan(0);
      expect(body.tomorrow.total, email).toBeGreaterThan(0);
    }
    for (const email of ['employee@acme.test', 'hm@acme.test']) {
      const { owed } = await dashboardOf(email);
      expect(owed.total, email).toBeGreaterThanOrEqual(2);
      expect(owed.overdue, email).toBeGreaterThanOrEqual(1);
      expect(owed.items[0]!.overdue).toBe(true);
    }
    const employee = await dashboardOf('employee@acme.test');
    expect(employee.today.items.some((i) => i.mine)).toBe(true);
  });

  it('have past rounds with submitted scorecards, a few that did not happen, one incident, and their history', async () => {
    const customerId = await acmeId();
    const statuses = await Interview.distinct('status', { customerId });
    expect(statuses.sort()).toEqual(['completed', 'did_not_happen', 'incident', 'scheduled']);
    // (The two years of history before these, seed-history, have their own few incidents.)
    expect(await Interview.countDocuments({ customerId, status: 'incident', uid: { $not: /-history@/ } })).toBe(1);
    const dnh = await Interview.find({ customerId, status: 'did_not_happen' }, { statusNote: 1 }).lean();
    expect(dnh.every((i) => i.statusNote.length > 0)).toBe(true);

    const submitted = await Scorecard.find({ customerId, status: 'submitted' }, { recommendation: 1, ratings: 1, notes: 1 }).lean();
    expect(submitted.length).toBeGreaterThan(30);
    expect(new Set(submitted.map((s) => s.recommendation)).size).toBe(4);
    expect(submitted.every((s) => s.ratings.length > 0 && s.notes)).toBe(true);

    const interviews = await Interview.countDocuments({ customerId });
    expect(await InterviewEvent.countDocuments({ customerId, kind: 'scheduled' })).toBe(interviews);
    expect(await InterviewEvent.countDocuments({ customerId, kind: 'feedback_submitted' })).toBe(submitted.length);
    expect(await InterviewEvent.countDocuments({ customerId, kind: 'completed' })).toBe(await Interview.countDocuments({ customerId, status: 'completed' }));
    expect(await CandidateActivity.countDocuments({ customerId, kind: 'feedback_submitted' })).toBe(submitted.length);
    // Upcoming ones this week.
    expect(await Interview.countDocuments({ customerId, status: 'scheduled', start: { $gt: new Date(), $lt: new Date(Date.now() + 7 * 86_400_000) } })).toBeGreaterThan(5);
  });

  it('give the admin a calibration table with panel and outcome agreement', async () => {
    const res = await request(ctx.app).get(InterviewApi.calibration).set('Authorization', await authOf('admin@acme.test'));
    expect(res.status).toBe(200);
    const body = res.body as TCalibration;
    expect(body.rows.length).toBeGreaterThan(3);
    expect(body.rows.some((r) => r.panelAgreement !== null)).toBe(true);
    expect(body.rows.some((r) => r.outcomeAgreement !== null)).toBe(true);
  });

  it('follow the seeded interview plans, attribute library and meeting rooms', async () => {
    const customerId = await acmeId();
    const plans = await InterviewPlan.find({ customerId }).lean();
    const defaultRounds = plans.find((p) => p.jobId === null)!.rounds;
    const roundsOf = (jobId: unknown) => (plans.find((p) => String(p.jobId) === String(jobId))?.rounds ?? defaultRounds);
    const interviews = await Interview.find({ customerId, uid: { $not: /-history@/ } }, { jobId: 1, roundName: 1, attributes: 1, durationMinutes: 1, mode: 1, roomId: 1 }).lean();
    expect(interviews.length).toBeGreaterThan(0);
    for (const i of interviews) {
      const round = roundsOf(i.jobId).find((r) => r.name === i.roundName);
      expect(round, `${i.roundName} is a round of its job's plan`).toBeDefined();
      expect(i.attributes.map((a) => String(a.id))).toEqual(round!.attributeIds.map(String));
    }
    const library = new Map((await InterviewAttribute.find({ customerId }).lean()).map((a) => [String(a._id), a.name]));
    const rated = await Scorecard.findOne({ customerId, status: 'submitted', 'ratings.0': { $exists: true } }).lean();
    expect(rated!.ratings.every((r) => library.get(String(r.attributeId)) === r.name)).toBe(true);
    const rooms = new Set((await MeetingRoom.find({ customerId }, { _id: 1 }).lean()).map((r) => String(r._id)));
    const onsite = interviews.filter((i) => i.mode === 'onsite');
    if (rooms.size) expect(onsite.length).toBeGreaterThan(0);
    expect(onsite.every((i) => rooms.has(String(i.roomId)))).toBe(true);
  });
});
