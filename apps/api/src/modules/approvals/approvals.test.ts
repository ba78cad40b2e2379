import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import type { Express } from 'express';
import { startTestApp } from '../../test/test-app';
import { OutboxMail } from '../mail/outbox.model';
import { JobCode } from '../org/job-code.model';
import { Job } from '../jobs/job.model';
import { Requisition } from '../jobs/requisition.model';
import { StatusEvent } from '../jobs/status-event.model';
import { buildJobsCompany, requisitionBody, setVacancyChain, type JobsCompany } from '../jobs/jobs.test-support';
import { Approval } from './approval.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  globex = await buildJobsCompany(ctx.config);
  await setVacancyChain(app, acme, [acme.approver1.id, acme.approver2.id]);
  await setVacancyChain(app, globex, [globex.approver1.id]);
});
afterAll(() => ctx.stop());

type Item = { id: string; subjectId: string; kind: string; title: string; detail: string; link: string; status: string; myDecision: string | null; currentApprover: { id: string } | null };
const list = (auth: string, query: string) => request(app).get(`/api/approvals?${query}`).set('Authorization', auth);
const subjects = (res: { body: { items: Item[] } }) => res.body.items.map((i) => i.subjectId);
const act = (auth: string, path: string, body: object = {}) => request(app).post(`/api/approvals/${path}`).set('Authorization', auth).send(body);
const requisition = (id: string, auth = acme.admin.auth) => request(app).get(`/api/vacancy-approvals/${id}`).set('Authorization', auth);
const name = (who: { user: { firstName: string; lastName: string } }) => `${who.user.firstName} ${who.user.lastName}`;

