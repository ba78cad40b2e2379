import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../test/test-app';
import { OutboxMail } from '../mail/outbox.model';
import { JobCode } from '../org/job-code.model';
import { Job } from './job.model';
import { User } from '../users/user.model';
import { Requisition } from './requisition.model';
import { StatusEvent } from './status-event.model';
import { buildJobsCompany, requisitionBody, setVacancyChain, type JobsCompany } from './jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  globex = await buildJobsCompany(ctx.config);
});
afterAll(() => ctx.stop());

const decide = (id: string, auth: string, body: object) => request(app).post(`/api/vacancy-approvals/${id}/decision`).set('Authorization', auth).send(body);

describe('PUT /api/approval-chains', () => {
  it('refuses users without the approvers settings right', async () => {
    const res = await request(app).put('/api/approval-chains').set('Authorization', acme.recruiter.auth).send({ kind: 'vacancy', approverIds: [acme.approver1.id] });
    expect(res.status).toBe(403);
  });

  it('refuses approvers from another company', async () => {
    const res = await request(app).put('/api/approval-chains').set('Authorization', acme.admin.auth).send({ kind: 'vacancy', approverIds: [globex.approver1.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/approverIds/);
  });

  it('saves an ordered chain that only the same company sees', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id, acme.approver2.id]);
    const mine = await request(app).get('/api/approval-chains?kind=vacancy').set('Authorization', acme.admin.auth);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0].approvers.map((a: { id: string }) => a.id)).toEqual([acme.approver1.id, acme.approver2.id]);
    const theirs = await request(app).get('/api/approval-chains?kind=vacancy').set('Authorization', globex.admin.auth);
    expect(theirs.body.items).toEqual([]);
  });
});

describe('POST /api/requisitions', () => {
  it('asks for sign-in', async () => {
    expect((await request(app).post('/api/requisitions').send(requisitionBody(acme))).status).toBe(401);
  });

  it('is for hiring managers only (HM additional role), even for a recruiter or admin', async () => {
    for (const who of [acme.recruiter, acme.admin, acme.employee]) {
      const res = await request(app).post('/api/requisitions').set('Authorization', who.auth).send(requisitionBody(acme));
      expect(res.status).toBe(403);
    }
    expect(await Requisition.countDocuments({ customerId: acme.customerId })).toBe(0);
  });

  it('explains bad input field by field', async () => {
    const noTitle = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme, { title: '  ' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('title: is required');
    const badCount = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme, { headcount: 0 }));
    expect(badCount.body.message).toBe('headcount: must be at least 1');
    const foreignDept = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme, { departmentId: String(globex.department._id) }));
    expect(foreignDept.status).toBe(400);
    expect(foreignDept.body.message).toMatch(/^departmentId: no such department/);
    const foreignTeam = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme, { team: { recruiterIds: [globex.recruiter.id] } }));
    expect(foreignTeam.status).toBe(400);
    expect(foreignTeam.body.message).toMatch(/^team.recruiterIds/);
  });

  it('needs a justification to exceed the job code headcount', async () => {
    const over = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme, { headcount: 3 }));
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^headcountJustification: job code ENG-2 has 2 of 3 approved positions left/);
    const justified = await request(app)
      .post('/api/requisitions')
      .set('Authorization', acme.hm.auth)
      .send(requisitionBody(acme, { headcount: 3, headcountJustification: 'Backfill plus growth' }));
    expect(justified.status).toBe(201);
  });

  it('saves a draft without starting approval', async () => {
    const res = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft', jobId: null, canEdit: true, requester: { id: acme.hm.id } });
    expect(res.body.salaryBand.currency).toBe('EUR');
    expect(res.body.jobCode).toMatchObject({ code: 'ENG-2', approvedHeadcount: 3, usedHeadcount: 1 });
  });
});

