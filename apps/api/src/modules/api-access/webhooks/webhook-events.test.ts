import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { TWebhookPayload } from '@hireflow/contracts/api-access';
import { startTestApp } from '../../../test/test-app';
import { Customer } from '../../org/customer.model';
import { newOfferLink } from '../../offers/offer-link';
import { addOffer, buildOfferCompany, type OfferCompany } from '../../offers/offers.test-support';
import { addApplicant } from '../../pipeline/pipeline.test-support';
import { WebhookDelivery } from './webhook.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let oc: OfferCompany;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  // Only what is queued matters here, not the sending.
  await ctx.worker.stop({ graceMs: 0 });
  oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 0, inOffer: 0 });
  await Customer.updateOne({ _id: oc.co.customerId }, { $set: { plan: 'enterprise', trialEndsAt: null } });
  const res = await request(ctx.app)
    .post('/api/webhooks')
    .set('Authorization', oc.co.admin.auth)
    .send({ url: 'http://127.0.0.1:9/hook', events: ['application.created', 'application.moved', 'offer.accepted', 'candidate.hired'], active: true });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
}, 180_000);
afterAll(() => ctx.stop());

/** The events queued for the company since `since`, oldest first, as the receiver will get them. */
async function sentSince(since: Date) {
  const rows = await WebhookDelivery.find({ customerId: oc.co.customerId, createdAt: { $gte: since } }).sort({ createdAt: 1, _id: 1 }).lean();
  return rows.map((r) => JSON.parse(r.body) as TWebhookPayload);
}
const move = async (applicationId: string, stageId: string) => {
  const res = await request(ctx.app).post(`/api/applications/${applicationId}/move`).set('Authorization', oc.co.recruiter.auth).send({ stageId });
  if (res.status !== 200) throw new Error(`move: ${res.status} ${JSON.stringify(res.body)}`);
};

describe('webhook events', () => {
  it('tells of a new application, a move, an accepted offer and a hire, with ids and the basics only', async () => {
    const start = new Date(Date.now() - 1);
    const applicationId = await addApplicant(oc.co, oc.job, 'Hook', 'Person');
    const [created] = await sentSince(start);
    expect(created!.event).toBe('application.created');
    const firstStage = oc.job.stages[0]!;
    expect(created!.data).toMatchObject({
      applicationId,
      job: { id: String(oc.job._id), title: oc.job.title },
      candidate: { name: 'Hook Person' },
      stage: { from: null, to: { id: String(firstStage._id), name: firstStage.name, kind: firstStage.kind } },
    });
    expect(Object.keys(created!.data.candidate as object).sort()).toEqual(['email', 'id', 'name']);

    const afterCreate = new Date();
    await move(applicationId, oc.offerStageId);
    const [moved] = await sentSince(afterCreate);
    expect(moved!.event).toBe('application.moved');
    expect(moved!.data).toMatchObject({ applicationId, stage: { from: { id: String(firstStage._id) }, to: { id: oc.offerStageId, kind: 'offer' } } });

    const beforeAccept = new Date();
    const { token, tokenHash } = newOfferLink();
    const offer = await addOffer(oc, applicationId, { status: 'sent', linkTokenHash: tokenHash });
    const accepted = await request(ctx.app).post(`/offer/${token}/accept`).set('User-Agent', 'Mozilla/5.0 WebhookTest').type('form').send({ typedName: 'Hook Person', agree: 'yes' });
    expect(accepted.status).toBeLessThan(400);
    // Accepting moves the application to the hired stage (the offer's follow-up): a move and a hire.
    const afterAccept = await sentSince(beforeAccept);
    expect(afterAccept.map((e) => e.event).sort()).toEqual(['application.moved', 'candidate.hired', 'offer.accepted']);
    const offerEvent = afterAccept.find((e) => e.event === 'offer.accepted');
    expect(offerEvent?.data).toMatchObject({ offerId: String(offer._id), applicationId, job: { id: String(oc.job._id), title: oc.job.title }, candidate: { name: 'Hook Person' } });
    const hired = afterAccept.find((e) => e.event === 'candidate.hired');
    expect(hired?.data).toMatchObject({ applicationId, stage: { from: { id: oc.offerStageId }, to: { id: oc.stage('hired'), kind: 'hired' } } });

    // A hire by a plain move tells the same.
    const other = await addApplicant(oc.co, oc.job, 'Second', 'Hire');
    const beforeHire = new Date();
    await move(other, oc.stage('hired'));
    expect((await sentSince(beforeHire)).map((e) => e.event).sort()).toEqual(['application.moved', 'candidate.hired']);
  });

  it('sends nothing once the plan no longer includes the API', async () => {
    await Customer.updateOne({ _id: oc.co.customerId }, { $set: { plan: 'growth' } });
    try {
      const start = new Date(Date.now() - 1);
      await addApplicant(oc.co, oc.job, 'Nobody', 'Told');
      expect(await sentSince(start)).toEqual([]);
    } finally {
      await Customer.updateOne({ _id: oc.co.customerId }, { $set: { plan: 'enterprise' } });
    }
  });
});
