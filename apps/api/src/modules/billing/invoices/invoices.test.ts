import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import type { Express } from 'express';
import { extractText } from 'unpdf';
import { ZInvoice, ZInvoiceListResponse, ZInvoicePayResponse, ZSuperadminInvoiceListResponse } from '@hireflow/contracts/billing-invoices';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { bearer } from '../../auth/auth.test-support';
import { Customer } from '../../org/customer.model';
import { PlatformAudit } from '../../superadmin/platform-audit';
import type { Config } from '../../../config';
import { Invoice } from './invoice.model';
import { generateMonthlyInvoices, issueInvoice } from './invoice-generation';
import { binaryBody } from '../../../test/binary-body';

let app: Express;
let config: Config;
let stop: () => Promise<void>;
let superToken: string;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
  superToken = await tokenFor(config, await buildUser({ superAdmin: true, email: 'sam@platform.test' }));
});
afterAll(async () => stop());

/**
 * A company with an admin. Trialing unless told otherwise, so the monthly job (which the test app's worker
 * runs at start, on the real clock) leaves it alone and only the invoices a test issues exist.
 */
async function companyWithAdmin(set: Record<string, unknown> = {}) {
  const customer = await buildCustomer();
  await Customer.updateOne({ _id: customer._id }, { $set: { plan: 'growth', trialEndsAt: new Date('2099-01-01'), 'subscription.status': 'trialing', ...set } });
  const admin = await buildUser({ customerId: customer._id, admin: true });
  return { customer: (await Customer.findById(customer._id).lean())!, token: await tokenFor(config, admin) };
}

/** A promo as the promos module stores it ({kind: 'percent' | 'amount', value}); the older {kind: 'fixed', amount} reads the same. */
const promo = async (doc: { code: string; kind: 'percent' | 'amount' | 'fixed'; value?: number; amount?: number; plans?: string[] }) => {
  const _id = new Types.ObjectId();
  await mongoose.connection.collection('promos').insertOne({ _id, ...doc });
  return _id;
};

async function pdfText(pdf: Buffer) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const binary = (req: request.Test) =>
  req.buffer(true).parse(binaryBody);

