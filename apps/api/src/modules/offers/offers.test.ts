import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { OfferMessages, type TOffer } from '@hireflow/contracts/offers';
import { Application } from '../candidates/applications/application.model';
import { CandidateActivity } from '../candidates/candidate-activity.model';
import { CustomField } from '../org/custom-field.model';
import { MailTemplate } from '../mail/mail-template.model';
import { User } from '../users/user.model';
import { Offer } from './offer.model';
import { OfferEvent } from './offer-event.model';
import { LiveEvent } from '../../lib/live-events/live-event.model';
import { addOffer, buildOfferCompany, offerBody, oid, type OfferCompany } from './offers.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => ctx.stop());

const create = (oc: OfferCompany, applicationId: string, body: object, auth = oc.co.recruiter.auth) => request(ctx.app).post(`/api/applications/${applicationId}/offers`).set('Authorization', auth).send(body);
const storedOffer = (oc: OfferCompany, id: string) => Offer.findOne({ customerId: oc.co.customerId, _id: id }).lean();
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/applications/:id/offers', () => {
  let oc: OfferCompany;
  beforeAll(async () => {
    oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 4, inOffer: 3 });
  });

  it('creates a draft with exact money, the job hiring manager as manager, an event and a timeline entry', async () => {
    const res = await create(oc, oc.applicationIds[0]!, offerBody({ compensation: { currency: 'EUR', baseAmount: '123456.78', period: 'year', bonusAmount: '0.1', equity: '', otherTerms: '' } }));
    expect(res.status).toBe(201);
    const offer = res.body as TOffer;
    expect(offer.status).toBe('draft');
    expect(offer.compensation).toMatchObject({ currency: 'EUR', baseAmount: '123456.78', bonusAmount: '0.10', period: 'year' });
    expect(offer.manager?.id).toBe(oc.co.hm.id);
    expect(offer.candidate.name).toBe('Applicant0 Tester');
    expect(offer.job).toEqual({ id: String(oc.job._id), name: oc.job.title });
    expect(offer.events.map((e) => e.kind)).toEqual(['created']);
    expect(offer.approval.status).toBeNull();
    expect(offer.can).toMatchObject({ edit: true, submit: true, send: false, revoke: false });
    const stored = await storedOffer(oc, offer.id);
    expect(stored!.compensation.baseMinor).toBe(12_345_678);
    expect(stored!.compensation.bonusMinor).toBe(10);
    const timeline = await CandidateActivity.find({ customerId: oc.co.customerId, kind: 'offer_updated' }).lean();
    expect(timeline.map((t) => t.summary)).toContain('Offer for Backend Engineer drafted');
    const live = await LiveEvent.find({ customerId: oc.co.customerId, kind: 'offer.changed' }).lean();
    expect(live.map((e) => e.data)).toEqual([{ offerId: offer.id, change: 'created' }]);
    expect(live[0]!.teamIds.map(String)).toContain(oc.co.hm.id);

    const read = await request(ctx.app).get(`/api/offers/${offer.id}`).set('Authorization', oc.co.hm.auth).expect(200);
    expect(read.body.compensation.baseAmount).toBe('123456.78');
  });

  it('keeps a yen amount without decimals exactly (1500000 JPY round trip)', async () => {
    const res = await create(oc, oc.applicationIds[1]!, offerBody({ compensation: { currency: 'jpy', baseAmount: '1500000', period: 'year', bonusAmount: null, equity: '', otherTerms: '' } }));
    expect(res.status).toBe(201);
    expect(res.body.compensation).toMatchObject({ currency: 'JPY', baseAmount: '1500000', bonusAmount: null });
    expect((await storedOffer(oc, res.body.id))!.compensation.baseMinor).toBe(1_500_000);
    const decimals = await create(oc, oc.applicationIds[2]!, offerBody({ compensation: { currency: 'JPY', baseAmount: '1500000.5', period: 'year', bonusAmount: null, equity: '', otherTerms: '' } }));
    expect(decimals.status).toBe(400);
    expect(decimals.body.message).toBe('compensation.baseAmount: has more decimals than JPY allows (0)');
  });

  it('refuses a second open offer on the same application, also when two are made at once', async () => {
    const again = await create(oc, oc.applicationIds[0]!, offerBody());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OfferMessages.openOfferExists);

    const both = await Promise.all([create(oc, oc.applicationIds[2]!, offerBody()), create(oc, oc.applicationIds[2]!, offerBody(), oc.co.hm.auth)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await Offer.countDocuments({ customerId: oc.co.customerId, applicationId: oid(oc.applicationIds[2]!) })).toBe(1);
    // The database itself holds the rule, whatever writes the offer.
    await expect(addOffer(oc, oc.applicationIds[2]!, { status: 'sent' })).rejects.toThrow(/duplicate key/);
  });

  it('allows a new offer once the open one is revoked', async () => {
    const second = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    await addOffer(second, second.applicationIds[0]!, { status: 'revoked' });
    await addOffer(second, second.applicationIds[0]!, { status: 'declined' });
    expect((await create(second, second.applicationIds[0]!, offerBody())).status).toBe(201);
  });

  it('answers 400 outside an offer stage, for a withdrawn application, and for dates in the past', async () => {
    const notInOffer = await create(oc, oc.applicationIds[3]!, offerBody());
    expect(notInOffer.status).toBe(400);
    expect(notInOffer.body.message).toBe(OfferMessages.notOfferStage);

    const fresh = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    const id = fresh.applicationIds[0]!;
    const start = await create(fresh, id, offerBody({ startDate: day(-2) }));
    expect(start.status).toBe(400);
    expect(start.body.message).toBe(OfferMessages.startBeforeToday);
    const expiry = await create(fresh, id, offerBody({ expiryDate: day(-1) }));
    expect(expiry.body.message).toBe(OfferMessages.expiryBeforeToday);
    await Application.updateOne({ customerId: fresh.co.customerId, _id: id }, { $set: { withdrawn: true } });
    const withdrawn = await create(fresh, id, offerBody());
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.body.message).toMatch(/withdrawn/);
    expect(await Offer.countDocuments({ customerId: fresh.co.customerId })).toBe(0);
  });

  it('answers 400 with the field for bad input', async () => {
    const fresh = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    const id = fresh.applicationIds[0]!;
    const cases: [object, string][] = [
      [{ jobTitle: '' }, 'jobTitle: is required'],
      [{ startDate: '2027-13-40' }, 'startDate: must be a date (YYYY-MM-DD)'],
      [{ compensation: { currency: 'EURO', baseAmount: '1', period: 'year' } }, 'compensation.currency: must be a 3-letter currency code such as EUR'],
      [{ compensation: { currency: 'EUR', baseAmount: '85,000', period: 'year' } }, 'compensation.baseAmount: must be an amount such as 85000 or 85000.50'],
      [{ compensation: { currency: 'EUR', baseAmount: '0', period: 'year' } }, 'compensation.baseAmount: must be more than 0'],
      [{ compensation: { currency: 'EUR', baseAmount: '100', period: 'week' } }, 'compensation.period: must be one of year, month, hour'],
      [{ templateId: String(oid('a'.repeat(24))) }, 'templateId: not an offer letter template of your company'],
      [{ managerId: String(fresh.co.customerId) }, 'managerId: not an active user of your company'],
      [{ customFields: { unknown: 'x' } }, 'customFields.unknown: is not a custom field of offers'],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(fresh, id, { ...offerBody(), ...overrides });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const campaignTemplate = await MailTemplate.create({ customerId: fresh.co.customerId, kind: 'campaign', name: 'Hello', subject: 'Hi', body: 'Hi' });
    expect((await create(fresh, id, offerBody({ templateId: String(campaignTemplate._id) }))).body.message).toBe('templateId: not an offer letter template of your company');
    await User.updateOne({ customerId: fresh.co.customerId, _id: fresh.co.approver1.user._id }, { $set: { status: 'inactive' } });
    expect((await create(fresh, id, offerBody({ managerId: fresh.co.approver1.id }))).body.message).toBe('managerId: not an active user of your company');
    expect(await Offer.countDocuments({ customerId: fresh.co.customerId })).toBe(0);
  });

  it('checks offer custom fields and keeps the letter template', async () => {
    const fresh = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    const { customerId } = fresh.co;
    await CustomField.create({ customerId, entity: 'offer', label: 'Signing bonus paid', key: 'signingBonusPaid', type: 'yesno', required: true });
    const template = await MailTemplate.create({ customerId, kind: 'offer', name: 'Standard offer', subject: 'Your offer', body: 'Dear {{candidate.firstName}}' });
    const missing = await create(fresh, fresh.applicationIds[0]!, offerBody());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('customFields.signingBonusPaid: Signing bonus paid is required');
    const ok = await create(fresh, fresh.applicationIds[0]!, offerBody({ customFields: { signingBonusPaid: true }, templateId: String(template._id) }));
    expect(ok.status).toBe(201);
    expect(ok.body.customFields).toEqual({ signingBonusPaid: true });
    expect(ok.body.template).toEqual({ id: String(template._id), name: 'Standard offer' });
  });

  it('ends the link at the end of the expiry day in the creator time zone', async () => {
    const fresh = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    await User.updateOne({ customerId: fresh.co.customerId, _id: fresh.co.recruiter.user._id }, { $set: { timezone: 'Asia/Tokyo' } });
    const expiryDate = day(10);
    const res = await create(fresh, fresh.applicationIds[0]!, offerBody({ expiryDate }));
    expect(res.status).toBe(201);
    const stored = await storedOffer(fresh, res.body.id);
    // 23:59:59.999 in Tokyo (UTC+9) is 14:59:59.999 UTC of the same day.
    expect(stored!.expiresAt.toISOString()).toBe(`${expiryDate}T14:59:59.999Z`);
  });
});