async function submitted(title: string, co = acme) {
  const res = await request(app).post('/api/requisitions').set('Authorization', co.hm.auth).send({ ...requisitionBody(co, { title }), submit: true });
  if (res.status !== 201) throw new Error(`requisition: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, jobId: res.body.jobId as string };
}

describe('GET /api/approvals', () => {
  it('lists what waits for me, what I decided and what I asked for, of one kind or all', async () => {
    const first = await submitted('Platform Engineer');
    const second = await submitted('Data Analyst');

    const waiting = await list(acme.approver1.auth, 'view=pending');
    expect(waiting.status).toBe(200);
    expect(subjects(waiting)).toEqual([second.id, first.id]);
    expect(waiting.body.items[1]).toMatchObject({
      kind: 'vacancy', title: 'Platform Engineer', detail: '1 position, Engineering, Berlin', link: `/vacancy-approval/${first.id}`,
      status: 'pending', requester: { id: acme.hm.id }, currentApprover: { id: acme.approver1.id }, myDecision: null,
    });
    expect(subjects(await list(acme.approver2.auth, 'view=pending'))).toEqual([]);

    expect((await act(acme.approver1.auth, `vacancy/${first.id}/decision`, { decision: 'approve', comment: 'Go' })).status).toBe(204);
    expect(subjects(await list(acme.approver1.auth, 'view=pending&kind=vacancy'))).toEqual([second.id]);
    const decided = await list(acme.approver1.auth, 'view=decided');
    expect(decided.body.items).toEqual([expect.objectContaining({ subjectId: first.id, myDecision: 'approved', status: 'pending', currentApprover: expect.objectContaining({ id: acme.approver2.id }) })]);
    expect(subjects(await list(acme.approver2.auth, 'view=pending'))).toEqual([first.id]);

    const mine = await list(acme.hm.auth, 'view=requested&kind=vacancy');
    expect(subjects(mine).sort()).toEqual([first.id, second.id].sort());
    expect((await list(acme.hm.auth, 'view=requested&kind=offer')).body).toMatchObject({ items: [], total: 0 });
    // pending is the view when none is named
    expect(subjects(await list(acme.approver1.auth, ''))).toEqual([second.id]);
  });

  it('pages by 25, newest submission first', async () => {
    const me = acme.employee.user._id;
    const t0 = Date.now() - 100 * 60_000;
    await Approval.insertMany(
      Array.from({ length: 26 }, (_, i) => ({
        customerId: acme.customerId, kind: 'vacancy', subjectId: new Types.ObjectId(), requesterId: acme.hm.user._id, title: `Role ${i + 1}`,
        status: 'pending', round: 1, approverIds: [me], currentApproverId: me, submittedAt: new Date(t0 + i * 60_000),
      })),
    );
    const one = await list(acme.employee.auth, 'view=pending');
    expect(one.body).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(one.body.items).toHaveLength(25);
    expect(one.body.items[0].title).toBe('Role 26');
    const two = await list(acme.employee.auth, 'view=pending&page=2');
    expect(two.body.items.map((i: Item) => i.title)).toEqual(['Role 1']);
    await Approval.deleteMany({ customerId: acme.customerId, currentApproverId: me });
  });

  it("shows a user only their own company's approvals, and another company's cannot be acted on (404)", async () => {
    const theirs = await submitted('Acme Secret Role');
    for (const who of [globex.admin, globex.approver1, globex.hm]) {
      for (const view of ['pending', 'decided', 'requested']) {
        expect(subjects(await list(who.auth, `view=${view}`))).not.toContain(theirs.id);
      }
    }
    expect((await list(globex.admin.auth, 'view=requested')).body.total).toBe(0);
    const refused = [
      await act(globex.admin.auth, `vacancy/${theirs.id}/decision`, { decision: 'approve' }),
      await act(globex.hm.auth, `vacancy/${theirs.id}/withdraw`),
      await act(globex.admin.auth, `vacancy/${theirs.id}/reassign`, { approverId: globex.recruiter.id }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(await Approval.findOne({ customerId: acme.customerId, subjectId: theirs.id }).lean()).toMatchObject({ status: 'pending', decisions: [], currentApproverId: acme.approver1.user._id });
  });

  it('explains bad input field by field, and refuses an unknown kind', async () => {
    const { id } = await submitted('Validation Role');
    const cases: [Promise<request.Response>, string][] = [
      [list(acme.admin.auth, 'view=everything'), 'view: must be one of pending, decided, requested'],
      [list(acme.admin.auth, 'kind=pets'), 'kind: must be one of vacancy, offer, agency'],
      [act(acme.approver1.auth, `pets/${id}/decision`, { decision: 'approve' }), 'kind: must be one of vacancy, offer, agency'],
      [act(acme.approver1.auth, 'vacancy/nope/decision', { decision: 'approve' }), 'subjectId: must be a valid id'],
      [act(acme.approver1.auth, `vacancy/${id}/decision`, { decision: 'maybe' }), 'decision: must be approve or reject'],
      [act(acme.approver1.auth, `vacancy/${id}/decision`, { decision: 'reject' }), 'comment: is required when rejecting (tell the requester why)'],
      [act(acme.admin.auth, `vacancy/${id}/reassign`, { approverId: 'nope' }), 'approverId: must be a valid id'],
      [act(acme.hm.auth, `vacancy/${id}/withdraw`, { comment: 'x'.repeat(1001) }), 'comment: is too long'],
    ];
    for (const [res, message] of cases) {
      const r = await res;
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await list(acme.admin.auth, 'page=0')).status).toBe(400);
    expect((await requisition(id)).body.status).toBe('pending_approval');
  });
});

describe('the generic approval routes on a requisition', () => {
  it('decide as the vacancy endpoint does: only the current approver, the last approval opens the job', async () => {
    const { id, jobId } = await submitted('Generic Approve');
    for (const who of [acme.approver2, acme.hm, acme.admin]) {
      const res = await act(who.auth, `vacancy/${id}/decision`, { decision: 'approve' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the current approver can decide on this requisition');
    }
    expect((await act(acme.approver1.auth, `vacancy/${id}/decision`, { decision: 'approve' })).status).toBe(204);
    const twice = await act(acme.approver1.auth, `vacancy/${id}/decision`, { decision: 'approve' });
    expect([twice.status, twice.body.message]).toEqual([409, 'You have already decided on this requisition']);
    const before = (await JobCode.findOne({ customerId: acme.customerId, _id: acme.jobCode._id }).lean())!.usedHeadcount;
    expect((await act(acme.approver2.auth, `vacancy/${id}/decision`, { decision: 'approve' })).status).toBe(204);

    const res = await requisition(id);
    expect(res.body).toMatchObject({ status: 'approved', round: 1, canDecide: false, canWithdraw: false });
    expect(res.body.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'approved', 'approved', 'opened']);
    const job = await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean();
    expect(job).toMatchObject({ status: 'open' });
    expect(job?.openedAt).toBeInstanceOf(Date);
    expect((await JobCode.findOne({ customerId: acme.customerId, _id: acme.jobCode._id }).lean())!.usedHeadcount).toBe(before + 1);
    const mail = await OutboxMail.findOne({ to: acme.hm.user.email, subject: 'Requisition approved: Generic Approve' }).lean();
    expect(mail?.text).toContain(`/job/${jobId}`);
    const late = await act(acme.hm.auth, `vacancy/${id}/decision`, { decision: 'approve' });
    expect([late.status, late.body.message]).toEqual([409, 'This requisition is not waiting for approval (it is approved)']);
  });

  it('reject returns it to the requester with the reason; the job goes back to draft', async () => {
    const { id, jobId } = await submitted('Generic Reject');
    expect((await act(acme.approver1.auth, `vacancy/${id}/decision`, { decision: 'reject', comment: 'Not now' })).status).toBe(204);
    const res = await requisition(id, acme.hm.auth);
    expect(res.body).toMatchObject({ status: 'rejected', canEdit: true });
    expect(res.body.history.at(-1)).toMatchObject({ action: 'rejected', comment: 'Not now' });
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.status).toBe('draft');
    const mail = await OutboxMail.findOne({ to: acme.hm.user.email, subject: 'Requisition returned: Generic Reject' }).lean();
    expect(mail?.text).toContain('Not now');
  });

  it('withdraw is for the requester only and takes requisition and job back to draft', async () => {
    const { id, jobId } = await submitted('Generic Withdraw');
    for (const who of [acme.approver1, acme.admin]) {
      const res = await act(who.auth, `vacancy/${id}/withdraw`);
      expect([res.status, res.body.message]).toEqual([403, 'Only the person who asked for this requisition can withdraw it']);
    }
    expect((await act(acme.hm.auth, `vacancy/${id}/withdraw`, { comment: 'Wrong location' })).status).toBe(204);
    const res = await requisition(id, acme.hm.auth);
    expect(res.body).toMatchObject({ status: 'draft', canEdit: true, canWithdraw: false });
    expect(res.body.history.at(-1)).toMatchObject({ action: 'withdrawn', comment: `Taken back while step 1 (${name(acme.approver1)}) was deciding: Wrong location` });
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.status).toBe('draft');
    const events = await StatusEvent.find({ customerId: acme.customerId, entity: 'requisition', entityId: id }).sort({ at: 1 }).lean();
    expect(events.at(-1)).toMatchObject({ from: 'pending_approval', to: 'draft', comment: 'Wrong location' });
    expect((await Requisition.findOne({ customerId: acme.customerId, _id: id }).lean())?.currentApproverId).toBeNull();
    const again = await act(acme.hm.auth, `vacancy/${id}/withdraw`);
    expect([again.status, again.body.message]).toEqual([409, 'This requisition is draft; only a requisition waiting for approval can be withdrawn']);
  });

  it('reassign is for admins: the new approver is asked by mail and decides', async () => {
    const { id } = await submitted('Generic Reassign');
    const denied = await act(acme.approver1.auth, `vacancy/${id}/reassign`, { approverId: acme.recruiter.id });
    expect([denied.status, denied.body.message]).toEqual([403, 'Only a company admin can reassign an approval step']);
    const own = await act(acme.admin.auth, `vacancy/${id}/reassign`, { approverId: acme.hm.id });
    expect([own.status, own.body.message]).toEqual([400, `approverId: ${name(acme.hm)} asked for this requisition, and nobody approves their own request`]);
    expect((await act(acme.admin.auth, `vacancy/${id}/reassign`, { approverId: acme.recruiter.id, comment: 'On leave' })).status).toBe(204);

    const res = await requisition(id);
    expect(res.body.steps.map((s: { approver: { id: string }; state: string }) => [s.approver.id, s.state])).toEqual([[acme.recruiter.id, 'current'], [acme.approver2.id, 'waiting']]);
    expect(res.body.history.at(-1)).toMatchObject({ action: 'reassigned', comment: `Step 1 moved from ${name(acme.approver1)} to ${name(acme.recruiter)}: On leave` });
    expect((await Requisition.findOne({ customerId: acme.customerId, _id: id }).lean())?.currentApproverId?.equals(acme.recruiter.user._id)).toBe(true);
    const mail = await OutboxMail.findOne({ to: acme.recruiter.user.email, subject: 'Approval needed: Generic Reassign' }).lean();
    expect(mail?.text).toContain(`/vacancy-approval/${id}`);
    expect((await act(acme.recruiter.auth, `vacancy/${id}/decision`, { decision: 'approve' })).status).toBe(204);
    // The requisition's copy of the current approver follows the chain.
    expect((await Requisition.findOne({ customerId: acme.customerId, _id: id }).lean())?.currentApproverId?.equals(acme.approver2.user._id)).toBe(true);
  });
});
