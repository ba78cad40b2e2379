import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import type { TOffer } from '@hireflow/contracts/offers';
import { OutboxMail } from '../mail/outbox.model';
import { Offer } from './offer.model';
import { buildOfferCompany, offerBody, setOfferChain, type OfferCompany } from './offers.test-support';
import { readableDate } from './offer-dates';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => ctx.stop());

const api = () => request(ctx.app);
const mailsTo = (email: string, kind: string) => OutboxMail.find({ to: email, kind }).sort({ sentAt: 1 }).lean();
const decide = (offerId: string, auth: string, decision: 'approve' | 'reject', comment = '') => api().post(`/api/approvals/offer/${offerId}/decision`).set('Authorization', auth).send({ decision, comment });
const read = async (oc: OfferCompany, offerId: string) => (await api().get(`/api/offers/${offerId}`).set('Authorization', oc.co.recruiter.auth).expect(200)).body as TOffer;

async function submitted(oc: OfferCompany, applicationId = oc.applicationIds[0]!, body = offerBody({ submit: true })) {
  const res = await api().post(`/api/applications/${applicationId}/offers`).set('Authorization', oc.co.recruiter.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TOffer;
}

describe('the offer approval chain', () => {
  let oc: OfferCompany;
  beforeAll(async () => {
    oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 4, inOffer: 4 });
  });

  it('asks approver1 then approver2, only the current approver decides, and the last approval approves the offer', async () => {
    const body = offerBody({ submit: true });
    const offer = await submitted(oc, oc.applicationIds[0]!, body);
    expect(offer.status).toBe('pending_approval');
    expect(offer.approval.steps.map((s) => [s.approver.id, s.state])).toEqual([
      [oc.co.approver1.id, 'current'],
      [oc.co.approver2.id, 'waiting'],
    ]);
    expect(offer.events.map((e) => e.kind)).toEqual(['created', 'submitted']);

    const request1 = await mailsTo(oc.co.approver1.user.email, 'offer-approval-request');
    expect(request1).toHaveLength(1);
    expect(request1[0]!.subject).toBe('Offer to approve: Applicant0 Tester, Backend Engineer');
    expect(request1[0]!.text).toContain(`EUR 85,000.50 a year, starts ${readableDate(body.startDate)}`);
    expect(request1[0]!.text).toContain(`/offer-approval/${offer.id}`);
    const waiting = await api().get('/api/approvals?kind=offer&view=pending').set('Authorization', oc.co.approver1.auth).expect(200);
    expect(waiting.body.items.map((i: { title: string; detail: string }) => [i.title, i.detail])).toEqual([['Offer: Applicant0 Tester, Backend Engineer', `EUR 85,000.50 a year, starts ${readableDate(body.startDate)}`]]);

    const early = await decide(offer.id, oc.co.approver2.auth, 'approve');
    expect(early.status).toBe(403);
    expect((await decide(offer.id, oc.co.recruiter.auth, 'approve')).status).toBe(403);
    await decide(offer.id, oc.co.approver1.auth, 'approve').expect(204);
    expect((await read(oc, offer.id)).status).toBe('pending_approval');
    expect(await mailsTo(oc.co.approver2.user.email, 'offer-approval-request')).toHaveLength(1);
    expect((await decide(offer.id, oc.co.approver1.auth, 'approve')).status).toBe(409);

    await decide(offer.id, oc.co.approver2.auth, 'approve').expect(204);
    const approved = await read(oc, offer.id);
    expect(approved.status).toBe('approved');
    expect(approved.approval.status).toBe('approved');
    expect(approved.events.map((e) => e.kind)).toEqual(['created', 'submitted', 'approved']);
    expect(approved.events[2]!.by?.id).toBe(oc.co.approver2.id);
    expect(approved.can).toMatchObject({ edit: true, send: true, submit: false, revoke: true });
    const stored = await Offer.findOne({ customerId: oc.co.customerId, _id: offer.id }).lean();
    expect(stored!.approvedCompensation).toMatchObject({ currency: 'EUR', baseMinor: 8_500_050, bonusMinor: 850_000 });
    const done = await mailsTo(oc.co.recruiter.user.email, 'offer-approved');
    expect(done).toHaveLength(1);
    expect(done[0]!.text).toContain('It can be sent to the candidate now');
  });

  it('keeps an approved offer approved for a change that leaves the pay alone, and sends a pay change through the chain again', async () => {
    const offer = await submitted(oc, oc.applicationIds[1]!);
    await decide(offer.id, oc.co.approver1.auth, 'approve').expect(204);
    await decide(offer.id, oc.co.approver2.auth, 'approve').expect(204);
    const base = offerBody();
    const put = (body: object) => api().put(`/api/offers/${offer.id}`).set('Authorization', oc.co.recruiter.auth).send(body);

    const retitled = await put({ ...base, jobTitle: 'Senior Backend Engineer', note: 'Title agreed with the team', startDate: offer.startDate, expiryDate: offer.expiryDate });
    expect(retitled.status).toBe(200);
    expect(retitled.body.status).toBe('approved');
    expect(retitled.body.jobTitle).toBe('Senior Backend Engineer');
    const changed = retitled.body.events.at(-1);
    expect(changed).toMatchObject({ kind: 'changed', note: 'Changed: job title, note' });
    const requestsBefore = (await mailsTo(oc.co.approver1.user.email, 'offer-approval-request')).length;

    const raised = await put({ ...base, jobTitle: 'Senior Backend Engineer', note: 'Title agreed with the team', startDate: offer.startDate, expiryDate: offer.expiryDate, compensation: { ...base.compensation, baseAmount: '90000' } });
    expect(raised.status).toBe(200);
    expect(raised.body.status).toBe('pending_approval');
    expect(raised.body.compensation.baseAmount).toBe('90000.00');
    expect(raised.body.approval).toMatchObject({ status: 'pending', round: 2 });
    expect(raised.body.approval.steps[0].state).toBe('current');
    expect(raised.body.events.map((e: { kind: string }) => e.kind).slice(-3)).toEqual(['changed', 'reapproval_required', 'submitted']);
    expect(await mailsTo(oc.co.approver1.user.email, 'offer-approval-request')).toHaveLength(requestsBefore + 1);
    // Waiting for approval, it cannot be changed; once approved again the new pay is what was approved.
    expect((await put(base)).status).toBe(409);
    await decide(offer.id, oc.co.approver1.auth, 'approve').expect(204);
    await decide(offer.id, oc.co.approver2.auth, 'approve').expect(204);
    const again = await Offer.findOne({ customerId: oc.co.customerId, _id: offer.id }).lean();
    expect(again!.status).toBe('approved');
    expect(again!.approvedCompensation!.baseMinor).toBe(9_000_000);
  });

  it('returns a rejected offer to a draft with the reason, to be changed and submitted again', async () => {
    const offer = await submitted(oc, oc.applicationIds[2]!);
    const noReason = await decide(offer.id, oc.co.approver1.auth, 'reject');
    expect(noReason.status).toBe(400);
    await decide(offer.id, oc.co.approver1.auth, 'reject', 'Above the band').expect(204);
    const rejected = await read(oc, offer.id);
    expect(rejected.status).toBe('draft');
    expect(rejected.events.at(-1)).toMatchObject({ kind: 'approval_rejected', note: 'Above the band', by: { id: oc.co.approver1.id } });
    expect(rejected.approval.status).toBe('rejected');
    expect(rejected.can).toMatchObject({ edit: true, submit: true });
    const mail = await mailsTo(oc.co.recruiter.user.email, 'offer-rejected');
    expect(mail.at(-1)!.text).toContain('Their reason: Above the band');

    const lower = offerBody({ compensation: { currency: 'EUR', baseAmount: '80000', period: 'year', bonusAmount: null, equity: '', otherTerms: '' } });
    await api().put(`/api/offers/${offer.id}`).set('Authorization', oc.co.recruiter.auth).send(lower).expect(200);
    const resubmitted = await api().post(`/api/offers/${offer.id}/submit`).set('Authorization', oc.co.recruiter.auth).expect(200);
    expect(resubmitted.body.status).toBe('pending_approval');
    expect(resubmitted.body.approval).toMatchObject({ status: 'pending', round: 2 });
    expect(resubmitted.body.approval.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'rejected', 'submitted']);
    expect((await api().post(`/api/offers/${offer.id}/submit`).set('Authorization', oc.co.recruiter.auth)).status).toBe(409);
  });

  it('returns a withdrawn offer to a draft', async () => {
    const offer = await submitted(oc, oc.applicationIds[3]!);
    await api().post(`/api/approvals/offer/${offer.id}/withdraw`).set('Authorization', oc.co.recruiter.auth).send({ comment: 'Wrong start date' }).expect(204);
    const back = await read(oc, offer.id);
    expect(back.status).toBe('draft');
    expect(back.events.at(-1)).toMatchObject({ kind: 'approval_withdrawn', note: 'Wrong start date' });
    const list = await api().get('/api/approvals?kind=offer&view=pending').set('Authorization', oc.co.approver1.auth).expect(200);
    expect(list.body.items.map((i: { subjectId: string }) => i.subjectId)).not.toContain(offer.id);
  });
});

describe('submitting without a usable chain', () => {
  it('refuses create-and-submit without leaving a draft, and refuses a chain of only the requester', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    await setOfferChain(ctx.app, oc, []);
    const none = await api().post(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', oc.co.recruiter.auth).send(offerBody({ submit: true }));
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/No offer approvers are set up yet/);
    await setOfferChain(ctx.app, oc, [oc.co.recruiter.id]);
    const self = await api().post(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', oc.co.recruiter.auth).send(offerBody({ submit: true }));
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/nobody approves their own request/);
    expect(await Offer.countDocuments({ customerId: oc.co.customerId })).toBe(0);

    // The recruiter's own step is skipped: the hiring manager alone approves.
    await setOfferChain(ctx.app, oc, [oc.co.recruiter.id, oc.co.hm.id]);
    const offer = await submitted(oc);
    expect(offer.approval.steps.map((s) => s.approver.id)).toEqual([oc.co.hm.id]);
    expect(offer.approval.history.map((h) => h.action)).toEqual(['submitted', 'skipped']);
  });
});
