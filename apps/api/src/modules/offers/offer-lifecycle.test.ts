import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { OutboxMail } from '../mail/outbox.model';
import { Application } from '../candidates/applications/application.model';
import { Approval } from '../approvals/approval.model';
import { Offer } from './offer.model';
import { addOffer, buildOfferCompany, offerBody, type OfferCompany } from './offers.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => ctx.stop());

const api = () => request(ctx.app);
const revoke = (oc: OfferCompany, id: string, reason: unknown, auth = oc.co.recruiter.auth) => api().post(`/api/offers/${id}/revoke`).set('Authorization', auth).send({ reason });
const outcome = (oc: OfferCompany, id: string, body: object) => api().post(`/api/offers/${id}/outcome`).set('Authorization', oc.co.recruiter.auth).send(body);
const candidateEmailOf = async (oc: OfferCompany, applicationId: string) => (await Application.findOne({ customerId: oc.co.customerId, _id: applicationId }).lean())!.candidateEmail;

describe('POST /api/offers/:id/revoke', () => {
  let oc: OfferCompany;
  beforeAll(async () => {
    oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 4, inOffer: 4 });
  });

  it('needs a reason, and refuses a draft or an offer already decided', async () => {
    const sent = await addOffer(oc, oc.applicationIds[0]!, { status: 'sent' });
    const empty = await revoke(oc, String(sent._id), '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('reason: is required (the candidate is told why)');
    const draft = await api().post(`/api/applications/${oc.applicationIds[1]}/offers`).set('Authorization', oc.co.recruiter.auth).send(offerBody()).expect(201);
    const fromDraft = await revoke(oc, draft.body.id, 'No longer needed');
    expect(fromDraft.status).toBe(409);
    expect(fromDraft.body.message).toMatch(/This offer is draft/);
    expect(await OutboxMail.countDocuments({ kind: 'offer-revoked' })).toBe(0);
  });

  it('revokes a sent offer and tells the candidate plainly, with the reason and the company name', async () => {
    const sent = await Offer.findOne({ customerId: oc.co.customerId, applicationId: oc.applicationIds[0], status: 'sent' }).lean();
    const res = await revoke(oc, String(sent!._id), 'The position was closed after a reorganisation');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'revoked', revokeReason: 'The position was closed after a reorganisation' });
    expect(res.body.events.at(-1)).toMatchObject({ kind: 'revoked', note: 'The position was closed after a reorganisation', by: { id: oc.co.recruiter.id } });
    expect(res.body.can.revoke).toBe(false);
    const stored = await Offer.findOne({ customerId: oc.co.customerId, _id: sent!._id }).lean();
    expect(String(stored!.revokedBy)).toBe(oc.co.recruiter.id);
    const mails = await OutboxMail.find({ to: await candidateEmailOf(oc, oc.applicationIds[0]!), kind: 'offer-revoked' }).lean();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${oc.co.customer.name} has withdrawn its offer`);
    expect(mails[0]!.text).toContain('Dear Applicant0');
    expect(mails[0]!.text).toContain(`${oc.co.customer.name} has withdrawn its offer for the position of Backend Engineer`);
    expect(mails[0]!.text).toContain('The position was closed after a reorganisation');
    expect((await revoke(oc, String(sent!._id), 'Again')).status).toBe(409);
  });

  it('revokes an offer waiting for approval: the approver task goes away, and the candidate hears nothing', async () => {
    const created = await api().post(`/api/applications/${oc.applicationIds[2]}/offers`).set('Authorization', oc.co.recruiter.auth).send(offerBody({ submit: true })).expect(201);
    await revoke(oc, created.body.id, 'Budget frozen').expect(200);
    const approval = await Approval.findOne({ customerId: oc.co.customerId, kind: 'offer', subjectId: created.body.id }).lean();
    expect(approval!.status).toBe('cancelled');
    const pending = await api().get('/api/approvals?kind=offer&view=pending').set('Authorization', oc.co.approver1.auth).expect(200);
    expect(pending.body.items).toEqual([]);
    expect(await OutboxMail.countDocuments({ to: await candidateEmailOf(oc, oc.applicationIds[2]!), kind: 'offer-revoked' })).toBe(0);
    // Revoked is not open: a new offer can be made.
    await api().post(`/api/applications/${oc.applicationIds[2]}/offers`).set('Authorization', oc.co.recruiter.auth).send(offerBody()).expect(201);
  });

  it('lets only those who run the job revoke', async () => {
    const sent = await addOffer(oc, oc.applicationIds[3]!, { status: 'sent' });
    expect((await revoke(oc, String(sent._id), 'No', oc.co.employee.auth)).status).toBe(404);
    expect((await revoke(oc, String(sent._id), 'Changed plans', oc.co.hm.auth)).status).toBe(200);
  });
});

describe('POST /api/offers/:id/outcome', () => {
  it('records joined or no-show once, only for an accepted offer whose start date has come', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 3, inOffer: 3 });
    const future = await addOffer(oc, oc.applicationIds[0]!, { status: 'accepted', startDate: '2099-01-04' });
    const early = await outcome(oc, String(future._id), { outcome: 'joined' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The start date (4 Jan 2099) has not come yet. Record whether they joined from that day on.');

    const sent = await addOffer(oc, oc.applicationIds[1]!, { status: 'sent', startDate: '2026-01-05' });
    const notAccepted = await outcome(oc, String(sent._id), { outcome: 'joined' });
    expect(notAccepted.status).toBe(400);
    expect(notAccepted.body.message).toBe('Only an accepted offer gets an outcome; this one is sent');

    const started = await addOffer(oc, oc.applicationIds[2]!, { status: 'accepted', startDate: '2026-01-05' });
    expect((await outcome(oc, String(started._id), { outcome: 'maybe' })).body.message).toBe('outcome: must be joined or no_show');
    const before = await api().get(`/api/offers/${String(started._id)}`).set('Authorization', oc.co.recruiter.auth).expect(200);
    expect(before.body.can.recordOutcome).toBe(true);
    const joined = await outcome(oc, String(started._id), { outcome: 'no_show', note: 'Did not turn up on Monday' });
    expect(joined.status).toBe(200);
    expect(joined.body.status).toBe('no_show');
    expect(joined.body.events.at(-1)).toMatchObject({ kind: 'no_show', note: 'Did not turn up on Monday' });
    expect(joined.body.can.recordOutcome).toBe(false);
    const again = await outcome(oc, String(started._id), { outcome: 'joined' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The outcome of this offer is already recorded (no-show)');
  });
});

describe('the clock of outcomes and changes', () => {
  it('allows the outcome from the start date on by the app clock, and refuses changes to a sent offer', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 2, inOffer: 2 });
    const accepted = await addOffer(oc, oc.applicationIds[0]!, { status: 'accepted', startDate: '2099-01-04' });
    try {
      ctx.app.locals.clock = { now: () => Date.parse('2099-01-03T23:00:00Z') };
      expect((await outcome(oc, String(accepted._id), { outcome: 'joined' })).status).toBe(400);
      ctx.app.locals.clock = { now: () => Date.parse('2099-01-04T00:30:00Z') };
      const joined = await outcome(oc, String(accepted._id), { outcome: 'joined', note: 'First day went well' });
      expect(joined.status).toBe(200);
      expect(joined.body.status).toBe('joined');
    } finally {
      delete ctx.app.locals.clock;
    }
    const sent = await addOffer(oc, oc.applicationIds[1]!, { status: 'sent' });
    const change = await api().put(`/api/offers/${String(sent._id)}`).set('Authorization', oc.co.recruiter.auth).send(offerBody());
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('This offer is sent; only a draft or an approved offer can be changed');
  });
});

describe('offer lists', () => {
  it('lists the offers of the jobs I run, filtered and newest first; the awaiting-answer list has the sent ones', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 3, inOffer: 3 });
    const first = await addOffer(oc, oc.applicationIds[0]!, { status: 'sent' });
    const second = await addOffer(oc, oc.applicationIds[1]!, { status: 'draft' });
    const third = await addOffer(oc, oc.applicationIds[2]!, { status: 'accepted' });
    const get = (path: string, auth = oc.co.recruiter.auth) => api().get(path).set('Authorization', auth).expect(200);

    const all = await get('/api/offers');
    expect(all.body.items.map((o: { id: string }) => o.id)).toEqual([third, second, first].map((o) => String(o._id)));
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.body.items[2]).toMatchObject({ status: 'sent', candidate: { name: 'Applicant0 Tester' }, job: { name: 'Backend Engineer' }, compensation: { baseAmount: '85000.50', currency: 'EUR' } });
    expect((await get('/api/offers?status=sent', oc.co.hm.auth)).body.items.map((o: { id: string }) => o.id)).toEqual([String(first._id)]);
    expect((await get(`/api/offers?jobId=${String(oc.job._id)}&status=draft`)).body.total).toBe(1);
    expect((await get('/api/offers?jobId=aaaaaaaaaaaaaaaaaaaaaaaa')).body.total).toBe(0);
    expect((await get('/api/offers', oc.co.admin.auth)).body.total).toBe(3);
    // Not running the job (an interviewer, a recruiter off the team): nothing.
    expect((await get('/api/offers', oc.co.employee.auth)).body.total).toBe(0);
    expect((await get('/api/offers', oc.co.approver2.auth)).body.total).toBe(0);
    expect((await api().get('/api/offers?status=nope').set('Authorization', oc.co.recruiter.auth)).status).toBe(400);

    const awaiting = await get('/api/offers/awaiting-answer');
    expect(awaiting.body.items.map((o: { id: string }) => o.id)).toEqual([String(first._id)]);
    expect((await get('/api/offers/awaiting-answer', oc.co.approver2.auth)).body.total).toBe(0);

    const ofApplication = await get(`/api/applications/${oc.applicationIds[0]}/offers`);
    expect(ofApplication.body.items.map((o: { id: string }) => o.id)).toEqual([String(first._id)]);
  });

  it("lists an application's offers newest first", async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    const old = await addOffer(oc, oc.applicationIds[0]!, { status: 'declined' });
    const newer = await addOffer(oc, oc.applicationIds[0]!, { status: 'expired' });
    const res = await api().get(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', oc.co.hm.auth).expect(200);
    expect(res.body.items.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [String(newer._id), 'expired'],
      [String(old._id), 'declined'],
    ]);
  });
});