describe('requisition -> approval chain -> open job', () => {
  let reqId: string;

  it('submitting sends it to the first approver only (list + mail)', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id, acme.approver2.id]);
    const res = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Data Engineer' }), submit: true });
    expect(res.status).toBe(201);
    reqId = res.body.id;
    expect(res.body.status).toBe('pending_approval');
    expect(res.body.steps.map((s: { state: string }) => s.state)).toEqual(['current', 'waiting']);
    const job = await Job.findOne({ customerId: acme.customerId, _id: res.body.jobId }).lean();
    expect(job?.status).toBe('pending_approval');

    const first = await request(app).get('/api/vacancy-approvals?view=pending').set('Authorization', acme.approver1.auth);
    expect(first.body.items.map((i: { id: string }) => i.id)).toContain(reqId);
    const second = await request(app).get('/api/vacancy-approvals?view=pending').set('Authorization', acme.approver2.auth);
    expect(second.body.items.map((i: { id: string }) => i.id)).not.toContain(reqId);
    const mail = await OutboxMail.findOne({ to: acme.approver1.user.email, subject: 'Approval needed: Data Engineer' }).lean();
    expect(mail?.text).toContain(`/vacancy-approval/${reqId}`);
  });

  it('only the current approver may decide', async () => {
    for (const who of [acme.approver2, acme.hm, acme.admin]) {
      const res = await decide(reqId, who.auth, { decision: 'approve' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the current approver can decide on this requisition');
    }
  });

  it('approving passes it on; deciding twice is refused', async () => {
    const res = await decide(reqId, acme.approver1.auth, { decision: 'approve', comment: 'Budget is there' });
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { state: string }) => s.state)).toEqual(['approved', 'current']);
    const again = await decide(reqId, acme.approver1.auth, { decision: 'approve' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already decided on this requisition');
    const decided = await request(app).get('/api/vacancy-approvals?view=decided').set('Authorization', acme.approver1.auth);
    expect(decided.body.items.find((i: { id: string }) => i.id === reqId)).toMatchObject({ myDecision: 'approved' });
  });

  it('the last approval opens the job, records status events and uses job-code headcount', async () => {
    const res = await decide(reqId, acme.approver2.auth, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('approved');
    expect(res.body.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'approved', 'approved', 'opened']);
    const job = await Job.findOne({ customerId: acme.customerId, _id: res.body.jobId }).lean();
    expect(job?.status).toBe('open');
    expect(job?.openedAt).toBeInstanceOf(Date);
    const events = await StatusEvent.find({ customerId: acme.customerId, entity: 'job', entityId: job!._id }).sort({ at: 1 }).lean();
    expect(events.map((e) => [e.from, e.to])).toEqual([[null, 'pending_approval'], ['pending_approval', 'open']]);
    expect((await JobCode.findOne({ customerId: acme.customerId, _id: acme.jobCode._id }).lean())?.usedHeadcount).toBe(2);

    const recruiterView = await request(app).get('/api/jobs?scope=mine&status=open').set('Authorization', acme.recruiter.auth);
    expect(recruiterView.body.items.map((j: { id: string }) => j.id)).toContain(res.body.jobId);
    const late = await decide(reqId, acme.approver2.auth, { decision: 'approve' });
    expect(late.status).toBe(409);
  });
});

describe('POST /api/vacancy-approvals/:id/decision (rejection)', () => {
  it('needs a reason, returns it to the requester, who can change and resubmit', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id]);
    const created = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'QA Lead' }), submit: true });
    const id = created.body.id;

    const noReason = await decide(id, acme.approver1.auth, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('comment: is required when rejecting (tell the requester why)');

    const rejected = await decide(id, acme.approver1.auth, { decision: 'reject', comment: 'No budget until Q3' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('rejected');
    expect((await Job.findOne({ customerId: acme.customerId, _id: created.body.jobId }).lean())?.status).toBe('draft');
    const mail = await OutboxMail.findOne({ to: acme.hm.user.email, subject: 'Requisition returned: QA Lead' }).lean();
    expect(mail?.text).toContain('No budget until Q3');

    const hmView = await request(app).get(`/api/vacancy-approvals/${id}`).set('Authorization', acme.hm.auth);
    expect(hmView.body).toMatchObject({ canEdit: true, canDecide: false });
    expect(hmView.body.history.at(-1)).toMatchObject({ action: 'rejected', comment: 'No budget until Q3' });

    const resubmitted = await request(app).put(`/api/requisitions/${id}`).set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'QA Lead', headcount: 1 }), submit: true });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: 'pending_approval', round: 2, jobId: created.body.jobId });
    expect(resubmitted.body.steps[0].state).toBe('current');
    const again = await decide(id, acme.approver1.auth, { decision: 'approve' });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('approved');
  });

  it('refuses a submission when no approvers are set up', async () => {
    await request(app).put('/api/approval-chains').set('Authorization', globex.admin.auth).send({ kind: 'vacancy', approverIds: [] });
    const before = await Requisition.countDocuments({ customerId: globex.customerId });
    const eventsBefore = await StatusEvent.countDocuments({ customerId: globex.customerId });
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await request(app).post('/api/requisitions').set('Authorization', globex.hm.auth).send({ ...requisitionBody(globex), submit: true });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/No vacancy approvers are set up yet/);
    }
    // Nothing is left behind, so retries do not pile up hidden drafts.
    expect(await Requisition.countDocuments({ customerId: globex.customerId })).toBe(before);
    expect(await StatusEvent.countDocuments({ customerId: globex.customerId })).toBe(eventsBefore);

    const draft = await request(app).post('/api/requisitions').set('Authorization', globex.hm.auth).send(requisitionBody(globex, { title: 'Kept as draft' }));
    expect(draft.status).toBe(201);
    const submitEdit = await request(app).put(`/api/requisitions/${draft.body.id}`).set('Authorization', globex.hm.auth).send({ ...requisitionBody(globex, { title: 'Changed title' }), submit: true });
    expect(submitEdit.status).toBe(400);
    expect((await Requisition.findOne({ customerId: globex.customerId, _id: draft.body.id }).lean())).toMatchObject({ title: 'Kept as draft', status: 'draft' });
  });

  it('uses the business unit chain before the company default', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id]);
    await setVacancyChain(app, acme, [acme.approver2.id], String(acme.businessUnit._id));
    const res = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'SRE', jobCodeId: null }), submit: true });
    expect(res.body.steps.map((s: { approver: { id: string } }) => s.approver.id)).toEqual([acme.approver2.id]);
    await setVacancyChain(app, acme, [], String(acme.businessUnit._id));
  });
});

