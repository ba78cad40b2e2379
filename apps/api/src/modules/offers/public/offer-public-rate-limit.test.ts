import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../../test/test-app';
import { newOfferLink } from '../offer-link';
import { addOffer, buildOfferCompany, type OfferCompany } from '../offers.test-support';
import { Offer } from '../offer.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let oc: OfferCompany;
beforeAll(async () => {
  ctx = await startTestApp();
  oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 1 });
}, 180_000);
afterAll(() => ctx.stop());

describe('the offer page under guessing', () => {
  it('stops an address after 20 decisions in 15 minutes with a page that says so, and the offer stays open', async () => {
    const { token, tokenHash } = newOfferLink();
    const offer = await addOffer(oc, oc.applicationIds[0]!, { status: 'sent', linkTokenHash: tokenHash });
    for (let i = 0; i < 20; i++) {
      const res = await request(ctx.app).post(`/offer/${token}/accept`).type('form').send({ typedName: `Guess ${i}`, agree: 'yes' });
      expect(res.status).toBe(400);
    }
    const refused = await request(ctx.app).post(`/offer/${token}/accept`).type('form').send({ typedName: 'Applicant0 Tester', agree: 'yes' });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.text).toContain('Too many attempts');
    expect(refused.text).not.toContain(oc.co.customer.name);
    expect((await Offer.findOne({ customerId: oc.co.customerId, _id: offer._id }).lean())!.status).toBe('sent');
  });
});
