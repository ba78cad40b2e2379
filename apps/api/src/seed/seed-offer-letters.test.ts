import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../test/test-app';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Application } from '../modules/candidates/applications/application.model';
import { Approval } from '../modules/approvals/approval.model';
import { readStoredFile } from '../modules/files/files.service';
import { Offer } from '../modules/offers/offer.model';
import { OfferEvent } from '../modules/offers/offer-event.model';
import { addOffer, buildOfferCompany } from '../modules/offers/offers.test-support';
import { DemoOfferToken, seedOfferLetters } from './seed-offer-letters';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
}, 60_000);
afterAll(() => ctx.stop());

describe('the demo offer letters', () => {
  it('gives Acme a sent offer with its letter and the demo link, an accepted one with its signed copy and a declined one, once', async () => {
    const oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 5, inOffer: 4, headcount: 2 });
    const customerId = oc.co.customerId;
    await Customer.updateOne({ _id: customerId }, { $set: { slug: 'acme' } });
    await User.updateOne({ customerId, _id: oc.co.admin.user._id }, { $set: { email: 'admin@acme.test' } });
    // An application that already has an offer (the offers module's demo data) is left alone.
    const taken = await addOffer(oc, oc.applicationIds[0]!, { status: 'draft' });
    const seeded = await seedOfferLetters({ publicUrl: ctx.config.publicUrl });
    expect(seeded).toEqual({ offers: 3, demoLink: `${ctx.config.publicUrl}/offer/${DemoOfferToken}` });
    expect(await seedOfferLetters()).toBeNull();

    const offers = await Offer.find({ customerId, _id: { $ne: taken._id } }).lean();
    expect(offers.map((o) => o.status).sort()).toEqual(['accepted', 'declined', 'sent']);
    expect(offers.some((o) => o.applicationId.equals(taken.applicationId))).toBe(false);
    for (const offer of offers) {
      expect(await OfferEvent.countDocuments({ customerId, offerId: offer._id, kind: { $in: ['created', 'submitted', 'approved', 'sent'] } })).toBe(4);
      const approval = (await Approval.findOne({ customerId, kind: 'offer', subjectId: offer._id }).lean())!;
      expect(approval.status).toBe('approved');
      expect(approval.deciderIds.some((id) => id.equals(oc.co.admin.user._id))).toBe(true);
    }

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
