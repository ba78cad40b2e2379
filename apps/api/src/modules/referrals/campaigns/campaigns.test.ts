import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { JobWorker, enqueueJob } from '../../../lib/job-queue';
import { MailJob } from '../../../lib/mailer';
import { Job } from '../../jobs/job.model';
import { OutboxMail } from '../../mail/outbox.model';
import { Department } from '../../org/department.model';
import { User } from '../../users/user.model';
import { ReferralCampaign } from '../referral-campaign.model';
import { Referral } from '../referral.model';
import { buildReferralCompany, refer, type ReferralCompany } from '../refer/refer.test-support';
import { ReferralCampaignRecipient } from './referral-campaign-recipient.model';
import { ReferralCampaignSendJob, ReferralCampaignSendJobName } from './campaign-send.job';
import { CampaignMessages } from './campaigns.service';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let worker: JobWorker;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true', PUBLIC_URL: 'https://ats.example.test' });
  // The tests drain the queue themselves, so they see each state the campaign passes through.
  await ctx.worker.stop({ graceMs: 0 });
  worker = new JobWorker({ definitions: [ReferralCampaignSendJob, MailJob], config: ctx.config, logger: ctx.logger });
});
afterAll(() => ctx.stop());

const audience = (auth: string, body: object) => request(ctx.app).post('/api/referral-campaigns/audience').set('Authorization', auth).send(body);
const create = (auth: string, body: object) => request(ctx.app).post('/api/referral-campaigns').set('Authorization', auth).send(body);
const campaignMails = (campaignId: string) => OutboxMail.find({ kind: 'referral-campaign', text: { $regex: campaignId } }).lean();

/** The company's six users in Engineering; two of them also in Berlin; one more inactive; a Sales department of one. */
async function placeUsers(rc: ReferralCompany) {
  const { customerId } = rc.co;
  const sales = await Department.create({ customerId, name: 'Sales' });
  await User.updateMany({ customerId }, { $set: { department: rc.co.department._id } });
  await User.updateMany({ customerId, _id: { $in: [rc.co.recruiter.user._id, rc.co.employee.user._id] } }, { $set: { location: rc.co.location._id } });
  await User.updateOne({ customerId, _id: rc.co.approver1.user._id }, { $set: { department: sales._id, buItemId: rc.co.businessUnit._id } });
  await buildUser({ customerId, role: 'employee', status: 'inactive' });
  return { sales };
}

const campaignBody = (rc: ReferralCompany, extra: object = {}) => ({
  subject: 'We are hiring',
  message: 'Know a great engineer?\n\nRefer them!',
  jobIds: [rc.jobId],
  audience: { kind: 'everyone' },
  ...extra,
});

describe('referral campaigns: who may run them', () => {
  it('refuses plain employees on every call, and lets recruiters, admins and super users in', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const refused = [
      await audience(rc.co.employee.auth, { kind: 'everyone' }),
      await create(rc.co.employee.auth, campaignBody(rc)),
      await request(ctx.app).get('/api/referral-campaigns').set('Authorization', rc.co.hm.auth),
    ];
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(Array(3).fill([403, CampaignMessages.notAllowed]));
    const made = await create(rc.co.recruiter.auth, campaignBody(rc)).expect(201);
    expect((await request(ctx.app).get(`/api/referral-campaigns/${made.body.id}`).set('Authorization', rc.co.employee.auth)).status).toBe(403);

    const superUser = await buildUser({ customerId: rc.co.customerId, role: 'employee', superUser: true });
    const superAuth = `Bearer ${await tokenFor(ctx.config, superUser)}`;
    expect((await audience(superAuth, { kind: 'everyone' })).status).toBe(200);
    expect((await request(ctx.app).get(`/api/referral-campaigns/${made.body.id}`).set('Authorization', rc.co.admin.auth)).status).toBe(200);
    // Another company's campaign is not found.
    const other = await buildReferralCompany(ctx.app, ctx.config);
    expect((await request(ctx.app).get(`/api/referral-campaigns/${made.body.id}`).set('Authorization', other.co.admin.auth)).status).toBe(404);
  });
});

describe('POST /api/referral-campaigns/audience', () => {
  it('counts the active users everyone, or by department, location and business unit reaches', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const other = await buildReferralCompany(ctx.app, ctx.config);
    const { sales } = await placeUsers(rc);
    const count = async (body: object) => (await audience(rc.co.recruiter.auth, body).expect(200)).body.recipients;
    const ids = (doc: { _id: unknown }) => [String(doc._id)];
    expect(await count({ kind: 'everyone' })).toBe(6);
    expect(await count({ kind: 'filtered', departmentIds: ids(rc.co.department) })).toBe(5);
    expect(await count({ kind: 'filtered', departmentIds: [String(rc.co.department._id), String(sales._id)] })).toBe(6);
    expect(await count({ kind: 'filtered', locationIds: ids(rc.co.location) })).toBe(2);
    expect(await count({ kind: 'filtered', businessUnitIds: ids(rc.co.businessUnit) })).toBe(1);
    // Several kinds narrow together: Engineering people in Berlin.
    expect(await count({ kind: 'filtered', departmentIds: ids(rc.co.department), locationIds: ids(rc.co.location) })).toBe(2);
    expect(await count({ kind: 'filtered', departmentIds: ids(sales), locationIds: ids(rc.co.location) })).toBe(0);

    expect((await audience(rc.co.recruiter.auth, { kind: 'filtered' })).status).toBe(400);
    const foreign = await audience(rc.co.recruiter.auth, { kind: 'filtered', departmentIds: ids(other.co.department) });
    expect([foreign.status, foreign.body.message]).toEqual([400, 'audience.departmentIds: one of them is not in your company']);
  });
});

