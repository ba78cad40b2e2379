import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCampaign } from '@hireflow/contracts/candidates-campaigns';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import { JobWorker } from '../../../lib/job-queue';
import { MailJob } from '../../../lib/mailer';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { Candidate } from '../../candidates/candidate.model';
import { CampaignBatchJob } from '../../candidates/campaigns/campaign-sending';
import { Application } from '../../candidates/applications/application.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { PipelineMailJob } from '../../pipeline/mail/pipeline-mail.job';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { buildReferralCompany } from '../../referrals/refer/refer.test-support';
import { ReferralCampaignSendJob } from '../../referrals/campaigns/campaign-send.job';
import { User } from '../../users/user.model';
import { OutboxMail } from '../../mail/outbox.model';
import { runOAuthRoundTrip, startAppWithPeers } from '../integrations.test-support';

let ctx: Awaited<ReturnType<typeof startAppWithPeers>>;
let company: Awaited<ReturnType<typeof buildCustomer>>;
let recruiter: Awaited<ReturnType<typeof buildUser>>;
let recruiterAuth: string;
let adminAuth: string;

beforeAll(async () => {
  ctx = await startAppWithPeers({ RATE_LIMIT_DISABLED: 'true' });
  // Jobs run when the test drains them.
  await ctx.worker.stop({ graceMs: 0 });
  company = await buildCustomer();
  recruiter = await buildUser({ customerId: company._id, email: `rita.${Date.now()}@acme-mail.test`, firstName: 'Rita', lastName: 'Recruiter' });
  recruiterAuth = `Bearer ${await tokenFor(ctx.config, recruiter)}`;
  adminAuth = `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: company._id, admin: true }))}`;
});
afterAll(async () => ctx?.stop());

const drain = () => new JobWorker({ definitions: [MailJob, CampaignBatchJob, PipelineMailJob, ReferralCampaignSendJob], config: ctx.config, logger: ctx.logger, concurrency: 1 }).drain();

function connect(auth: string, body: object) {
  return runOAuthRoundTrip(ctx.app, ctx.peers, {
    start: { method: 'post', path: '/api/integrations/connect', body },
    finish: () => ({ method: 'get', path: '/api/emailSendAuth' }),
    auth,
  });
}

let seq = 0;
async function campaignTo(extra: Record<string, unknown> = {}) {
  seq += 1;
  const candidate = await Candidate.create({ customerId: company._id, firstName: `Cand${seq}`, lastName: 'Doe', email: `cand${seq}.${Date.now()}@people.test`, source: 'sourced' });
  const res = await request(ctx.app).post('/api/campaigns').set('Authorization', recruiterAuth)
    .send({ name: 'Winter hiring', subject: 'A role for you, {{candidate.firstName}}', body: 'Hi {{candidate.firstName}}', candidateIds: [String(candidate._id)], ...extra });
  return { res, candidate };
}

const mimesSentBy = (account: string) =>
  ctx.peers.googleApi.requests
    .filter((r) => r.path.endsWith('/messages/send') && r.account === account)
    .map((r) => Buffer.from((r.json as { raw: string }).raw, 'base64url').toString('utf8'));

