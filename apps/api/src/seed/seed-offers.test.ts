import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Offer } from '../modules/offers/offer.model';
import { OfferEvent } from '../modules/offers/offer-event.model';
import { seedDemoData } from './seed';
import { seedOffers } from './seed-offers';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.worker.stop({ graceMs: 0 });
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 180_000);
afterAll(() => ctx.stop());

describe('demo offers', () => {
  it("give Acme's recruiter offers in every state that needs no letter, with history, and an approval waiting for the admin", async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const auth = async (email: string) => `Bearer ${await tokenFor(ctx.config, (await User.findOne({ customerId: acme._id, email }).lean())!)}`;
    await seedOffers(); // a second run adds nothing
    // The states with letters (sent, accepted, declined) come from seed-offer-letters.
    const offers = await Offer.find({ customerId: acme._id, status: { $nin: ['sent', 'accepted', 'declined'] } }).lean();
    expect(offers.map((o) => o.status).sort()).toEqual(['approved', 'draft', 'expired', 'joined', 'pending_approval', 'revoked']);
    expect(await OfferEvent.countDocuments({ customerId: acme._id, offerId: { $in: offers.map((o) => o._id) } })).toBe(1 + 2 + 3 + 3 + 5 + 6);

    const list = await request(ctx.app).get('/api/offers').set('Authorization', await auth('recruiter@acme.test')).expect(200);
    // Plus the offers of the two years of history (seed-history: jobs without a requisition) on her jobs.
    const recruiter = (await User.findOne({ customerId: acme._id, email: 'recruiter@acme.test' }).lean())!;
    const historyJobs = (await Job.find({ customerId: acme._id, requisitionId: null, memberIds: recruiter._id }, { _id: 1 }).lean()).map((j) => j._id);
    expect(list.body.total).toBe(9 + (await Offer.countDocuments({ customerId: acme._id, jobId: { $in: historyJobs } })));
    const waiting = await request(ctx.app).get('/api/approvals?kind=offer&view=pending').set('Authorization', await auth('admin@acme.test')).expect(200);
    expect(waiting.body.items).toHaveLength(1);
    expect(waiting.body.items[0].title).toMatch(/^Offer: .+, /);
    const pending = offers.find((o) => o.status === 'pending_approval')!;
    const detail = await request(ctx.app).get(`/api/offers/${String(pending._id)}`).set('Authorization', await auth('admin@acme.test')).expect(200);
    expect(detail.body.approval.canDecide).toBe(true);
    expect(detail.body.compensation.baseAmount).toBe('84000.50');
  });
});
