import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { BillingApi, Plans, formatMoney } from '@hireflow/contracts/billing';
import { SubscriptionMessages } from '@hireflow/contracts/billing-subscription';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { Customer } from '../../org/customer.model';
import { PlatformAudit } from '../../superadmin/platform-audit';
import { Promo } from '../promos/promo.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let superToken: string;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  superToken = await tokenFor(ctx.config, await buildUser({ superAdmin: true, admin: false }));
});
afterAll(() => ctx.stop());

const DayMs = 24 * 3600 * 1000;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A company on `plan` (no trial unless asked) with its admin's token. */
async function company(fields: Partial<{ plan: 'starter' | 'growth' | 'enterprise'; seats: number; trialEndsAt: Date | null; status: 'trialing' | 'active' }> = {}) {
  const customer = await buildCustomer();
  const plan = fields.plan ?? 'growth';
  await Customer.updateOne({ _id: customer._id }, { $set: { plan, seats: fields.seats ?? Plans[plan].seats, trialEndsAt: fields.trialEndsAt ?? null, 'subscription.status': fields.status ?? 'active' } });
  const admin = await buildUser({ customerId: customer._id, admin: true });
  return { id: customer._id as Types.ObjectId, token: await tokenFor(ctx.config, admin), admin };
}

async function createPromo(body: Record<string, unknown>) {
  const res = await request(app).post(BillingApi.superadminPromos).set(auth(superToken)).send({ kind: 'percent', value: 20, plans: ['starter', 'growth', 'enterprise'], ...body });
  expect(res.status, res.body.message).toBe(201);
  return res.body as { id: string; code: string };
}

const applyCode = (token: string, code: string) => request(app).post(BillingApi.subscriptionPromo).set(auth(token)).send({ code });

describe('GET /api/subscription', () => {
  it('401 without a token, 403 without the companySettings right', async () => {
    const c = await company();
    expect((await request(app).get(BillingApi.subscription)).status).toBe(401);
    const plain = await buildUser({ customerId: c.id, rights: [] });
    const res = await request(app).get(BillingApi.subscription).set(auth(await tokenFor(ctx.config, plain)));
    expect(res.status).toBe(403);
  });

  it('shows the plan, its price, seats used of allowed, every plan, and the trial of a new company', async () => {
    const c = await company({ plan: 'growth', trialEndsAt: new Date(Date.now() + 10 * DayMs - 1000), status: 'trialing' });
    await buildUser({ customerId: c.id });
    await buildUser({ customerId: c.id, status: 'inactive' });
    const res = await request(app).get(BillingApi.subscription).set(auth(c.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: 'growth', planName: 'Growth', priceMinor: 39_900, discountedPriceMinor: 39_900, seats: 25, seatsUsed: 2, state: 'trialing', inTrial: true, trialDaysLeft: 10, promo: null });
    expect(res.body.features).toEqual(['reports', 'agencies', 'integrations', 'api']);
    expect(res.body.plans.map((p: { id: string; priceMinor: number; current: boolean }) => [p.id, p.priceMinor, p.current])).toEqual([
      ['starter', 9_900, false],
      ['growth', 39_900, true],
      ['enterprise', 119_900, false],
    ]);
  });
});

describe('GET /api/subscription/quote', () => {
  it('answers the monthly price difference between the current and the chosen plan, with a promo code asked about', async () => {
    const c = await company({ plan: 'growth' });
    const up = await request(app).get(BillingApi.subscriptionQuote).query({ plan: 'enterprise' }).set(auth(c.token));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ currentPlan: 'growth', plan: 'enterprise', currentPriceMinor: 39_900, newPriceMinor: 119_900, differenceMinor: 80_000, blocked: null, promoProblem: null });
    const down = await request(app).get(BillingApi.subscriptionQuote).query({ plan: 'starter' }).set(auth(c.token));
    expect(down.body.differenceMinor).toBe(9_900 - 39_900);

    await createPromo({ code: 'quote50', value: 50, plans: ['enterprise'] });
    const withCode = await request(app).get(BillingApi.subscriptionQuote).query({ plan: 'enterprise', code: 'Quote50' }).set(auth(c.token));
    expect(withCode.body).toMatchObject({ newPriceMinor: 59_950, differenceMinor: 59_950 - 39_900, promo: { code: 'QUOTE50', appliesToPlan: true } });
    const wrongPlan = await request(app).get(BillingApi.subscriptionQuote).query({ plan: 'starter', code: 'QUOTE50' }).set(auth(c.token));
    expect(wrongPlan.body.promoProblem).toBe(SubscriptionMessages.promoWrongPlan('starter', ['enterprise']));
    expect(wrongPlan.body.newPriceMinor).toBe(9_900);
  });

  it('400 for an unknown plan', async () => {
    const c = await company();
    const res = await request(app).get(BillingApi.subscriptionQuote).query({ plan: 'platinum' }).set(auth(c.token));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^plan: /);
  });
});