describe('candidate campaigns go out from a connected mailbox', () => {
  it("from the author's own Gmail when they connected it (not the company's mail server)", async () => {
    await connect(recruiterAuth, { service: 'mailbox', provider: 'google' });
    const { res, candidate } = await campaignTo();
    expect(res.status).toBe(201);
    const id = ZCampaign.parse(res.body).id;
    await request(ctx.app).post(`/api/campaigns/${id}/send`).set('Authorization', recruiterAuth).send({}).expect(200);
    await drain();

    const done = ZCampaign.parse((await request(ctx.app).get(`/api/campaigns/${id}`).set('Authorization', recruiterAuth).expect(200)).body);
    expect(done.totals.sent).toBe(1);
    const mime = mimesSentBy(recruiter.email).find((m) => m.includes(`To: ${candidate.email}`));
    expect(mime).toMatch(new RegExp(`^From: Rita Recruiter <${recruiter.email.replace(/\./g, '\\.')}>`, 'm'));
    expect(mime).toMatch(/^Subject: A role for you, Cand\d+/m);
    expect(mime).toMatch(/^List-Unsubscribe:\s+<http/m);
    expect(await OutboxMail.countDocuments({ to: candidate.email })).toBe(0);
  });

  it('from a shared address the campaign names, once an admin connected it; an address not connected is refused', async () => {
    const careers = `careers@${company.domains[0]}`;
    const refused = await campaignTo({ sendFrom: careers });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.message).toBe(IntegrationMessages.sharedAddressNotConnected(careers));

    await connect(adminAuth, { service: 'shared-mailbox', provider: 'google', email: careers });
    const { res, candidate } = await campaignTo({ sendFrom: careers.toUpperCase() });
    expect(res.status).toBe(201);
    const created = ZCampaign.parse(res.body);
    expect(created.sendFrom).toBe(careers);
    await request(ctx.app).post(`/api/campaigns/${created.id}/send`).set('Authorization', recruiterAuth).send({}).expect(200);
    await drain();
    const mime = mimesSentBy(careers).find((m) => m.includes(`To: ${candidate.email}`));
    expect(mime).toMatch(new RegExp(`^From: ${careers}`, 'm'));
    expect(await OutboxMail.countDocuments({ to: candidate.email })).toBe(0);
  });
});

describe('pipeline mails go out from the mailbox of the person who sent them', () => {
  it("a rejection mail a recruiter sends leaves from the recruiter's Outlook, through Graph", async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(ctx.app, ctx.config, { applicants: 1 });
    await connect(co.recruiter.auth, { service: 'mailbox', provider: 'microsoft' });
    const template = await MailTemplate.create({ customerId: co.customerId, kind: 'pipeline', name: 'Not selected', subject: 'Your application for {{job.title}}', body: 'Hi {{candidate.firstName}},\n\nThank you.\n\n{{sender.name}}' });
    const id = applicationIds[0]!;
    const email = (await Application.findOne({ customerId: co.customerId, _id: id }).lean())!.candidateEmail as string;
    await request(ctx.app).post(`/api/applications/${id}/move`).set('Authorization', co.recruiter.auth)
      .send({ stageId: stage('rejected'), reason: 'Not enough experience', rejectionMail: { templateId: String(template._id) } }).expect(200);
    await drain();

    const sent = ctx.peers.graph.requests.filter((r) => r.path === '/me/sendMail' && r.account === co.recruiter.user.email);
    const mime = sent.map((r) => Buffer.from(r.body, 'base64').toString('utf8')).find((m) => m.includes(`To: ${email}`));
    expect(sent[0]?.contentType).toContain('text/plain');
    expect(mime).toMatch(new RegExp(`^From: .*<${co.recruiter.user.email.replace(/\./g, '\\.')}>`, 'm'));
    expect(mime).toMatch(/^Subject: Your application for Backend Engineer/m);
    expect(await OutboxMail.countDocuments({ to: email })).toBe(0);
  });
});

describe('referral campaigns', () => {
  it("go out from the company's shared address once an admin connected one", async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    const careers = `careers@${rc.co.customer.domains[0]}`;
    await connect(rc.co.admin.auth, { service: 'shared-mailbox', provider: 'google', email: careers });
    const made = await request(ctx.app).post('/api/referral-campaigns').set('Authorization', rc.co.recruiter.auth)
      .send({ subject: 'We are hiring', message: 'Know a great engineer?', jobIds: [rc.jobId], audience: { kind: 'everyone' } }).expect(201);
    await drain();

    const employees = await User.find({ customerId: rc.co.customerId, status: 'active' }, { email: 1 }).lean();
    const mimes = mimesSentBy(careers).filter((m) => m.includes(String(made.body.id)));
    expect(mimes).toHaveLength(employees.length);
    expect(mimes.every((m) => new RegExp(`^From: ${careers}`, 'm').test(m))).toBe(true);
    expect(await OutboxMail.countDocuments({ kind: 'referral-campaign', text: { $regex: String(made.body.id) } })).toBe(0);
  });
});
