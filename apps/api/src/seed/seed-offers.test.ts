import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { OfferStatuses } from '@hireflow/contracts/offers';
import { startTestApp } from '../test/test-app';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Application } from '../modules/candidates/applications/application.model';
import { Approval } from '../modules/approvals/approval.model';
import { readStoredFile } from '../modules/files/files.service';
import { Offer } from '../modules/offers/offer.model';
import { OfferEvent } from '../modules/offers/offer-event.model';
import { buildOfferCompany } from '../modules/offers/offers.test-support';
import { DemoOfferToken, seedOffers } from './seed-offers';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
}, 60_000);
afterAll(() => ctx.stop());

describe('the demo offers', () => {
  it('gives Acme an offer in every state, with real letters, the approval waiting for the admin and the demo link, once', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 10, inOffer: 9, headcount: 2 });
    const customerId = oc.co.customerId;
    await Customer.updateOne({ _id: customerId }, { $set: { slug: 'acme' } });
    await User.updateOne({ customerId, _id: oc.co.admin.user._id }, { $set: { email: 'admin@acme.test' } });
    const seeded = await seedOffers({ publicUrl: ctx.config.publicUrl });
    expect(seeded).toEqual({ offers: 9, demoLink: `${ctx.config.publicUrl}/offer/${DemoOfferToken}` });
    expect(await seedOffers()).toBeNull();

    const offers = await Offer.find({ customerId }).lean();
    expect(new Set(offers.map((o) => o.status))).toEqual(new Set(OfferStatuses.filter((s) => s !== 'no_show')));
    for (const offer of offers) expect(await OfferEvent.countDocuments({ customerId, offerId: offer._id, kind: 'created' })).toBe(1);

    const pending = offers.find((o) => o.status === 'pending_approval')!;
    const approval = (await Approval.findOne({ customerId, kind: 'offer', subjectId: pending._id }).lean())!;
    expect(approval.status).toBe('pending');
    expect(approval.currentApproverId!.equals(oc.co.admin.user._id)).toBe(true);

    const accepted = offers.find((o) => o.status === 'accepted')!;
    expect((await Application.findOne({ customerId, _id: accepted.applicationId }).lean())!.stageKind).toBe('hired');
    const signed = (await readStoredFile(customerId, accepted.signedFileId!))!;
    expect(signed.buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(offers.find((o) => o.status === 'declined')!.declineReason).not.toBe('');

    const page = await request(ctx.app).get(`/offer/${DemoOfferToken}`).expect(200);
    expect(page.text).toContain('I accept this offer and sign it electronically');
    await request(ctx.app).get(`/offer/${DemoOfferToken}/letter.pdf`).expect(200).expect('Content-Type', 'application/pdf');
  });
});