describe('POST /api/subscription/plan', () => {
  it('changes the plan at once with the manual provider: seats and features follow, the trial ends', async () => {
    const c = await company({ plan: 'growth', trialEndsAt: new Date(Date.now() + 5 * DayMs), status: 'trialing' });
    const res = await request(app).post(BillingApi.subscriptionPlan).set(auth(c.token)).send({ plan: 'enterprise' });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('applied');
    expect(res.body.message).toBe(SubscriptionMessages.planChanged('enterprise', formatMoney(119_900)));
    expect(res.body.subscription).toMatchObject({ plan: 'enterprise', seats: 100, state: 'active', inTrial: false, trialEndsAt: null });
    const saved = await Customer.findById(c.id).lean();
    expect(saved).toMatchObject({ plan: 'enterprise', seats: 100, trialEndsAt: null, subscription: { status: 'active' } });
  });

  it('refuses a downgrade whose seats are fewer than the active users, and changes nothing', async () => {
    const c = await company({ plan: 'growth' });
    for (let i = 0; i < 5; i++) await buildUser({ customerId: c.id }); // 6 active with the admin; Starter has 5
    const quote = await request(app).get(BillingApi.subscriptionQuote).query({ plan: 'starter' }).set(auth(c.token));
    expect(quote.body.blocked).toBe(SubscriptionMessages.tooFewSeatsForPlan('starter', 5, 6));
    const res = await request(app).post(BillingApi.subscriptionPlan).set(auth(c.token)).send({ plan: 'starter' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'seats_full', message: SubscriptionMessages.tooFewSeatsForPlan('starter', 5, 6) });
    expect((await Customer.findById(c.id).lean())!.plan).toBe('growth');
  });

  it('keeps a promo for the new plan and drops one that is not for it', async () => {
    const c = await company({ plan: 'growth' });
    await createPromo({ code: 'GROWONLY', value: 10, plans: ['growth'] });
    expect((await applyCode(c.token, 'GROWONLY')).status).toBe(200);
    const res = await request(app).post(BillingApi.subscriptionPlan).set(auth(c.token)).send({ plan: 'enterprise' });
    expect(res.body.subscription).toMatchObject({ plan: 'enterprise', promo: null, discountedPriceMinor: 119_900 });
  });
});

describe('POST /api/subscription/promo', () => {
  it('applies a code whatever its case and answers the new price; the super admin list counts the use', async () => {
    const c = await company({ plan: 'growth' });
    const promo = await createPromo({ code: 'Launch-Test', value: 20 });
    const res = await applyCode(c.token, 'launch-test');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SubscriptionMessages.promoApplied('LAUNCH-TEST', formatMoney(31_920)));
    expect(res.body.subscription).toMatchObject({ priceMinor: 39_900, discountedPriceMinor: 31_920, promo: { code: 'LAUNCH-TEST', appliesToPlan: true } });
    expect((await Promo.findById(promo.id).lean())!.usesSoFar).toBe(1);
  });

  it('a fixed amount comes off the price', async () => {
    const c = await company({ plan: 'starter' });
    await createPromo({ code: 'TENOFF', kind: 'amount', value: 1_000 });
    expect((await applyCode(c.token, 'TENOFF')).body.subscription.discountedPriceMinor).toBe(8_900);
  });

  it('refuses an unknown, expired, not yet valid, inactive or wrong-plan code with the reason; nothing is counted', async () => {
    const c = await company({ plan: 'starter' });
    expect((await applyCode(c.token, 'NOSUCHCODE')).body.message).toBe(SubscriptionMessages.promoUnknown);
    const expired = await createPromo({ code: 'OLDCODE', validFrom: '2020-01-01T00:00:00Z', validTo: '2020-02-01T00:00:00Z' });
    const res = await applyCode(c.token, 'OLDCODE');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SubscriptionMessages.promoExpired('1 Feb 2020'));
    await createPromo({ code: 'FUTURE', validFrom: '2999-01-01T00:00:00Z' });
    expect((await applyCode(c.token, 'FUTURE')).body.message).toBe(SubscriptionMessages.promoNotYetValid('1 Jan 2999'));
    await createPromo({ code: 'SLEEPY', active: false });
    expect((await applyCode(c.token, 'SLEEPY')).body.message).toBe(SubscriptionMessages.promoInactive);
    await createPromo({ code: 'BIGONLY', plans: ['enterprise'] });
    expect((await applyCode(c.token, 'BIGONLY')).body.message).toBe(SubscriptionMessages.promoWrongPlan('starter', ['enterprise']));
    expect((await Promo.findById(expired.id).lean())!.usesSoFar).toBe(0);
    expect((await Customer.findById(c.id).lean())!.subscription!.promoId).toBeNull();
  });

  it('a company uses a code once, even when it applies it twice at once', async () => {
    const c = await company();
    await createPromo({ code: 'ONCE' });
    const both = await Promise.all([applyCode(c.token, 'ONCE'), applyCode(c.token, 'ONCE')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(SubscriptionMessages.promoAlreadyUsed);
    expect((await applyCode(c.token, 'ONCE')).body.message).toBe(SubscriptionMessages.promoAlreadyUsed);
    expect((await Promo.findOne({ code: 'ONCE' }).lean())!.usesSoFar).toBe(1);
  });

  it('a code used up is refused; companies applying it concurrently never exceed its maximum uses', async () => {
    const promo = await createPromo({ code: 'TWOONLY', maxUses: 2 });
    const companies = await Promise.all(Array.from({ length: 5 }, () => company()));
    const results = await Promise.all(companies.map((c) => applyCode(c.token, 'TWOONLY')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body).toEqual({ code: 'conflict', message: SubscriptionMessages.promoUsedUp });
    expect((await Promo.findById(promo.id).lean())!.usesSoFar).toBe(2);
    expect(await Customer.countDocuments({ 'subscription.promoId': promo.id })).toBe(2);
  });

  it('DELETE removes the applied code and the price is the list price again', async () => {
    const c = await company();
    await createPromo({ code: 'REMOVEME' });
    await applyCode(c.token, 'REMOVEME');
    const res = await request(app).delete(BillingApi.subscriptionPromo).set(auth(c.token));
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ promo: null, discountedPriceMinor: 39_900 });
    expect((await request(app).delete(BillingApi.subscriptionPromo).set(auth(c.token))).status).toBe(409);
  });
});

