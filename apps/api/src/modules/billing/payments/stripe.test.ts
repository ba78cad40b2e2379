import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ZInvoiceListResponse, ZInvoicePayResponse } from '@hireflow/contracts/billing-invoices';
import { startTestApp } from '../../../test/test-app';
import { startStripePeer } from '../../../test/stripe-peer/stripe-peer';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { bearer } from '../../auth/auth.test-support';
import { Customer } from '../../org/customer.model';
import type { Config } from '../../../config';
import { Invoice } from '../invoices/invoice.model';
import { issueInvoice } from '../invoices/invoice-generation';
import { paymentProviderOf } from './providers';
import { StripeEvent } from './stripe-events';

const WebhookSecret = 'whsec_test_local_peer';
let app: Express;
let config: Config;
let stop: () => Promise<void>;
let peer: Awaited<ReturnType<typeof startStripePeer>>;

beforeAll(async () => {
  peer = await startStripePeer({ webhookSecret: WebhookSecret });
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WebhookSecret, STRIPE_API_URL: peer.url }));
});
afterAll(async () => {
  await stop();
  await peer.stop();
});

/** A trialing company (the monthly job on the real clock leaves it alone) with an admin. */
async function companyWithAdmin() {
  const customer = await buildCustomer();
  await Customer.updateOne({ _id: customer._id }, { $set: { plan: 'growth', seats: 25, trialEndsAt: new Date('2099-01-01'), 'subscription.status': 'trialing', 'profile.address.country': 'NL' } });
  const admin = await buildUser({ customerId: customer._id, admin: true });
  return { customer, admin, token: await tokenFor(config, admin) };
}

const deliver = (webhook: { payload: string; header: string }) =>
  request(app).post('/api/billing/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', webhook.header).send(webhook.payload);

describe('paying an invoice through Stripe checkout', () => {
  it('sends the admin to checkout for the invoice total; the signed webhook marks it paid once', async () => {
    const { customer, token } = await companyWithAdmin();
    // Growth €399.00 + Netherlands 21% €83.79 = €482.79.
    const invoice = (await issueInvoice(customer._id, '2026-10', new Date('2026-10-01T00:00:00Z')))!;
    const id = String(invoice._id);
    const list = ZInvoiceListResponse.parse((await request(app).get('/api/invoices').set(bearer(token)).expect(200)).body);
    expect(list.provider).toBe('stripe');

    const started = ZInvoicePayResponse.parse((await request(app).post(`/api/invoices/${id}/pay`).set(bearer(token)).expect(200)).body);
    const session = peer.lastSession()!;
    expect(started).toEqual({ kind: 'redirect', url: session.url });
    expect(session.fields).toMatchObject({ mode: 'payment', 'line_items[0][price_data][unit_amount]': '48279', 'line_items[0][price_data][currency]': 'eur', 'metadata[kind]': 'invoice', 'metadata[invoiceId]': id });
    expect(session.fields.success_url).toBe(`${config.publicUrl}/billing?checkout=success`);
    expect(peer.requests.at(-1)!.authorization).toBe('Bearer sk_test_local');
    // Nothing is paid until Stripe says so.
    expect((await Invoice.findOne({ customerId: customer._id, _id: id }).lean())!.status).toBe('open');

    const webhook = peer.completedWebhook(session.id);
    await deliver(webhook).expect(200);
    const paid = (await Invoice.findOne({ customerId: customer._id, _id: id }).lean())!;
    expect(paid).toMatchObject({ status: 'paid', paidVia: 'stripe' });
    expect((await Customer.findById(customer._id).lean())!.subscription!.stripeCustomerId).toBe('cus_test_1');

    // Stripe delivers at least once: the same event again changes nothing.
    await deliver(peer.completedWebhook(session.id)).expect(200);
    const again = (await Invoice.findOne({ customerId: customer._id, _id: id }).lean())!;
    expect(again.paidAt!.getTime()).toBe(paid.paidAt!.getTime());
    expect(await StripeEvent.countDocuments({ eventId: `evt_${session.id}` })).toBe(1);

    // A paid invoice is not paid twice.
    const refused = await request(app).post(`/api/invoices/${id}/pay`).set(bearer(token)).expect(409);
    expect(refused.body.message).toBe('This invoice is paid, so it cannot be paid.');
  });
});

