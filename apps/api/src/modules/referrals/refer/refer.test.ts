import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mongoose from 'mongoose';
import { ReferralMessages } from '@hireflow/contracts/referrals';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Job } from '../../jobs/job.model';
import { OutboxMail } from '../../mail/outbox.model';
import { User } from '../../users/user.model';
import { UserPreference } from '../../preferences/user-preference.model';
import { Referral } from '../referral.model';
import { addAgency } from '../../agencies/agencies.test-support';
import { buildReferralCompany, refer, setReferralSettings, type ReferralCompany } from './refer.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let now = Date.parse('2031-03-01T10:00:00Z');
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true', PUBLIC_URL: 'https://ats.example.test' });
  ctx.app.locals.clock = { now: () => now };
});
afterAll(() => ctx.stop());

const Day = 24 * 3600_000;
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);
const uploadsCount = () => mongoose.connection.db!.collection('uploads.files').countDocuments();
const storedCounts = async (rc: ReferralCompany) => {
  const customerId = rc.co.customerId;
  return { referrals: await Referral.countDocuments({ customerId }), applications: await Application.countDocuments({ customerId }), candidates: await Candidate.countDocuments({ customerId }), uploads: await uploadsCount() };
};
const referralOf = (rc: ReferralCompany, id: string) => Referral.findOne({ customerId: rc.co.customerId, _id: id }).lean();

/** A plain employee of the company, off the job's hiring team. */
async function colleague(rc: ReferralCompany, firstName: string) {
  const user = await buildUser({ customerId: rc.co.customerId, role: 'employee', firstName });
  return { user, auth: `Bearer ${await tokenFor(ctx.config, user)}` };
}

describe('GET /api/referrals/jobs', () => {
  it("lists the company's open jobs with their reward and a sanitised description; one job reads alone; others are 404", async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const other = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc);
    await Job.updateOne({ customerId: rc.co.customerId, _id: rc.job._id }, { $set: { description: '<p>Build <strong>APIs</strong><script>alert(1)</script></p>' } });
    await Job.create({ customerId: rc.co.customerId, title: 'Closed role', titleLower: 'closed role', headcount: 1, status: 'closed' });

    const list = await request(ctx.app).get('/api/referrals/jobs').set('Authorization', rc.co.approver1.auth).expect(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(list.body.items[0]).toMatchObject({ id: rc.jobId, title: 'Backend Engineer', department: { name: 'Engineering' }, location: { name: 'Berlin' }, reward: 'EUR 1,500.00' });
    expect(list.body.items[0].descriptionHtml).toBe('<p>Build <strong>APIs</strong></p>');
    const searched = await request(ctx.app).get('/api/referrals/jobs?search=front').set('Authorization', rc.co.approver1.auth).expect(200);
    expect(searched.body.total).toBe(0);
    const noReward = await request(ctx.app).get('/api/referrals/jobs?search=backend').set('Authorization', other.co.employee.auth).expect(200);
    expect(noReward.body.items.map((j: { id: string; reward: unknown }) => [j.id, j.reward])).toEqual([[other.jobId, null]]);

    const one = await request(ctx.app).get(`/api/referrals/jobs/${rc.jobId}`).set('Authorization', rc.co.employee.auth).expect(200);
    expect(one.body).toMatchObject({ id: rc.jobId, reward: 'EUR 1,500.00' });
    const foreign = await request(ctx.app).get(`/api/referrals/jobs/${rc.jobId}`).set('Authorization', other.co.employee.auth);
    expect([foreign.status, foreign.body.message]).toEqual([404, ReferralMessages.jobNotOpen]);
    await request(ctx.app).get('/api/referrals/jobs').expect(401);
  });
});