describe('invoice numbers', () => {
  it('are unique and sequential per company when many are issued at once, and a month is billed once', async () => {
    const { customer } = await companyWithAdmin({ slug: 'acme-numbers' });
    const other = await companyWithAdmin();
    const now = new Date('2026-11-01T06:00:00Z');
    const periods = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
    // Twelve months at once, each asked for twice, interleaved with another company's.
    const results = await Promise.all([
      ...periods.flatMap((p) => [issueInvoice(customer._id, p, now), issueInvoice(customer._id, p, now)]),
      issueInvoice(other.customer._id, '2025-01', now),
    ]);
    expect(results.filter(Boolean)).toHaveLength(13);
    const mine = await Invoice.find({ customerId: customer._id }).sort({ seq: 1 }).lean();
    expect(mine.map((i) => i.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(mine.map((i) => i.period)).size).toBe(12);
    expect(mine.map((i) => i.number)).toEqual(Array.from({ length: 12 }, (_, i) => `ACMENUMBER-2026-${String(i + 1).padStart(4, '0')}`));
    const theirs = await Invoice.find({ customerId: other.customer._id }).lean();
    expect(theirs.map((i) => i.seq)).toEqual([1]);
  });

  it('the monthly job bills subscribed companies once a month and skips trials', async () => {
    const paying = await companyWithAdmin({ trialEndsAt: null, 'subscription.status': 'active' });
    const trialing = await companyWithAdmin({ 'subscription.status': 'trialing', trialEndsAt: new Date('2030-01-01') });
    const now = new Date('2027-03-01T01:00:00Z');
    await Promise.all([generateMonthlyInvoices(now), generateMonthlyInvoices(now)]);
    await generateMonthlyInvoices(new Date('2027-03-20T01:00:00Z'));
    expect(await Invoice.countDocuments({ customerId: paying.customer._id, period: '2027-03' })).toBe(1);
    expect(await Invoice.countDocuments({ customerId: trialing.customer._id })).toBe(0);
  });
});

describe('invoice totals', () => {
  it('take the promo off the plan, then add the tax of the company country (worked out by hand)', async () => {
    // Growth €399.00, 20% off = €79.80 → €319.20; Germany 19% tax = €60.648 → €60.65; total €379.85.
    const promoId = await promo({ code: 'SPRING20', kind: 'percent', value: 20, plans: [] });
    const { customer, token } = await companyWithAdmin({ name: 'Totals GmbH', 'profile.address': { line1: 'Hauptstr. 1', line2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'DE' }, 'subscription.promoId': promoId });
    const invoice = (await issueInvoice(customer._id, '2026-10', new Date('2026-10-01T00:00:00Z')))!;
    const res = await request(app).get(`/api/invoices/${String(invoice._id)}`).set(bearer(token)).expect(200);
    const body = ZInvoice.parse(res.body);
    expect(body.lines).toEqual([
      { description: 'Growth plan, October 2026', quantity: 1, unitPriceMinor: 39_900, amountMinor: 39_900 },
      { description: 'Promo code SPRING20 (20%)', quantity: 1, unitPriceMinor: -7_980, amountMinor: -7_980 },
    ]);
    expect(body).toMatchObject({ subtotalMinor: 31_920, taxRate: 19, taxMinor: 6_065, totalMinor: 37_985, status: 'open', currency: 'EUR' });
    expect(body.company).toEqual({ name: 'Totals GmbH', addressLines: ['Hauptstr. 1', '10115 Berlin', 'DE'], country: 'DE' });
    expect(new Date(body.dueAt).getTime() - new Date(body.issuedAt).getTime()).toBe(14 * 24 * 3600_000);
  });

  it('a fixed-amount promo and a country without tax', async () => {
    // Starter €99.00 − €50.00 = €49.00; US 0% → €49.00.
    const promoId = await promo({ code: 'FIFTY', kind: 'fixed', amount: 5_000 });
    const { customer } = await companyWithAdmin({ plan: 'starter', 'profile.address.country': 'US', 'subscription.promoId': promoId });
    const invoice = (await issueInvoice(customer._id, '2026-10', new Date('2026-10-01T00:00:00Z')))!;
    expect(invoice).toMatchObject({ subtotalMinor: 4_900, taxRate: 0, taxMinor: 0, totalMinor: 4_900, promoCode: 'FIFTY' });
    expect(invoice.lines[1]).toMatchObject({ description: 'Promo code FIFTY (€50.00 off)', amountMinor: -5_000 });

    // The promos module's shape, limited to other plans: no discount on Starter.
    const growthOnly = await promo({ code: 'GROWTHONLY', kind: 'amount', value: 1_000, plans: ['growth'] });
    const other = await companyWithAdmin({ plan: 'starter', 'profile.address.country': 'US', 'subscription.promoId': growthOnly });
    expect((await issueInvoice(other.customer._id, '2026-10', new Date('2026-10-01T00:00:00Z')))!).toMatchObject({ totalMinor: 9_900, promoCode: null });
  });
});

describe('GET /api/invoices and the PDF', () => {
  it('lists a company its own invoices, newest first, and the PDF shows the number and total', async () => {
    const { customer, token } = await companyWithAdmin({ slug: 'pdfco', 'profile.address.country': 'FR' });
    await issueInvoice(customer._id, '2026-08', new Date('2026-08-01T00:00:00Z'));
    const last = (await issueInvoice(customer._id, '2026-09', new Date('2026-09-01T00:00:00Z')))!;
    const res = await request(app).get('/api/invoices').set(bearer(token)).expect(200);
    const list = ZInvoiceListResponse.parse(res.body);
    expect(list.items.map((i) => i.number)).toEqual(['PDFCO-2026-0002', 'PDFCO-2026-0001']);
    expect(list).toMatchObject({ total: 2, page: 1, provider: 'manual' });

    const pdf = await binary(request(app).get(`/api/invoices/${String(last._id)}/pdf`).set(bearer(token))).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    // Growth €399.00 + France 20% €79.80 = €478.80.
    expect(text).toContain('PDFCO-2026-0002');
    expect(text).toContain('€478.80');
    expect(text).toContain('September 2026');
  });

  it('company B gets 404 on company A invoice and PDF, and sees none of its invoices', async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const invoice = (await issueInvoice(a.customer._id, '2026-07', new Date('2026-07-01T00:00:00Z')))!;
    await request(app).get(`/api/invoices/${String(invoice._id)}`).set(bearer(b.token)).expect(404);
    await request(app).get(`/api/invoices/${String(invoice._id)}/pdf`).set(bearer(b.token)).expect(404);
    await request(app).post(`/api/invoices/${String(invoice._id)}/pay`).set(bearer(b.token)).expect(404);
    expect((await request(app).get('/api/invoices').set(bearer(b.token)).expect(200)).body.items).toEqual([]);
  });

  it('needs the companySettings right', async () => {
    const { customer } = await companyWithAdmin();
    const recruiter = await buildUser({ customerId: customer._id, role: 'recruiter' });
    await request(app).get('/api/invoices').set(bearer(await tokenFor(config, recruiter))).expect(403);
    await request(app).get('/api/invoices').expect(401);
  });

  it('paying with the manual provider answers the bank transfer instructions and changes nothing', async () => {
    const { customer, token } = await companyWithAdmin({ slug: 'manualpay' });
    const invoice = (await issueInvoice(customer._id, '2026-06', new Date('2026-06-01T00:00:00Z')))!;
    const res = await request(app).post(`/api/invoices/${String(invoice._id)}/pay`).set(bearer(token)).expect(200);
    expect(ZInvoicePayResponse.parse(res.body)).toEqual({ kind: 'manual', instructions: expect.stringContaining('bank transfer') });
    expect((await Invoice.findOne({ customerId: customer._id, _id: invoice._id }).lean())!.status).toBe('open');
  });
});