describe('changing plan through Stripe checkout', () => {
  it('answers the checkout URL and applies the plan only when the signed webhook arrives', async () => {
    const { customer, admin } = await companyWithAdmin();
    const provider = paymentProviderOf(config);
    expect(provider.name).toBe('stripe');
    const started = await provider.startPlanChange({ customerId: customer._id, plan: 'enterprise', promoId: null, requestedBy: admin._id }, { returnUrl: `${config.publicUrl}/company-settings/subscription` });
    const session = peer.lastSession()!;
    expect(started).toEqual({ kind: 'redirect', url: session.url });
    // This month's invoice under the new plan: €1,199.00 + 21% Dutch tax.
    expect(session.fields).toMatchObject({ mode: 'payment', 'line_items[0][price_data][unit_amount]': '145079', 'metadata[kind]': 'plan_change', 'metadata[plan]': 'enterprise' });
    expect((await Customer.findById(customer._id).lean())!.plan).toBe('growth');

    await deliver(peer.completedWebhook(session.id)).expect(200);
    const after = (await Customer.findById(customer._id).lean())!;
    expect(after).toMatchObject({ plan: 'enterprise', seats: 100, trialEndsAt: null });
    expect(after.subscription!.status).toBe('active');
    // What checkout charged is this month's invoice, issued as paid: the monthly run bills the month no second time.
    const invoices = await Invoice.find({ customerId: customer._id }).lean();
    expect(invoices.map((i) => [i.plan, i.totalMinor, i.status, i.paidVia])).toEqual([['enterprise', 145079, 'paid', 'stripe']]);
    expect(await issueInvoice(customer._id, invoices[0]!.period, new Date())).toBeNull();

    // A second change in a month already invoiced applies at once (next month's invoice bills it).
    expect(await provider.startPlanChange({ customerId: customer._id, plan: 'growth', promoId: null, requestedBy: admin._id }, { returnUrl: config.publicUrl })).toEqual({ kind: 'applied' });
    expect((await Customer.findById(customer._id).lean())!.plan).toBe('growth');
  });
});

describe('POST /api/billing/stripe/webhook signatures', () => {
  it('refuses a forged, stale or missing signature with 400 and changes nothing', async () => {
    const { customer, token } = await companyWithAdmin();
    const invoice = (await issueInvoice(customer._id, '2026-09', new Date('2026-09-01T00:00:00Z')))!;
    await request(app).post(`/api/invoices/${String(invoice._id)}/pay`).set(bearer(token)).expect(200);
    const session = peer.lastSession()!;

    const forged = await deliver(peer.completedWebhook(session.id, { eventId: 'evt_forged', secret: 'whsec_not_the_secret' })).expect(400);
    expect(forged.body.message).toBe('The Stripe signature is missing, forged or too old');
    await deliver(peer.completedWebhook(session.id, { eventId: 'evt_stale', timestamp: Math.floor(Date.now() / 1000) - 3600 })).expect(400);
    const genuine = peer.completedWebhook(session.id, { eventId: 'evt_tampered' });
    // A genuine signature over another body: the amount or ids were changed on the way.
    await deliver({ payload: genuine.payload.replace('"paid"', '"paid" '), header: genuine.header }).expect(400);
    await request(app).post('/api/billing/stripe/webhook').set('Content-Type', 'application/json').send(genuine.payload).expect(400);

    expect((await Invoice.findOne({ customerId: customer._id, _id: invoice._id }).lean())!.status).toBe('open');
    expect(await StripeEvent.countDocuments({ eventId: { $in: ['evt_forged', 'evt_stale', 'evt_tampered'] } })).toBe(0);
  });
});