describe('who may make and see offers', () => {
  let oc: OfferCompany;
  let offerId: string;
  beforeAll(async () => {
    oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 2, inOffer: 2 });
    offerId = (await create(oc, oc.applicationIds[0]!, offerBody()).expect(201)).body.id;
  });

  it('lets the hiring manager and admins create, refuses an interviewer (403) and someone off the job (404)', async () => {
    const interviewer = await create(oc, oc.applicationIds[1]!, offerBody(), oc.co.employee.auth);
    expect(interviewer.status).toBe(403);
    expect(interviewer.body.message).toBe(OfferMessages.notOnTeam);
    expect((await create(oc, oc.applicationIds[1]!, offerBody(), oc.co.approver1.auth)).status).toBe(404);
    expect((await create(oc, oc.applicationIds[1]!, offerBody(), oc.co.hm.auth)).status).toBe(201);
  });

  it('hides the offer from an interviewer and from employees off the job', async () => {
    for (const auth of [oc.co.employee.auth, oc.co.approver1.auth]) {
      expect((await request(ctx.app).get(`/api/offers/${offerId}`).set('Authorization', auth)).status).toBe(404);
      expect((await request(ctx.app).put(`/api/offers/${offerId}`).set('Authorization', auth).send(offerBody())).status).toBe(404);
      expect((await request(ctx.app).post(`/api/offers/${offerId}/revoke`).set('Authorization', auth).send({ reason: 'x' })).status).toBe(404);
    }
    const list = await request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', oc.co.employee.auth).expect(200);
    expect(list.body.items).toEqual([]);
    expect((await request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', oc.co.approver1.auth)).status).toBe(404);
  });

  it('lets an approver in the chain read the offer once submitted, but not change it', async () => {
    await request(ctx.app).post(`/api/offers/${offerId}/submit`).set('Authorization', oc.co.recruiter.auth).expect(200);
    const read = await request(ctx.app).get(`/api/offers/${offerId}`).set('Authorization', oc.co.approver1.auth).expect(200);
    expect(read.body.approval.canDecide).toBe(true);
    expect(read.body.can).toEqual({ edit: false, submit: false, send: false, revoke: false, recordOutcome: false });
    const list = await request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', oc.co.approver1.auth).expect(200);
    expect(list.body.items.map((o: TOffer) => o.id)).toEqual([offerId]);
    expect((await request(ctx.app).post(`/api/offers/${offerId}/revoke`).set('Authorization', oc.co.approver1.auth).send({ reason: 'No' })).status).toBe(403);
  });

  it('gives company B a 404 for every call on company A offer and changes nothing', async () => {
    const other = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
    const before = await storedOffer(oc, offerId);
    const eventsBefore = await OfferEvent.countDocuments({ customerId: oc.co.customerId, offerId: oid(offerId) });
    const B = other.co.admin.auth;
    const calls = [
      request(ctx.app).get(`/api/offers/${offerId}`).set('Authorization', B),
      request(ctx.app).put(`/api/offers/${offerId}`).set('Authorization', B).send(offerBody()),
      request(ctx.app).post(`/api/offers/${offerId}/submit`).set('Authorization', B),
      request(ctx.app).post(`/api/offers/${offerId}/revoke`).set('Authorization', B).send({ reason: 'Mine now' }),
      request(ctx.app).post(`/api/offers/${offerId}/outcome`).set('Authorization', B).send({ outcome: 'joined' }),
      request(ctx.app).post(`/api/approvals/offer/${offerId}/decision`).set('Authorization', B).send({ decision: 'approve' }),
      request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offers`).set('Authorization', B),
      request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offer-options`).set('Authorization', B),
      request(ctx.app).post(`/api/applications/${oc.applicationIds[1]}/offers`).set('Authorization', B).send(offerBody()),
    ];
    const answers = await Promise.all(calls);
    answers.forEach((res, i) => expect(res.status, `call ${i}`).toBe(404));
    const lists = await request(ctx.app).get('/api/offers').set('Authorization', B).expect(200);
    expect(lists.body.total).toBe(0);
    const after = await storedOffer(oc, offerId);
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    expect(after!.status).toBe('pending_approval');
    expect(await OfferEvent.countDocuments({ customerId: oc.co.customerId, offerId: oid(offerId) })).toBe(eventsBefore);
  });
});