describe('POST /api/referrals/jobs/:positionId', () => {
  it('puts a new person into the first stage as a referral, with the résumé, and tells the recruiter', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc);
    await User.updateOne({ customerId: rc.co.customerId, _id: rc.co.approver1.user._id }, { $set: { firstName: 'Emma' } });

    const res = await refer(ctx.app, rc.co.approver1.auth, rc.jobId, {}, { buffer: pdf, name: 'jane.pdf', type: 'application/pdf' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ referralId: expect.any(String), alreadyKnown: false, rewardEligibility: 'eligible', message: ReferralMessages.referred('Jane Doe', 'Backend Engineer') });
    const referral = await referralOf(rc, res.body.referralId);
    expect(referral).toMatchObject({ credited: true, alreadyKnown: false, relationship: 'worked_together', note: 'Great engineer', email: 'jane.doe@example.test' });
    const application = await Application.findOne({ customerId: rc.co.customerId, _id: referral!.applicationId }).lean();
    expect(application).toMatchObject({ source: 'referral', resumeFilename: 'jane.pdf', stageId: rc.job.stages[0]!._id });
    expect(String(application!.referrerId)).toBe(rc.co.approver1.id);
    const timeline = await CandidateActivity.find({ customerId: rc.co.customerId, candidateId: referral!.candidateId }).lean();
    expect(timeline.map((a) => a.summary)).toContain('Referred to Backend Engineer by an employee');

    const mails = await OutboxMail.find({ to: rc.co.recruiter.user.email, kind: 'referral-received' }).lean();
    expect(mails.map((m) => m.subject)).toEqual(['Emma referred Jane Doe to Backend Engineer']);
    expect(mails[0]!.text).toContain(`https://ats.example.test/application/${String(referral!.applicationId)}`);
  });

  it('tells the hiring manager when the job has no recruiter', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc);
    await Job.updateOne({ customerId: rc.co.customerId, _id: rc.job._id }, { $set: { recruiterIds: [] } });
    await refer(ctx.app, rc.co.approver1.auth, rc.jobId, { email: 'nobody-recruits@example.test', firstName: 'Nia', lastName: 'Noone' }).expect(201);
    const toHm = await OutboxMail.find({ to: rc.co.hm.user.email, kind: 'referral-received' }).lean();
    expect(toHm.map((m) => m.subject)).toEqual([expect.stringMatching(/referred Nia Noone to Backend Engineer$/)]);
    expect(await OutboxMail.countDocuments({ to: rc.co.recruiter.user.email, kind: 'referral-received' })).toBe(0);
  });

  it('a candidate of the company new to this job gets an application on it all the same; recruiters who opted out get no mail', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc, { rewardKnownCandidates: true });
    const candidate = await Candidate.create({ customerId: rc.co.customerId, firstName: 'Kim', lastName: 'Lee', email: 'kim@example.test', source: 'sourced' });
    await UserPreference.updateOne({ customerId: rc.co.customerId, userId: rc.co.recruiter.user._id }, { $set: { 'notifications.candidateApplied': false } }, { upsert: true });

    const res = await refer(ctx.app, rc.co.approver1.auth, rc.jobId, { email: 'KIM@example.test', firstName: 'Kim', lastName: 'Lee' }).expect(201);
    expect(res.body).toMatchObject({ alreadyKnown: true, rewardEligibility: 'eligible', message: `${ReferralMessages.alreadyKnown('Kim Lee')} ${ReferralMessages.alreadyKnownRewardable}` });
    const application = await Application.findOne({ customerId: rc.co.customerId, jobId: rc.job._id, candidateId: candidate._id }).lean();
    expect(application).toMatchObject({ source: 'referral' });
    expect(String((await referralOf(rc, res.body.referralId))!.applicationId)).toBe(String(application!._id));
    expect(await OutboxMail.countDocuments({ to: rc.co.recruiter.user.email, kind: 'referral-received' })).toBe(0);
  });

  it('two employees referring the same new person at once: one application, both referrals recorded on it, one credit', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc, { rewardKnownCandidates: true });
    const [emma, noah] = [await colleague(rc, 'Emma'), await colleague(rc, 'Noah')];
    const answers = await Promise.all([refer(ctx.app, emma.auth, rc.jobId, { email: 'sam@example.test' }), refer(ctx.app, noah.auth, rc.jobId, { email: 'sam@example.test' })]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const referrals = await Referral.find({ customerId: rc.co.customerId, email: 'sam@example.test' }).lean();
    expect(referrals).toHaveLength(2);
    expect(new Set(referrals.map((r) => String(r.applicationId))).size).toBe(1);
    expect(referrals.filter((r) => r.credited)).toHaveLength(1);
    expect(await Application.countDocuments({ customerId: rc.co.customerId, candidateEmail: 'sam@example.test' })).toBe(1);
    // The timeline names both: the application's own entry and the later referral on it.
    const timeline = await CandidateActivity.find({ customerId: rc.co.customerId, candidateId: referrals[0]!.candidateId }).lean();
    expect(timeline.filter((a) => a.summary === 'Referred to Backend Engineer by an employee')).toHaveLength(1);
    expect(timeline.filter((a) => a.kind === 'referred' && /^Referred to Backend Engineer by (Emma|Noah) /.test(a.summary))).toHaveLength(1);
  });

  it('no reward for the hiring team or recruiters, per the settings; none when the job has no reward', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc);
    // employee: the job's interviewer (a member); hm: its hiring manager; approver2: a recruiter off the team.
    for (const [who, i] of [[rc.co.employee, 1], [rc.co.hm, 2], [rc.co.approver2, 3]] as const) {
      const res = await refer(ctx.app, who.auth, rc.jobId, { email: `friend${i}@example.test` }).expect(201);
      expect(res.body).toMatchObject({ rewardEligibility: 'not_eligible_role', alreadyKnown: false });
      expect(res.body.message).toBe(`${ReferralMessages.referred('Jane Doe', 'Backend Engineer')} ${ReferralMessages.notEligibleRole}`);
    }
    await setReferralSettings(rc, { excludeRecruiters: false, excludeHiringTeam: false });
    expect((await refer(ctx.app, rc.co.approver2.auth, rc.jobId, { email: 'friend4@example.test' }).expect(201)).body.rewardEligibility).toBe('eligible');
    expect((await refer(ctx.app, rc.co.employee.auth, rc.jobId, { email: 'friend5@example.test' }).expect(201)).body.rewardEligibility).toBe('eligible');
    await setReferralSettings(rc, { defaultReward: null });
    const none = await refer(ctx.app, rc.co.approver1.auth, rc.jobId, { email: 'friend6@example.test' }).expect(201);
    expect(none.body).toMatchObject({ rewardEligibility: 'no_reward_set', message: ReferralMessages.referred('Jane Doe', 'Backend Engineer') });
  });

  it('the first referral keeps the credit within the window; one after the window is credited again', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc, { creditWindowDays: 30, rewardKnownCandidates: true });
    const [emma, noah, liam] = [await colleague(rc, 'Emma'), await colleague(rc, 'Noah'), await colleague(rc, 'Liam')];
    const start = now;
    try {
      const first = await refer(ctx.app, emma.auth, rc.jobId, { email: 'ann@example.test', firstName: 'Ann' }).expect(201);
      expect(first.body.rewardEligibility).toBe('eligible');
      now = start + 10 * Day;
      const second = await refer(ctx.app, noah.auth, rc.jobId, { email: 'ann@example.test', firstName: 'Ann' }).expect(201);
      expect(second.body).toMatchObject({ alreadyKnown: true, rewardEligibility: 'referred_by_someone_else' });
      expect(second.body.message).toBe(`${ReferralMessages.alreadyKnown('Ann Doe')} ${ReferralMessages.referredBySomeoneElse}`);
      expect(await referralOf(rc, second.body.referralId)).toMatchObject({ credited: false });
      now = start + 31 * Day;
      const third = await refer(ctx.app, liam.auth, rc.jobId, { email: 'ann@example.test', firstName: 'Ann' }).expect(201);
      expect(third.body).toMatchObject({ alreadyKnown: true, rewardEligibility: 'eligible', message: `${ReferralMessages.alreadyKnown('Ann Doe')} ${ReferralMessages.alreadyKnownRewardable}` });
      expect(await referralOf(rc, third.body.referralId)).toMatchObject({ credited: true });
      // Three referrals, one application: each points at it.
      const referrals = await Referral.find({ customerId: rc.co.customerId, email: 'ann@example.test' }).lean();
      expect(new Set(referrals.map((r) => String(r.applicationId))).size).toBe(1);
      expect(await Application.countDocuments({ customerId: rc.co.customerId, jobId: rc.job._id, candidateEmail: 'ann@example.test' })).toBe(1);
    } finally {
      now = start;
    }
  });

  it('a person the company already knew: recorded on their application, a reward only when the settings allow it', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await setReferralSettings(rc, { creditWindowDays: 1 });
    const existing = await Application.findOne({ customerId: rc.co.customerId, _id: rc.applicationIds[0] }).lean();
    const before = await storedCounts(rc);
    const res = await refer(ctx.app, rc.co.approver1.auth, rc.jobId, { email: existing!.candidateEmail, firstName: 'Applicant0', lastName: 'Tester' }).expect(201);
    expect(res.body).toMatchObject({ alreadyKnown: true, rewardEligibility: 'known_candidate', message: `${ReferralMessages.alreadyKnown('Applicant0 Tester')} ${ReferralMessages.alreadyKnownNoReward}` });
    const referral = await referralOf(rc, res.body.referralId);
    expect(String(referral!.applicationId)).toBe(rc.applicationIds[0]);
    expect(await storedCounts(rc)).toEqual({ ...before, referrals: before.referrals + 1 });

    await setReferralSettings(rc, { creditWindowDays: 1, rewardKnownCandidates: true });
    now += 2 * Day;
    try {
      const again = await refer(ctx.app, (await colleague(rc, 'Noah')).auth, rc.jobId, { email: existing!.candidateEmail }).expect(201);
      expect(again.body).toMatchObject({ alreadyKnown: true, rewardEligibility: 'eligible' });
      expect(again.body.message).toContain(ReferralMessages.alreadyKnownRewardable);
    } finally {
      now -= 2 * Day;
    }
  });

  it('refuses referring yourself, the same person twice, bad input and a bad résumé, storing nothing', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const me = rc.co.approver1;
    const before = await storedCounts(rc);
    const self = await refer(ctx.app, me.auth, rc.jobId, { email: me.user.email.toUpperCase() });
    expect([self.status, self.body.message]).toEqual([400, ReferralMessages.selfReferral]);
    for (const bad of [{ email: 'not-an-email' }, { relationship: 'stranger' }, { firstName: '' }, { campaignId: 'nope' }]) {
      expect((await refer(ctx.app, me.auth, rc.jobId, bad)).status).toBe(400);
    }
    const exe = await refer(ctx.app, me.auth, rc.jobId, {}, { buffer: Buffer.from('MZ\x90\x00 a program'), name: 'cv.pdf', type: 'application/pdf' });
    expect(exe.status).toBe(400);
    const renamed = await refer(ctx.app, me.auth, rc.jobId, {}, { buffer: pdf, name: 'cv.exe', type: 'application/octet-stream' });
    expect(renamed.status).toBe(400);
    expect(await storedCounts(rc)).toEqual(before);

    await refer(ctx.app, me.auth, rc.jobId).expect(201);
    const after = await storedCounts(rc);
    const twice = await refer(ctx.app, me.auth, rc.jobId, { firstName: 'Janet' });
    expect([twice.status, twice.body.message]).toEqual([409, ReferralMessages.alreadyReferredByYou]);
    expect(await storedCounts(rc)).toEqual(after);
  });

  it("another company's job cannot be referred to, and a closed job refuses referrals", async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const other = await buildReferralCompany(ctx.app, ctx.config);
    const foreign = await refer(ctx.app, other.co.employee.auth, rc.jobId);
    expect([foreign.status, foreign.body.message]).toEqual([404, ReferralMessages.jobNotOpen]);
    await Job.updateOne({ customerId: rc.co.customerId, _id: rc.job._id }, { $set: { status: 'on_hold' } });
    const held = await refer(ctx.app, rc.co.approver1.auth, rc.jobId);
    expect([held.status, held.body.message]).toEqual([404, ReferralMessages.jobNotOpen]);
    // An agency's session reaches none of this.
    const agency = await addAgency(ctx.config, { customerId: rc.co.customerId, invitedBy: rc.co.admin.user._id, jobIds: [rc.job._id] });
    expect((await refer(ctx.app, agency.auth, rc.jobId)).status).toBe(403);
    expect((await request(ctx.app).get('/api/referrals/jobs').set('Authorization', agency.auth)).status).toBe(403);
    expect(await Referral.countDocuments({ customerId: rc.co.customerId })).toBe(0);
    expect(await Referral.countDocuments({ customerId: other.co.customerId })).toBe(0);
  });
});