describe('tenant isolation of requisitions', () => {
  it('another company gets 404 for every requisition call, and nothing changes', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id]);
    const created = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Isolated', jobCodeId: null }), submit: true });
    const id = created.body.id;
    expect((await request(app).get(`/api/requisitions/${id}`).set('Authorization', globex.admin.auth)).status).toBe(404);
    expect((await request(app).get(`/api/vacancy-approvals/${id}`).set('Authorization', globex.approver1.auth)).status).toBe(404);
    expect((await decide(id, globex.admin.auth, { decision: 'approve' })).status).toBe(404);
    expect((await request(app).put(`/api/requisitions/${id}`).set('Authorization', globex.hm.auth).send(requisitionBody(globex))).status).toBe(404);
    expect((await request(app).post(`/api/requisitions/${id}/submit`).set('Authorization', globex.hm.auth)).status).toBe(404);
    const pending = await request(app).get('/api/vacancy-approvals?view=pending').set('Authorization', globex.approver1.auth);
    expect(pending.body.items).toEqual([]);
    expect((await Requisition.findOne({ customerId: acme.customerId, _id: id }).lean())?.status).toBe('pending_approval');
  });

  it('someone outside the approval sees 403, an approver of the chain sees it', async () => {
    const created = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Visible', jobCodeId: null }), submit: true });
    const outsider = await request(app).get(`/api/vacancy-approvals/${created.body.id}`).set('Authorization', acme.approver2.auth);
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe("Only the requester, the approvers, the job's hiring team and admins can see this requisition");
    const approverView = await request(app).get(`/api/vacancy-approvals/${created.body.id}`).set('Authorization', acme.approver1.auth);
    expect(approverView.status).toBe(200);
    expect(approverView.body.canDecide).toBe(true);
  });
});

describe('GET /api/vacancy-approvals/:id for the job\'s hiring team', () => {
  it('lets the recruiters and interviewers of the job read the approval history, without deciding or editing', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id]);
    const draft = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(requisitionBody(acme, { title: 'Team Visible', jobCodeId: null }));
    // A draft has no job yet: it stays with the requester.
    expect((await request(app).get(`/api/vacancy-approvals/${draft.body.id}`).set('Authorization', acme.recruiter.auth)).status).toBe(403);

    const submitted = await request(app).post(`/api/requisitions/${draft.body.id}/submit`).set('Authorization', acme.hm.auth);
    expect(submitted.status).toBe(200);
    for (const who of [acme.recruiter, acme.employee]) {
      const res = await request(app).get(`/api/vacancy-approvals/${draft.body.id}`).set('Authorization', who.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Team Visible', canDecide: false, canEdit: false });
      expect(res.body.history[0]).toMatchObject({ action: 'submitted' });
      expect((await decide(draft.body.id, who.auth, { decision: 'approve' })).status).toBe(403);
    }
    expect((await request(app).get(`/api/requisitions/${draft.body.id}`).set('Authorization', acme.employee.auth)).status).toBe(200);
    expect((await request(app).get(`/api/vacancy-approvals/${draft.body.id}`).set('Authorization', globex.recruiter.auth)).status).toBe(404);
  });
});

