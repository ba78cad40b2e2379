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
import { Location } from '../modules/org/location.model';
import { InterviewPlan } from '../modules/interviews/plans/interview-plan.model';
import { InterviewAttribute } from '../modules/interviews/plans/interview-attribute.model';
import { MeetingRoom } from '../modules/interviews/rooms/meeting-room.model';
import { seedDemoData } from './seed';
import { seedInterviews } from './seed-interviews';

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
    expect(await Interview.countDocuments({ customerId, status: 'incident' })).toBe(1);
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

  it('follow the interview plans, attribute library and meeting rooms when the company has them', async () => {
    const customerId = await acmeId();
    await Promise.all([Interview.deleteMany({ customerId }), InterviewEvent.deleteMany({ customerId }), Scorecard.deleteMany({ customerId })]);
    const [design, comms] = await InterviewAttribute.insertMany([{ customerId, name: 'System design' }, { customerId, name: 'Communication' }]);
    const location = (await Location.findOne({ customerId }).lean())!;
    const updated = await Location.findOneAndUpdate({ customerId, _id: location._id }, { $push: { addresses: { label: 'HQ', address: 'Main street 1' } } }, { returnDocument: 'after' }).lean();
    const addressId = updated!.addresses[updated!.addresses.length - 1]!._id;
    const room = await MeetingRoom.create({ customerId, name: 'Ada Lovelace room', locationId: location._id, addressId, capacity: 6 });
    await InterviewPlan.create({
      customerId, jobId: null,
      rounds: [{ name: 'Intro call', durationMinutes: 30, attributeIds: [comms!._id] }, { name: 'Design deep dive', durationMinutes: 90, attributeIds: [design!._id, comms!._id] }],
    });
    await seedInterviews();
    const rounds = await Interview.distinct('roundName', { customerId });
    expect(rounds.sort()).toEqual(['Design deep dive', 'Intro call']);
    const deepDive = (await Interview.findOne({ customerId, roundName: 'Design deep dive' }).lean())!;
    expect(deepDive.attributes.map((a) => [String(a.id), a.name])).toEqual([[String(design!._id), 'System design'], [String(comms!._id), 'Communication']]);
    expect(deepDive.durationMinutes).toBe(90);
    const onsite = await Interview.find({ customerId, mode: 'onsite' }, { roomId: 1 }).lean();
    expect(onsite.length).toBeGreaterThan(0);
    expect(onsite.every((i) => String(i.roomId) === String(room._id))).toBe(true);
    // Scorecards rate the round's attributes from the library.
    expect(await Scorecard.exists({ customerId, status: 'submitted', 'ratings.attributeId': design!._id, 'ratings.name': 'System design' })).toBeTruthy();
  });
});
