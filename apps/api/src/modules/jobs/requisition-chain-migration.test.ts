import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import { startTestApp } from '../../test/test-app';
import { Approval } from '../approvals/approval.model';
import { Job } from './job.model';
import { Requisition } from './requisition.model';
import { StatusEvent } from './status-event.model';
import { createJobRecord, positionFromInput } from './job-factory';
import { withTransaction } from './with-transaction';
import { moveRequisitionChainsToApprovals } from './requisition-chain-migration';
import { buildJobsCompany, requisitionBody, type JobsCompany } from './jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let acme: JobsCompany;
beforeAll(async () => {
  ctx = await startTestApp();
  acme = await buildJobsCompany(ctx.config);
});
afterAll(() => ctx.stop());

const Hour = 3_600_000;
const oid = (id: string) => new Types.ObjectId(id);
const raw = () => mongoose.connection.collection('requisitions');
const view = (id: string, auth: string) => request(ctx.app).get(`/api/vacancy-approvals/${id}`).set('Authorization', auth);

/** A draft made through the API, then written as requisitions were stored before the approvals module. */
async function legacyRequisition(title: string, status: string, chain: Record<string, unknown>, submissions: Date[], withJob: boolean) {
  const body = requisitionBody(acme, { title, jobCodeId: null });
  const created = await request(ctx.app).post('/api/requisitions').set('Authorization', acme.hm.auth).send(body);
  const id = oid(created.body.id);
  let jobId: Types.ObjectId | null = null;
  if (withJob) {
    const job = await withTransaction((session) => createJobRecord({ customerId: acme.customerId, actorId: acme.hm.user._id, position: positionFromInput(body as never), status: 'pending_approval', requisitionId: id, session }));
    jobId = job._id;
  }
  for (const at of submissions) {
    await StatusEvent.create({ customerId: acme.customerId, entity: 'requisition', entityId: id, jobId, from: 'draft', to: 'pending_approval', at, by: acme.hm.user._id });
  }
  await raw().updateOne({ _id: id }, { $set: { status, jobId, ...chain } });
  return String(id);
}

describe('moving requisition chains into the approvals module (once per database)', () => {
  it('gives each submitted requisition its Approval with every round, removes the embedded chain, and the chain goes on', async () => {
    const t0 = new Date(Date.now() - 48 * Hour);
    const at = (h: number) => new Date(t0.getTime() + h * Hour);
    const [a1, a2, hm] = [acme.approver1.user._id, acme.approver2.user._id, acme.hm.user._id];

    const pendingId = await legacyRequisition('Legacy Pending', 'pending_approval', {
      round: 1, approverIds: [a1, a2], currentStep: 1, currentApproverId: a2, deciderIds: [a1], submittedAt: at(1),
      decisions: [{ round: 1, step: 0, approverId: a1, decision: 'approved', comment: 'Fine by me', at: at(2) }], chainEvents: [],
    }, [at(1)], true);
    const withdrawnId = await legacyRequisition('Legacy Withdrawn', 'draft', {
      round: 2, approverIds: [a1], currentStep: 0, currentApproverId: null, deciderIds: [a1], submittedAt: at(5),
      decisions: [{ round: 1, step: 0, approverId: a1, decision: 'rejected', comment: 'Too senior', at: at(4) }],
      chainEvents: [{ round: 2, step: 0, action: 'withdrawn', by: hm, fromApproverId: a1, toApproverId: null, comment: 'Wrong team', at: at(6) }],
    }, [at(3), at(5)], false);
    const draftId = await legacyRequisition('Legacy Draft', 'draft', { round: 0, approverIds: [], currentStep: 0, currentApproverId: null, deciderIds: [], submittedAt: null, decisions: [], chainEvents: [] }, [], false);

    expect(await moveRequisitionChainsToApprovals()).toEqual({ moved: 2 });

    for (const id of [pendingId, withdrawnId, draftId]) {
      const stored = await raw().findOne({ _id: oid(id) });
      expect(Object.keys(stored!).filter((k) => ['round', 'approverIds', 'currentStep', 'deciderIds', 'submittedAt', 'decisions', 'chainEvents'].includes(k))).toEqual([]);
    }
    expect(await Approval.countDocuments({ customerId: acme.customerId, subjectId: oid(draftId) })).toBe(0);
    const withdrawn = await Approval.findOne({ customerId: acme.customerId, kind: 'vacancy', subjectId: oid(withdrawnId) }).lean();
    expect(withdrawn).toMatchObject({ status: 'withdrawn', round: 2, title: 'Legacy Withdrawn', detail: '1 position, Engineering, Berlin', currentApproverId: null });
    expect(withdrawn!.events.map((e) => [e.round, e.action])).toEqual([[1, 'submitted'], [2, 'submitted'], [2, 'withdrawn']]);

    // The requester sees the same history as before; a withdrawn one can be submitted again (round 3).
    const history = await view(withdrawnId, acme.hm.auth);
    expect(history.body.history.map((h: { round: number; action: string; comment: string }) => [h.round, h.action, h.comment])).toEqual([
      [1, 'submitted', ''],
      [1, 'rejected', 'Too senior'],
      [2, 'submitted', ''],
      [2, 'withdrawn', `Taken back while step 1 (${acme.approver1.user.firstName} ${acme.approver1.user.lastName}) was deciding: Wrong team`],
    ]);

    // The pending one waits for its second approver, who can finish it: the job opens.
    const pending = await request(ctx.app).get('/api/vacancy-approvals?view=pending').set('Authorization', acme.approver2.auth);
    expect(pending.body.items.map((i: { id: string }) => i.id)).toEqual([pendingId]);
    const before = await view(pendingId, acme.approver2.auth);
    expect(before.body).toMatchObject({ status: 'pending_approval', round: 1, canDecide: true });
    expect(before.body.steps.map((s: { state: string }) => s.state)).toEqual(['approved', 'current']);
    const decided = await request(ctx.app).post(`/api/vacancy-approvals/${pendingId}/decision`).set('Authorization', acme.approver2.auth).send({ decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(decided.body.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'approved', 'approved', 'opened']);
    expect((await Job.findOne({ customerId: acme.customerId, requisitionId: oid(pendingId) }).lean())?.status).toBe('open');

    // Once only: a second start changes nothing.
    await raw().updateOne({ _id: oid(draftId) }, { $set: { round: 1 } });
    expect(await moveRequisitionChainsToApprovals()).toEqual({ moved: 0 });
    expect((await Requisition.collection.findOne({ _id: oid(draftId) }))?.round).toBe(1);
  });
});
