import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ZInvoiceListResponse } from '@hireflow/contracts/billing-invoices';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { seedInvoices } from './seed-invoices';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('the demo invoices', () => {
  it('gives Acme four paid months and an open one for this month, numbered in order, once', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    await Customer.updateOne({ _id: acme._id }, { $set: { plan: 'enterprise', seats: 100, trialEndsAt: null, 'subscription.status': 'trialing' } });
    const admin = await buildUser({ customerId: acme._id, admin: true });
    const now = new Date('2027-02-10T12:00:00Z');
    await seedInvoices({ now });
    await seedInvoices({ now });

    const res = await request(ctx.app).get('/api/invoices').set('Authorization', `Bearer ${await tokenFor(ctx.config, admin)}`).expect(200);
    const list = ZInvoiceListResponse.parse(res.body);
    expect(list.items.map((i) => [i.number, i.period, i.status])).toEqual([
      ['ACME-2027-0005', '2027-02', 'open'],
      ['ACME-2027-0004', '2027-01', 'paid'],
      ['ACME-2026-0003', '2026-12', 'paid'],
      ['ACME-2026-0002', '2026-11', 'paid'],
      ['ACME-2026-0001', '2026-10', 'paid'],
    ]);
    // Enterprise €1,199.00 + Netherlands 21% €251.79 = €1,450.79.
    expect(list.items.every((i) => i.totalMinor === 145_079)).toBe(true);
    expect(list.items[1]!.paidVia).toBe('manual');
  });
});