describe('/api/superadmin/promos', () => {
  it('is for the super admin only: a company admin gets 403 on every route', async () => {
    const c = await company();
    expect((await request(app).get(BillingApi.superadminPromos).set(auth(c.token))).status).toBe(403);
    expect((await request(app).post(BillingApi.superadminPromos).set(auth(c.token)).send({ code: 'HACK', kind: 'percent', value: 100, plans: ['growth'] })).status).toBe(403);
    const promo = await createPromo({ code: 'NOTYOURS' });
    expect((await request(app).patch(BillingApi.superadminPromo.replace(':id', promo.id)).set(auth(c.token)).send({ value: 100 })).status).toBe(403);
    expect(await Promo.countDocuments({ code: 'HACK' })).toBe(0);
  });

  it('creates, lists and edits codes; every change is in the platform audit log', async () => {
    const created = await createPromo({ code: 'audit10', value: 10, plans: ['growth'], maxUses: 50, validTo: '2999-12-31T00:00:00Z' });
    expect(created).toMatchObject({ code: 'AUDIT10', kind: 'percent', value: 10, plans: ['growth'], maxUses: 50, usesSoFar: 0, active: true });
    const list = await request(app).get(BillingApi.superadminPromos).set(auth(superToken));
    expect(list.body.items.map((p: { code: string }) => p.code)).toContain('AUDIT10');
    const patched = await request(app).patch(BillingApi.superadminPromo.replace(':id', created.id)).set(auth(superToken)).send({ active: false, maxUses: 5 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ active: false, maxUses: 5 });
    const audit = await PlatformAudit.find({ 'target.id': created.id }).sort({ createdAt: 1 }).lean();
    expect(audit.map((a) => a.action)).toEqual(['promo.create', 'promo.update']);
    expect(audit[0]!.target!.label).toBe('AUDIT10');
  });

  it('refuses a code that exists in another case, a percentage over 100 and an end before the start', async () => {
    await createPromo({ code: 'UNIQUE1' });
    const dup = await request(app).post(BillingApi.superadminPromos).set(auth(superToken)).send({ code: 'unique1', kind: 'amount', value: 500, plans: ['growth'] });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(SubscriptionMessages.codeTaken('UNIQUE1'));
    const pct = await request(app).post(BillingApi.superadminPromos).set(auth(superToken)).send({ code: 'TOOMUCH', kind: 'percent', value: 150, plans: ['growth'] });
    expect(pct.status).toBe(400);
    expect(pct.body.message).toMatch(/between 1 and 100/);
    const dates = await request(app).post(BillingApi.superadminPromos).set(auth(superToken)).send({ code: 'BACKWARDS', kind: 'percent', value: 5, plans: ['growth'], validFrom: '2030-01-02', validTo: '2030-01-01' });
    expect(dates.status).toBe(400);
    expect(dates.body.message).toMatch(/^validTo: /);
  });
});