describe('GET /api/requisitions/options and custom fields of entity job', () => {
  it('offers the company org choices and enforces required job custom fields', async () => {
    const { CustomField } = await import('../org/custom-field.model');
    const { PickList } = await import('../org/pick-list.model');
    const list = await PickList.create({ customerId: globex.customerId, name: 'Seniority', options: ['Junior', 'Senior'] });
    await CustomField.create({ customerId: globex.customerId, entity: 'job', key: 'seniority', label: 'Seniority', type: 'dropdown', listId: list._id, required: true });
    const options = await request(app).get('/api/requisitions/options').set('Authorization', globex.hm.auth);
    expect(options.status).toBe(200);
    expect(options.body.departments).toEqual([{ id: String(globex.department._id), name: 'Engineering' }]);
    expect(options.body.customFields).toEqual([{ key: 'seniority', label: 'Seniority', type: 'dropdown', required: true, options: ['Junior', 'Senior'] }]);

    const missing = await request(app).post('/api/requisitions').set('Authorization', globex.hm.auth).send(requisitionBody(globex));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('customFields.seniority: Seniority is required');
    const wrong = await request(app).post('/api/requisitions').set('Authorization', globex.hm.auth).send(requisitionBody(globex, { customFields: { seniority: 'Wizard' } }));
    expect(wrong.body.message).toBe('customFields.seniority: Seniority must be one of Junior, Senior');
    const ok = await request(app).post('/api/requisitions').set('Authorization', globex.hm.auth).send(requisitionBody(globex, { customFields: { seniority: 'Senior' } }));
    expect(ok.status).toBe(201);
    expect(ok.body.customFields).toEqual({ seniority: 'Senior' });
  });
});

describe('POST /api/requisitions/:id/withdraw', () => {
  it('lets only the requester take a pending requisition back to draft; the approver task goes away', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id]);
    const created = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Withdrawn Role', jobCodeId: null }), submit: true });
    const id = created.body.id;
    expect(created.body).toMatchObject({ status: 'pending_approval', canWithdraw: true, canReassign: false });
    const withdraw = (auth: string, body: object = {}) => request(app).post(`/api/requisitions/${id}/withdraw`).set('Authorization', auth).send(body);

    for (const who of [acme.approver1, acme.admin]) {
      const res = await withdraw(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the person who asked for this requisition can withdraw it');
    }
    expect((await withdraw(globex.hm.auth)).status).toBe(404);
    expect((await Requisition.findOne({ customerId: acme.customerId, _id: id }).lean())?.status).toBe('pending_approval');

    const res = await withdraw(acme.hm.auth, { comment: 'Wrong location' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'draft', canEdit: true, canWithdraw: false });
    expect(res.body.history.at(-1)).toMatchObject({ action: 'withdrawn', by: { id: acme.hm.id }, comment: `Taken back while step 1 (${acme.approver1.user.firstName} ${acme.approver1.user.lastName}) was deciding: Wrong location` });
    expect((await Job.findOne({ customerId: acme.customerId, _id: created.body.jobId }).lean())?.status).toBe('draft');
    const events = await StatusEvent.find({ customerId: acme.customerId, entity: 'requisition', entityId: id }).sort({ at: 1 }).lean();
    expect(events.at(-1)).toMatchObject({ from: 'pending_approval', to: 'draft', comment: 'Wrong location' });
    const pending = await request(app).get('/api/vacancy-approvals?view=pending').set('Authorization', acme.approver1.auth);
    expect(pending.body.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await decide(id, acme.approver1.auth, { decision: 'approve' })).status).toBe(409);

    const again = await withdraw(acme.hm.auth);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This requisition is draft; only a requisition waiting for approval can be withdrawn');

    const resubmitted = await request(app).post(`/api/requisitions/${id}/submit`).set('Authorization', acme.hm.auth);
    expect(resubmitted.body).toMatchObject({ status: 'pending_approval', round: 2 });
    expect((await decide(id, acme.approver1.auth, { decision: 'approve' })).body.status).toBe('approved');
  });
});

