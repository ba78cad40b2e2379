import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { AgencyMessages, ZAgency, ZAgencyList, ZAgencySubmissionList, type TAgency, type TAgencyList, type TAgencySubmissionList } from '@hireflow/contracts/agencies';
import { AgencyPortalMessages } from '@hireflow/contracts/agency-portal';
import { startTestApp } from '../../../test/test-app';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { Job } from '../../jobs/job.model';
import { OutboxMail } from '../../mail/outbox.model';
import { Approval } from '../../approvals/approval.model';
import { Agency } from '../agency.model';
import { AgencyUser } from '../agency-user.model';
import { addAgency } from '../agencies.test-support';
import { setAgencyChain, submitThroughAgency } from './manage.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let pc: Awaited<ReturnType<typeof buildPipelineCompany>>;
let other: Awaited<ReturnType<typeof buildPipelineCompany>>;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  pc = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
  other = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
  await setAgencyChain(app, pc.co, [pc.co.approver1.id]);
}, 180_000);
afterAll(() => ctx.stop());

const api = () => request(app);
const cid = () => pc.co.customerId;
const jobId = () => String(pc.job._id);
let seq = 0;
function inviteBody(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Bridge Recruiting ${seq}`,
    contactName: 'Jane Contact',
    contactEmail: `jane${seq}@bridge.test`,
    feePercent: '17.5',
    guaranteeDays: 90,
    jobIds: [jobId()],
    maxCandidatesPerJob: 5,
    shareSalary: true,
    businessUnitId: null,
    ...overrides,
  };
}
async function invite(overrides: Record<string, unknown> = {}) {
  const res = await api().post('/api/agencies').set('Authorization', pc.co.admin.auth).send(inviteBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TAgency;
}
const decide = (id: string, auth: string, decision: 'approve' | 'reject', comment = '') => api().post(`/api/approvals/agency/${id}/decision`).set('Authorization', auth).send({ decision, comment });
const read = async (id: string, auth = pc.co.admin.auth) => (await api().get(`/api/agencies/${id}`).set('Authorization', auth).expect(200)).body as TAgency;

describe('the manageAgencies right', () => {
  it('refuses every manage call with 403 to a recruiter without the right, and stores nothing', async () => {
    const before = await Agency.countDocuments({ customerId: cid() });
    const { id } = await addAgency(ctx.config, { customerId: cid(), invitedBy: pc.co.admin.user._id, jobIds: [pc.job._id] });
    const auth = pc.co.recruiter.auth;
    expect((await api().get('/api/agencies').set('Authorization', auth)).status).toBe(403);
    expect((await api().get('/api/agencies/options').set('Authorization', auth)).status).toBe(403);
    expect((await api().post('/api/agencies').set('Authorization', auth).send(inviteBody())).status).toBe(403);
    expect((await api().get(`/api/agencies/${id}`).set('Authorization', auth)).status).toBe(403);
    expect((await api().put(`/api/agencies/${id}`).set('Authorization', auth).send(inviteBody())).status).toBe(403);
    expect((await api().post(`/api/agencies/${id}/pause`).set('Authorization', auth)).status).toBe(403);
    expect((await api().get(`/api/agencies/${id}/submissions`).set('Authorization', auth)).status).toBe(403);
    expect(await Agency.countDocuments({ customerId: cid() })).toBe(before + 1);
    expect((await Agency.findOne({ customerId: cid(), _id: id }).lean())!.status).toBe('active');
  });

  it('refuses an agency user\'s token on the company side, even for their own agency', async () => {
    const { id, auth } = await addAgency(ctx.config, { customerId: cid(), invitedBy: pc.co.admin.user._id, jobIds: [pc.job._id] });
    for (const call of [api().get('/api/agencies'), api().get(`/api/agencies/${id}`), api().get(`/api/agencies/${id}/submissions`), api().post(`/api/agencies/${id}/pause`)]) {
      const res = await call.set('Authorization', auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(AgencyPortalMessages.agencyTokenRefused);
    }
    expect((await Agency.findOne({ customerId: cid(), _id: id }).lean())!.status).toBe('active');
  });

  it('offers the open jobs and business units to pick from', async () => {
    const res = await api().get('/api/agencies/options').set('Authorization', pc.co.admin.auth).expect(200);
    expect(res.body.jobs).toEqual([{ id: jobId(), name: 'Backend Engineer' }]);
    expect(res.body.businessUnits).toEqual([{ id: String(pc.co.businessUnit._id), name: 'Product' }]);
  });
});

describe('inviting an agency', () => {
  it('refuses invalid input with 400 and stores nothing', async () => {
    const { _id: _ignored, ...copy } = pc.job;
    const draft = await Job.create({ ...copy, title: 'Draft job', status: 'draft' });
    const before = { agencies: await Agency.countDocuments({ customerId: cid() }), approvals: await Approval.countDocuments({ customerId: cid(), kind: 'agency' }) };
    const post = (body: object) => api().post('/api/agencies').set('Authorization', pc.co.admin.auth).send(body);
    expect((await post(inviteBody({ name: '' }))).status).toBe(400);
    const fee = await post(inviteBody({ feePercent: '15.555' }));
    expect(fee.status).toBe(400);
    expect(fee.body.message).toContain('must be a percentage such as 15 or 17.5');
    expect((await post(inviteBody({ feePercent: '0' }))).status).toBe(400);
    expect((await post(inviteBody({ contactEmail: 'not-an-email' }))).status).toBe(400);
    expect((await post(inviteBody({ maxCandidatesPerJob: 0 }))).status).toBe(400);
    const notOpen = await post(inviteBody({ jobIds: [String(draft._id)] }));
    expect(notOpen.status).toBe(400);
    expect(notOpen.body.message).toBe(AgencyMessages.jobNotOpen);
    const othersJob = await post(inviteBody({ jobIds: [String(other.job._id)] }));
    expect(othersJob.status).toBe(400);
    expect(othersJob.body.message).toBe(AgencyMessages.jobNotOpen);
    const noChain = await api().post('/api/agencies').set('Authorization', other.co.admin.auth).send(inviteBody({ jobIds: [String(other.job._id)] }));
    expect(noChain.status).toBe(400);
    expect(noChain.body.message).toContain('No agency approvers are set up yet');
    expect(await Agency.countDocuments({ customerId: cid() })).toBe(before.agencies);
    expect(await Agency.countDocuments({ customerId: other.co.customerId })).toBe(0);
    expect(await Approval.countDocuments({ customerId: cid(), kind: 'agency' })).toBe(before.approvals);
  });

  it('refuses a contact email another agency of the company uses (409), whatever its case', async () => {
    const first = await invite({ contactEmail: 'Sam@Shared-Agency.test' });
    expect(first.contactEmail).toBe('sam@shared-agency.test');
    const again = await api().post('/api/agencies').set('Authorization', pc.co.admin.auth).send(inviteBody({ contactEmail: 'SAM@shared-agency.test' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AgencyMessages.contactTaken);
    expect(await Agency.countDocuments({ customerId: cid(), contactEmail: 'sam@shared-agency.test' })).toBe(1);
  });

  it('goes through the chain: the approver reads but cannot change it, approves, and the contact is mailed their sign-in link', async () => {
    const agency = await invite({ contactName: 'Jane Doe', contactEmail: 'jane.doe@approve-me.test' });
    expect(agency).toMatchObject({ status: 'pending', feePercent: '17.5', jobCount: 1, jobs: [{ id: jobId(), name: 'Backend Engineer' }], signInUrl: null, users: [], approvedAt: null });
    expect(agency.approval.steps.map((s) => [s.approver.id, s.state])).toEqual([[pc.co.approver1.id, 'current']]);
    expect(agency.can).toEqual({ edit: true, pause: false, resume: false });
    const stored = (await Agency.findOne({ customerId: cid(), _id: agency.id }).lean())!;
    expect(stored.feeBasisPoints).toBe(1750);

    const asked = await OutboxMail.find({ to: pc.co.approver1.user.email, kind: 'agency-approval-request' }).lean();
    const mine = asked.filter((m) => m.text.includes(`/agency-approval/${agency.id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('17.5% fee, 1 job, contact Jane Doe <jane.doe@approve-me.test>');

    // The approver (an employee without the right) opens it, may decide, may not change it; someone outside the chain may not read it.
    const seen = await read(agency.id, pc.co.approver1.auth);
    expect(seen.approval.canDecide).toBe(true);
    expect(seen.can).toEqual({ edit: false, pause: false, resume: false });
    expect((await api().put(`/api/agencies/${agency.id}`).set('Authorization', pc.co.approver1.auth).send(inviteBody())).status).toBe(403);
    expect((await api().get(`/api/agencies/${agency.id}`).set('Authorization', pc.co.employee.auth)).status).toBe(403);
    expect(await OutboxMail.countDocuments({ to: 'jane.doe@approve-me.test' })).toBe(0);

    await decide(agency.id, pc.co.approver1.auth, 'approve', 'Good references').expect(204);
    const approved = await read(agency.id);
    expect(ZAgency.safeParse(approved).success).toBe(true);
    expect(approved.status).toBe('active');
    expect(approved.approvedAt).not.toBeNull();
    expect(approved.approval.status).toBe('approved');
    expect(approved.signInUrl).toBe(`${ctx.config.publicUrl}/agencies-login/${pc.co.customer.slug}/${agency.id}`);
    expect(approved.users).toEqual([expect.objectContaining({ name: 'Jane Doe', email: 'jane.doe@approve-me.test', status: 'invited' })]);
    expect(approved.can).toEqual({ edit: true, pause: true, resume: false });
    const contact = (await AgencyUser.findOne({ customerId: cid(), agencyId: agency.id }).lean())!;
    expect(contact.isContact).toBe(true);

    const invites = await OutboxMail.find({ to: 'jane.doe@approve-me.test', kind: 'agency-invite' }).lean();
    expect(invites).toHaveLength(1);
    expect(invites[0]!.text).toMatch(new RegExp(`${approved.signInUrl!.replace(/[.?]/g, '\\$&')}\\?key=[A-Za-z0-9_%-]+`));
    const requester = await OutboxMail.find({ to: pc.co.admin.user.email, kind: 'agency-approved' }).lean();
    expect(requester.some((m) => m.subject === `Agency approved: ${agency.name}`)).toBe(true);
  });

  it('is rejected by the approver: rejected, no account, no invitation, and no longer editable', async () => {
    const agency = await invite({ contactEmail: 'nope@rejected-agency.test' });
    await decide(agency.id, pc.co.approver1.auth, 'reject', 'Fee too high').expect(204);
    const rejected = await read(agency.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.approval.status).toBe('rejected');
    expect(rejected.can).toEqual({ edit: false, pause: false, resume: false });
    expect(await AgencyUser.countDocuments({ customerId: cid(), agencyId: agency.id })).toBe(0);
    expect(await OutboxMail.countDocuments({ to: 'nope@rejected-agency.test' })).toBe(0);
    const told = await OutboxMail.find({ to: pc.co.admin.user.email, kind: 'agency-rejected' }).lean();
    expect(told.some((m) => m.text.includes('Fee too high'))).toBe(true);
    const put = await api().put(`/api/agencies/${agency.id}`).set('Authorization', pc.co.admin.auth).send(inviteBody());
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(AgencyMessages.notEditable);
  });

  it('is withdrawn by the requester', async () => {
    const agency = await invite();
    await api().post(`/api/approvals/agency/${agency.id}/withdraw`).set('Authorization', pc.co.admin.auth).send({ comment: 'Not needed' }).expect(204);
    expect((await read(agency.id)).status).toBe('withdrawn');
  });
});