describe('GET /api/applications/:id/offer-options', () => {
  it('gives the defaults, templates and custom fields, and why no offer can be made', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 2, inOffer: 1 });
    const { customerId } = oc.co;
    await MailTemplate.create({ customerId, kind: 'offer', name: 'Standard offer', subject: 'Offer', body: 'Hi' });
    await MailTemplate.create({ customerId, kind: 'campaign', name: 'Newsletter', subject: 'News', body: 'Hi' });
    await CustomField.create({ customerId, entity: 'offer', label: 'Cost centre', key: 'costCentre', type: 'text' });
    const res = await request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offer-options`).set('Authorization', oc.co.recruiter.auth).expect(200);
    expect(res.body.defaults).toEqual({ jobTitle: 'Backend Engineer', managerId: oc.co.hm.id, currency: 'EUR' });
    expect(res.body.templates.map((t: { name: string }) => t.name)).toEqual(['Standard offer']);
    expect(res.body.customFields).toEqual([{ key: 'costCentre', label: 'Cost centre', type: 'text', required: false, options: [] }]);
    expect(res.body.blockedReason).toBeNull();

    const notOffer = await request(ctx.app).get(`/api/applications/${oc.applicationIds[1]}/offer-options`).set('Authorization', oc.co.recruiter.auth).expect(200);
    expect(notOffer.body.blockedReason).toBe(OfferMessages.notOfferStage);
    const interviewer = await request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offer-options`).set('Authorization', oc.co.employee.auth).expect(200);
    expect(interviewer.body.blockedReason).toBe(OfferMessages.notOnTeam);
    await create(oc, oc.applicationIds[0]!, offerBody()).expect(201);
    const open = await request(ctx.app).get(`/api/applications/${oc.applicationIds[0]}/offer-options`).set('Authorization', oc.co.recruiter.auth).expect(200);
    expect(open.body.blockedReason).toBe(OfferMessages.openOfferExists);
  });
});