describe('POST /api/referral-campaigns and its sending', () => {
  it('refuses jobs that are not open jobs of the company', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const other = await buildReferralCompany(ctx.app, ctx.config);
    const closed = await Job.create({ customerId: rc.co.customerId, title: 'Old role', titleLower: 'old role', headcount: 1, status: 'closed' });
    for (const jobIds of [[other.jobId], [rc.jobId, String(closed._id)], []]) {
      expect((await create(rc.co.recruiter.auth, campaignBody(rc, { jobIds }))).status).toBe(400);
    }
    expect((await create(rc.co.recruiter.auth, campaignBody(rc, { subject: '' }))).status).toBe(400);
    expect(await ReferralCampaign.countDocuments({ customerId: rc.co.customerId })).toBe(0);
  });

  it('sends one mail per active recipient through the queue, with each job linked, and never twice', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    await placeUsers(rc);
    const made = await create(rc.co.recruiter.auth, campaignBody(rc, { audience: { kind: 'filtered', departmentIds: [String(rc.co.department._id)] } })).expect(201);
    expect(made.body).toMatchObject({ status: 'queued', recipients: 5, sent: 0, referrals: 0, jobs: [{ id: rc.jobId, name: 'Backend Engineer' }], audience: { kind: 'filtered', departments: [{ name: 'Engineering' }] }, createdBy: { id: rc.co.recruiter.id }, sentAt: null });
    const id = made.body.id as string;
    expect(await campaignMails(id)).toHaveLength(0);

    await worker.drain();
    const read = async () => (await request(ctx.app).get(`/api/referral-campaigns/${id}`).set('Authorization', rc.co.recruiter.auth).expect(200)).body;
    const sent = await read();
    expect(sent).toMatchObject({ status: 'sent', recipients: 5, sent: 5, sentAt: expect.any(String) });
    const mails = await campaignMails(id);
    const engineering = await User.find({ customerId: rc.co.customerId, department: rc.co.department._id, status: 'active' }).lean();
    expect(mails.map((m) => m.to).sort()).toEqual(engineering.map((u) => u.email).sort());
    expect(mails.map((m) => m.to)).not.toContain(rc.co.approver1.user.email);
    expect(mails[0]).toMatchObject({ subject: 'We are hiring' });
    expect(mails[0]!.text).toContain('Know a great engineer?');
    expect(mails[0]!.text).toContain(`Backend Engineer: https://ats.example.test/employee-referral/${rc.jobId}?campaign=${id}`);
    expect(mails[0]!.html).toContain(`href="https://ats.example.test/employee-referral/${rc.jobId}?campaign=${id}"`);

    // A retry (the queue runs a job at least once) mails nobody again; a claim left by a dead run is not re-sent.
    await ReferralCampaign.updateOne({ customerId: rc.co.customerId, _id: id }, { $set: { status: 'sending' } });
    await ReferralCampaignRecipient.updateOne({ customerId: rc.co.customerId, campaignId: id, userId: rc.co.recruiter.user._id }, { $set: { status: 'sending' } });
    await enqueueJob(ReferralCampaignSendJobName, { campaignId: id, customerId: String(rc.co.customerId) });
    await worker.drain();
    expect(await campaignMails(id)).toHaveLength(5);
    expect(await read()).toMatchObject({ status: 'sent', sent: 4 });
    expect(await ReferralCampaignRecipient.countDocuments({ customerId: rc.co.customerId, campaignId: id, status: 'interrupted' })).toBe(1);

    // Referrals through the campaign's links count on it; the list pages newest first.
    await refer(ctx.app, rc.co.employee.auth, rc.jobId, { campaignId: id }).expect(201);
    await refer(ctx.app, rc.co.hm.auth, rc.jobId, { email: 'other@example.test' }).expect(201);
    expect((await read()).referrals).toBe(1);
    // Another company's campaign id on a referral is not counted anywhere.
    const other = await buildReferralCompany(ctx.app, ctx.config);
    const foreign = await refer(ctx.app, other.co.approver1.auth, other.jobId, { campaignId: id }).expect(201);
    expect((await Referral.findOne({ customerId: other.co.customerId, _id: foreign.body.referralId }).lean())!.campaignId).toBeNull();
    expect((await read()).referrals).toBe(1);
    await create(rc.co.admin.auth, campaignBody(rc, { subject: 'Second' })).expect(201);
    const list = await request(ctx.app).get('/api/referral-campaigns').set('Authorization', rc.co.recruiter.auth).expect(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(list.body.items.map((c: { subject: string; referrals: number }) => [c.subject, c.referrals])).toEqual([['Second', 0], ['We are hiring', 1]]);
  });
});