describe('changing an agency', () => {
  it('changes fee, jobs and limits; a pending one shows the approver the new terms', async () => {
    const agency = await invite();
    const body = { ...inviteBody(), name: 'Renamed Partners', contactName: 'New Contact', feePercent: '20', guaranteeDays: 30, jobIds: [], maxCandidatesPerJob: 2, shareSalary: false };
    delete (body as Record<string, unknown>).contactEmail;
    delete (body as Record<string, unknown>).businessUnitId;
    const res = await api().put(`/api/agencies/${agency.id}`).set('Authorization', pc.co.admin.auth).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed Partners', contactName: 'New Contact', feePercent: '20', guaranteeDays: 30, jobCount: 0, maxCandidatesPerJob: 2, shareSalary: false });
    expect((await Agency.findOne({ customerId: cid(), _id: agency.id }).lean())!.feeBasisPoints).toBe(2000);
    const approval = (await Approval.findOne({ customerId: cid(), kind: 'agency', subjectId: agency.id }).lean())!;
    expect(approval.title).toBe('Renamed Partners');
    expect(approval.detail).toBe(`20% fee, 0 jobs, contact New Contact <${agency.contactEmail}>`);
    const listed = (await api().get('/api/agencies?search=renamed').set('Authorization', pc.co.admin.auth).expect(200)).body as TAgencyList;
    expect(listed.items.map((i) => i.id)).toEqual([agency.id]);
  });

  it('pauses an active agency and resumes it; other moves are 409', async () => {
    const { id } = await addAgency(ctx.config, { customerId: cid(), invitedBy: pc.co.admin.user._id, jobIds: [pc.job._id] });
    const paused = await api().post(`/api/agencies/${id}/pause`).set('Authorization', pc.co.admin.auth).expect(200);
    expect(paused.body.status).toBe('paused');
    expect(paused.body.can).toEqual({ edit: true, pause: false, resume: true });
    const stored = (await Agency.findOne({ customerId: cid(), _id: id }).lean())!;
    expect(stored.pausedAt).toBeInstanceOf(Date);
    expect(String(stored.pausedBy)).toBe(pc.co.admin.id);
    expect((await api().post(`/api/agencies/${id}/pause`).set('Authorization', pc.co.admin.auth)).status).toBe(409);
    const resumed = await api().post(`/api/agencies/${id}/resume`).set('Authorization', pc.co.admin.auth).expect(200);
    expect(resumed.body.status).toBe('active');
    expect((await api().post(`/api/agencies/${id}/resume`).set('Authorization', pc.co.admin.auth)).status).toBe(409);
    const pending = await invite();
    const refused = await api().post(`/api/agencies/${pending.id}/pause`).set('Authorization', pc.co.admin.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This agency is waiting for approval; only an active agency can be paused');
  });
});

describe('another company', () => {
  it('cannot list, read, change, pause or read the submissions of an agency of this company (404)', async () => {
    const { id } = await addAgency(ctx.config, { customerId: cid(), invitedBy: pc.co.admin.user._id, jobIds: [pc.job._id], name: 'Private Agency' });
    const auth = other.co.admin.auth;
    const list = (await api().get('/api/agencies').set('Authorization', auth).expect(200)).body as TAgencyList;
    expect(list.items.map((i) => i.id)).not.toContain(id);
    expect((await api().get(`/api/agencies/${id}`).set('Authorization', auth)).status).toBe(404);
    const body = { ...inviteBody({ jobIds: [] }) } as Record<string, unknown>;
    delete body.contactEmail;
    delete body.businessUnitId;
    expect((await api().put(`/api/agencies/${id}`).set('Authorization', auth).send(body)).status).toBe(404);
    expect((await api().post(`/api/agencies/${id}/pause`).set('Authorization', auth)).status).toBe(404);
    expect((await api().get(`/api/agencies/${id}/submissions`).set('Authorization', auth)).status).toBe(404);
    expect((await Agency.findOne({ customerId: cid(), _id: id }).lean())!.status).toBe('active');
  });
});

describe('an agency\'s submissions', () => {
  it('lists what the agency submitted with the coarse status, and the list counts them', async () => {
    const built = await addAgency(ctx.config, { customerId: cid(), invitedBy: pc.co.admin.user._id, jobIds: [pc.job._id], name: 'Counting Agency' });
    const first = await submitThroughAgency(pc.co, pc.job, built.agency, built.user, 'Ann');
    const second = await submitThroughAgency(pc.co, pc.job, built.agency, built.user, 'Ben');
    await api().post(`/api/applications/${second}/move`).set('Authorization', pc.co.recruiter.auth).send({ stageId: pc.stage('interview') }).expect(200);

    const res = await api().get(`/api/agencies/${built.id}/submissions`).set('Authorization', pc.co.admin.auth).expect(200);
    const list = res.body as TAgencySubmissionList;
    expect(ZAgencySubmissionList.safeParse(list).success).toBe(true);
    expect(list.total).toBe(2);
    const byApp = new Map(list.items.map((i) => [i.applicationId, i]));
    expect(byApp.get(first)).toMatchObject({ candidateName: 'Ann Placed', job: { id: jobId(), name: 'Backend Engineer' }, status: 'received', placement: null, submittedBy: { name: built.user.name } });
    expect(byApp.get(second)!.status).toBe('interviewing');

    const agencies = (await api().get('/api/agencies?search=counting').set('Authorization', pc.co.admin.auth).expect(200)).body as TAgencyList;
    expect(ZAgencyList.safeParse(agencies).success).toBe(true);
    expect(agencies.items).toEqual([expect.objectContaining({ id: built.id, jobCount: 1, submissionCount: 2, hireCount: 0, status: 'active' })]);
    const active = (await api().get('/api/agencies?status=paused').set('Authorization', pc.co.admin.auth).expect(200)).body as TAgencyList;
    expect(active.items.map((i) => i.id)).not.toContain(built.id);
  });
});
