import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { CandidateNote } from '../../candidates/profile/candidate-note.model';
import { Scorecard } from '../../interviews/feedback/scorecard.model';
import { Referral } from '../referral.model';
import { ReferralReward } from '../referral-reward.model';
import { buildReferralCompany, refer, setReferralSettings } from './refer.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => ctx.stop());

const move = (auth: string, id: string, body: object) => request(ctx.app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);
const mine = (auth: string, page = 1) => request(ctx.app).get(`/api/referrals/mine?page=${page}`).set('Authorization', auth).expect(200);

describe('GET /api/referrals/mine', () => {
  it('follows each referral by a coarse status through real moves, and shows nothing internal', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc);
    const me = rc.co.approver1;
    const applicationOf = async (referralId: string) => String((await Referral.findOne({ customerId: rc.co.customerId, _id: referralId }).lean())!.applicationId);
    const ids: Record<string, string> = {};
    for (const name of ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay']) {
      const res = await refer(ctx.app, me.auth, rc.jobId, { firstName: name, email: `${name.toLowerCase()}@example.test` }).expect(201);
      ids[name] = await applicationOf(res.body.referralId);
    }
    const { stage } = rc;
    await move(rc.co.recruiter.auth, ids.Bob!, { stageId: stage('Phone screen') }).expect(200);
    await move(rc.co.recruiter.auth, ids.Cid!, { stageId: stage('Final interview') }).expect(200);
    await move(rc.co.recruiter.auth, ids.Dee!, { stageId: stage('offer') }).expect(200);
    await move(rc.co.recruiter.auth, ids.Eve!, { stageId: stage('rejected'), reason: 'Not enough experience' }).expect(200);
    await move(rc.co.recruiter.auth, ids.Fay!, { stageId: stage('hired') }).expect(200);

    // What the company writes about them stays inside.
    const fay = await Referral.findOne({ customerId: rc.co.customerId, firstName: 'Fay' }).lean();
    await CandidateNote.create({ customerId: rc.co.customerId, candidateId: fay!.candidateId, applicationId: fay!.applicationId, jobId: rc.job._id, text: 'SECRET-NOTE strong hire', by: rc.co.recruiter.user._id, at: new Date() });
    await Scorecard.create({ customerId: rc.co.customerId, interviewId: new Types.ObjectId(), applicationId: fay!.applicationId, candidateId: fay!.candidateId, jobId: rc.job._id, interviewerId: rc.co.hm.user._id, notes: 'SECRET-SCORECARD', recommendation: null });
    // The hire made Fay's reward (the rewards' hire hook); its amount and day are set here to what the list must show.
    await ReferralReward.updateOne(
      { customerId: rc.co.customerId, referralId: fay!._id },
      {
        $set: { currency: 'EUR', amountMinor: 150_000, status: 'pending', startDate: '2031-04-01', payableOn: '2031-06-30' },
        $setOnInsert: { referrerId: me.user._id, candidateId: fay!.candidateId, applicationId: fay!.applicationId, jobId: rc.job._id, hiredAt: new Date() },
      },
      { upsert: true },
    );

    const res = await mine(me.auth);
    expect(res.body).toMatchObject({ total: 6, page: 1, pageSize: 25 });
    const byName = Object.fromEntries(res.body.items.map((i: { candidateName: string; status: string }) => [i.candidateName, i.status]));
    expect(byName).toEqual({ 'Ann Doe': 'received', 'Bob Doe': 'in_review', 'Cid Doe': 'interviewing', 'Dee Doe': 'offer', 'Eve Doe': 'not_selected', 'Fay Doe': 'hired' });
    // Newest first.
    expect(res.body.items.map((i: { candidateName: string }) => i.candidateName)).toEqual(['Fay Doe', 'Eve Doe', 'Dee Doe', 'Cid Doe', 'Bob Doe', 'Ann Doe']);
    const fayItem = res.body.items[0];
    expect(fayItem).toMatchObject({ job: { id: rc.jobId, name: 'Backend Engineer' }, alreadyKnown: false, rewardEligibility: 'eligible', reward: { amount: 'EUR 1,500.00', status: 'pending', statusLabel: 'Pending (waiting period)', payableOn: '2031-06-30' } });
    expect(res.body.items[1].reward).toBeNull();

    const json = JSON.stringify(res.body);
    for (const secret of ['SECRET-NOTE', 'SECRET-SCORECARD', 'Not enough experience', 'Great engineer', 'Phone screen', 'Final interview', 'Applied', '"Offer"', '"Hired"', 'Rejected']) expect(json).not.toContain(secret);
  });

  it("shows the caller's referrals only, never another employee's or another company's", async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const other = await buildReferralCompany(ctx.app, ctx.config);
    await refer(ctx.app, rc.co.approver1.auth, rc.jobId, { email: 'one@example.test' }).expect(201);
    await refer(ctx.app, rc.co.employee.auth, rc.jobId, { email: 'two@example.test', firstName: 'Two' }).expect(201);
    await refer(ctx.app, other.co.approver1.auth, other.jobId, { email: 'three@example.test', firstName: 'Three' }).expect(201);

    expect((await mine(rc.co.approver1.auth)).body.items.map((i: { candidateName: string }) => i.candidateName)).toEqual(['Jane Doe']);
    expect((await mine(rc.co.employee.auth)).body.items.map((i: { candidateName: string }) => i.candidateName)).toEqual(['Two Doe']);
    expect((await mine(other.co.approver1.auth)).body.items.map((i: { candidateName: string }) => i.candidateName)).toEqual(['Three Doe']);
    expect((await mine(rc.co.admin.auth)).body).toMatchObject({ items: [], total: 0 });
    expect((await mine(rc.co.approver1.auth, 2)).body).toMatchObject({ items: [], total: 1, page: 2 });
  });
});