describe('super admin invoices', () => {
  it('lists every company invoice by state, marks one paid with an audit entry; a company admin gets 403', async () => {
    const { customer, token } = await companyWithAdmin({ name: 'Pay Me Ltd' });
    const invoice = (await issueInvoice(customer._id, '2026-05', new Date('2026-05-01T00:00:00Z')))!;
    const id = String(invoice._id);

    await request(app).get('/api/superadmin/invoices').set(bearer(token)).expect(403);
    const refused = await request(app).post(`/api/superadmin/invoices/${id}/mark-paid`).set(bearer(token)).send({}).expect(403);
    expect(refused.body.message).toBe('Only the platform super admin can do that');
    expect((await Invoice.findOne({ customerId: customer._id, _id: id }).lean())!.status).toBe('open');

    const open = ZSuperadminInvoiceListResponse.parse((await request(app).get(`/api/superadmin/invoices?status=open&companyId=${String(customer._id)}`).set(bearer(superToken)).expect(200)).body);
    expect(open.items.find((i) => i.id === id)).toMatchObject({ companyName: 'Pay Me Ltd', status: 'open' });

    const paid = await request(app).post(`/api/superadmin/invoices/${id}/mark-paid`).set(bearer(superToken)).send({ reason: 'Bank transfer 12 May' }).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidVia: 'manual' });
    const audit = await PlatformAudit.findOne({ action: 'invoice.mark_paid', 'target.id': id }).lean();
    expect(audit).toMatchObject({ actorEmail: 'sam@platform.test', reason: 'Bank transfer 12 May', companyId: customer._id });

    // A second time is refused: it is already paid.
    await request(app).post(`/api/superadmin/invoices/${id}/mark-paid`).set(bearer(superToken)).send({}).expect(409);
    const paidList = ZSuperadminInvoiceListResponse.parse((await request(app).get('/api/superadmin/invoices?status=paid').set(bearer(superToken)).expect(200)).body);
    expect(paidList.items.map((i) => i.id)).toContain(id);
    expect(paidList.items.every((i) => i.status === 'paid')).toBe(true);
    const stillOpen = ZSuperadminInvoiceListResponse.parse((await request(app).get(`/api/superadmin/invoices?status=open&companyId=${String(customer._id)}`).set(bearer(superToken)).expect(200)).body);
    expect(stillOpen.items).toEqual([]);
  });
});