describe('POST /api/vacancy-approvals/:id/reassign', () => {
  it('lets a company admin hand the current step of a stuck requisition to another active user', async () => {
    await setVacancyChain(app, acme, [acme.approver1.id, acme.approver2.id]);
    const created = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Stuck Role', jobCodeId: null }), submit: true });
    const id = created.body.id;
    await User.updateOne({ customerId: acme.customerId, _id: acme.approver1.user._id }, { $set: { status: 'inactive' } });
    try {
      const reassign = (auth: string, body: object) => request(app).post(`/api/vacancy-approvals/${id}/reassign`).set('Authorization', auth).send(body);
      for (const who of [acme.recruiter, acme.hm, acme.approver2]) {
        const res = await reassign(who.auth, { approverId: acme.recruiter.id });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Only a company admin can reassign an approval step');
      }
      expect((await reassign(globex.admin.auth, { approverId: globex.recruiter.id })).status).toBe(404);
      expect((await reassign(acme.admin.auth, { approverId: 'nope' })).status).toBe(400);
      const refused: [string, string][] = [
        [globex.recruiter.id, 'approverId: not an active user of your company'],
        [acme.approver1.id, 'approverId: not an active user of your company'],
        [acme.approver2.id, `approverId: ${acme.approver2.user.firstName} ${acme.approver2.user.lastName} already has a step in this approval chain; pick someone else`],
        [acme.hm.id, `approverId: ${acme.hm.user.firstName} ${acme.hm.user.lastName} asked for this requisition, and nobody approves their own request`],
      ];
      for (const [approverId, message] of refused) {
        const res = await reassign(acme.admin.auth, { approverId });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      expect((await Requisition.findOne({ customerId: acme.customerId, _id: id }).lean())?.currentApproverId?.equals(acme.approver1.user._id)).toBe(true);

      const res = await reassign(acme.admin.auth, { approverId: acme.recruiter.id, comment: 'Ann left the company' });
      expect(res.status).toBe(200);
      expect(res.body.steps.map((s: { approver: { id: string }; state: string }) => [s.approver.id, s.state])).toEqual([[acme.recruiter.id, 'current'], [acme.approver2.id, 'waiting']]);
      const from = `${acme.approver1.user.firstName} ${acme.approver1.user.lastName}`;
      const to = `${acme.recruiter.user.firstName} ${acme.recruiter.user.lastName}`;
      expect(res.body.history.at(-1)).toMatchObject({ action: 'reassigned', by: { id: acme.admin.id }, comment: `Step 1 moved from ${from} to ${to}: Ann left the company` });
      const mail = await OutboxMail.findOne({ to: acme.recruiter.user.email, subject: 'Approval needed: Stuck Role' }).lean();
      expect(mail?.text).toContain(`/vacancy-approval/${id}`);
      const pending = await request(app).get('/api/vacancy-approvals?view=pending').set('Authorization', acme.recruiter.auth);
      expect(pending.body.items.map((i: { id: string }) => i.id)).toContain(id);

      const decided = await decide(id, acme.recruiter.auth, { decision: 'approve' });
      expect(decided.status).toBe(200);
      expect(decided.body.steps.map((s: { state: string }) => s.state)).toEqual(['approved', 'current']);
      expect((await decide(id, acme.approver2.auth, { decision: 'approve' })).body.status).toBe('approved');
      const late = await reassign(acme.admin.auth, { approverId: acme.employee.id });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This requisition is approved; only a requisition waiting for approval can be reassigned');
    } finally {
      await User.updateOne({ customerId: acme.customerId, _id: acme.approver1.user._id }, { $set: { status: 'active' } });
    }
  });
});

describe('nobody approves their own requisition', () => {
  it("skips the requester's step of the chain and says so in the history", async () => {
    await setVacancyChain(app, acme, [acme.hm.id, acme.approver1.id]);
    const res = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Own Chain', jobCodeId: null }), submit: true });
    expect(res.status).toBe(201);
    expect(res.body.steps.map((s: { approver: { id: string }; state: string }) => [s.approver.id, s.state])).toEqual([[acme.approver1.id, 'current']]);
    expect(res.body.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'skipped']);
    expect(res.body.history[1]).toMatchObject({ by: { id: acme.hm.id }, comment: 'Step 1 skipped: the requester does not approve their own request' });
    expect((await decide(res.body.id, acme.hm.auth, { decision: 'approve' })).status).toBe(403);
    expect((await decide(res.body.id, acme.approver1.auth, { decision: 'approve' })).body.status).toBe('approved');
  });

  it('refuses a submission when the requester is the only approver, and leaves nothing behind', async () => {
    await setVacancyChain(app, acme, [acme.hm.id]);
    const before = await Requisition.countDocuments({ customerId: acme.customerId });
    const res = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title: 'Only Me', jobCodeId: null }), submit: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You are the only vacancy approver for this requisition, and nobody approves their own request. Ask an admin to add another approver under Company settings > Approvers.');
    expect(await Requisition.countDocuments({ customerId: acme.customerId })).toBe(before);
    await setVacancyChain(app, acme, [acme.approver1.id]);
  });
});
