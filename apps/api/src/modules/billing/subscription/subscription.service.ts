import type { Types } from 'mongoose';
import { BillingCurrency, PlanIds, Plans, formatMoney, type TPlanId } from '@hireflow/contracts/billing';
import {
  SubscriptionMessages,
  discountedPriceMinor,
  type TPlanChangeResponse,
  type TQuote,
  type TSubscriptionResponse,
  type TSubscriptionView,
} from '@hireflow/contracts/billing-subscription';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { withTransaction } from '../../jobs/with-transaction';
import { Customer, type CustomerDoc } from '../../org/customer.model';
import { paymentProviderOf } from '../payments/providers';
import { countSeatsUsed, planOf } from '../plans';
import { Promo, type PromoDoc } from '../promos/promo.model';
import { findPromoByCode, presentApplied, promoProblem, redeemPromo } from '../promos/promos.service';

const DayMs = 24 * 3600 * 1000;

type Ctx = { customerId: Types.ObjectId; config: Config };

async function loadCustomer(customerId: Types.ObjectId) {
  const customer = await Customer.findById(customerId, { plan: 1, seats: 1, trialEndsAt: 1, subscription: 1 }).lean<CustomerDoc>();
  if (!customer) throw AppError.notFound('Company');
  return customer;
}

async function loadAppliedPromo(customer: CustomerDoc) {
  const id = customer.subscription?.promoId;
  return id ? Promo.findById(id).lean<PromoDoc>() : null;
}

/** The promo's discount on `plan`, if it is for that plan. */
const priceWith = (plan: TPlanId, promo: PromoDoc | null) =>
  discountedPriceMinor(Plans[plan].monthlyPriceMinor, promo && (promo.plans as TPlanId[]).includes(plan) ? promo : null);

/** GET /api/subscription: the plan, its price (and with the promo), seats used of allowed, the trial and every plan. */
export async function getSubscription({ customerId, config }: Ctx, now = new Date()): Promise<TSubscriptionView> {
  const customer = await loadCustomer(customerId);
  const [promo, seatsUsed] = await Promise.all([loadAppliedPromo(customer), countSeatsUsed(customerId)]);
  const access = planOf(customer, now);
  const plan = access.plan.id;
  return {
    plan,
    planName: access.plan.name,
    currency: BillingCurrency,
    priceMinor: access.plan.monthlyPriceMinor,
    discountedPriceMinor: priceWith(plan, promo),
    seats: access.seats,
    seatsUsed,
    // A trial that ran out without a plan change leaves the company on its plan, paying.
    state: access.inTrial ? 'trialing' : access.status === 'trialing' ? 'active' : access.status,
    inTrial: access.inTrial,
    trialEndsAt: access.inTrial && access.trialEndsAt ? access.trialEndsAt.toISOString() : null,
    trialDaysLeft: access.inTrial && access.trialEndsAt ? Math.max(1, Math.ceil((access.trialEndsAt.getTime() - now.getTime()) / DayMs)) : null,
    features: [...access.features],
    promo: promo ? presentApplied(promo, plan) : null,
    plans: PlanIds.map((id) => ({
      id,
      name: Plans[id].name,
      blurb: Plans[id].blurb,
      seats: Plans[id].seats,
      features: [...Plans[id].features],
      priceMinor: Plans[id].monthlyPriceMinor,
      discountedPriceMinor: priceWith(id, promo),
      current: id === plan,
    })),
    provider: paymentProviderOf(config).name,
  };
}

/** Refuses a plan whose seats are fewer than the users already active. */
async function tooFewSeats(customerId: Types.ObjectId, plan: TPlanId): Promise<string | null> {
  const active = await countSeatsUsed(customerId);
  return Plans[plan].seats < active ? SubscriptionMessages.tooFewSeatsForPlan(plan, Plans[plan].seats, active) : null;
}

/** GET /api/subscription/quote: what the chosen plan costs against the current one, with the code asked about or the applied promo. */
export async function quotePlan({ customerId, plan, code }: Ctx & { plan: TPlanId; code: string }, now = new Date()): Promise<TQuote> {
  const customer = await loadCustomer(customerId);
  const current = planOf(customer, now).plan.id;
  const applied = await loadAppliedPromo(customer);
  let promo = applied;
  let problem: string | null = null;
  if (code) {
    const asked = await findPromoByCode(code);
    problem = !asked ? SubscriptionMessages.promoUnknown : promoProblem(asked, plan, now);
    if (asked && !problem) promo = asked;
  }
  const currentPriceMinor = priceWith(current, applied);
  const newPriceMinor = priceWith(plan, promo);
  return {
    currentPlan: current,
    plan,
    currentPriceMinor,
    priceMinor: Plans[plan].monthlyPriceMinor,
    newPriceMinor,
    differenceMinor: newPriceMinor - currentPriceMinor,
    promo: promo ? presentApplied(promo, plan) : null,
    promoProblem: problem,
    blocked: plan === current ? SubscriptionMessages.samePlan(plan) : await tooFewSeats(customerId, plan),
  };
}

/**
 * POST /api/subscription/plan: through the payment provider (manual: applied at once; Stripe: checkout, then
 * its webhook applies it). Refused when the plan is the current one or has fewer seats than the active users.
 */
export async function changePlan({ customerId, config, plan, userId }: Ctx & { plan: TPlanId; userId: Types.ObjectId }): Promise<TPlanChangeResponse> {
  const customer = await loadCustomer(customerId);
  const access = planOf(customer);
  if (access.plan.id === plan && !access.inTrial) throw AppError.conflict(SubscriptionMessages.samePlan(plan));
  const blocked = await tooFewSeats(customerId, plan);
  if (blocked) throw AppError.seatsFull(blocked);
  const applied = await loadAppliedPromo(customer);
  const promoId = applied && (applied.plans as TPlanId[]).includes(plan) ? applied._id : null;
  const provider = paymentProviderOf(config);
  const started = await provider.startPlanChange({ customerId, plan, promoId, requestedBy: userId }, { returnUrl: `${config.publicUrl}/company-settings/Subscription` });
  if (started.kind === 'redirect') return started;
  const subscription = await getSubscription({ customerId, config });
  return { kind: 'applied', message: SubscriptionMessages.planChanged(plan, formatMoney(subscription.discountedPriceMinor)), subscription };
}

/** POST /api/subscription/promo: uses the code for the company's current plan (once per company, within its limits). */
export async function applyPromo({ customerId, config, code, userId }: Ctx & { code: string; userId: Types.ObjectId }): Promise<TSubscriptionResponse> {
  const customer = await loadCustomer(customerId);
  const plan = planOf(customer).plan.id;
  const promo = await withTransaction(async (session) => {
    const redeemed = await redeemPromo({ customerId, code, plan, userId }, session);
    await Customer.updateOne({ _id: customerId }, { $set: { 'subscription.promoId': redeemed._id } }, { session });
    return redeemed;
  });
  const subscription = await getSubscription({ customerId, config });
  return { message: SubscriptionMessages.promoApplied(promo.code, formatMoney(subscription.discountedPriceMinor)), subscription };
}

/** DELETE /api/subscription/promo: the code no longer applies (the company's one use of it stays spent). */
export async function removePromo({ customerId, config }: Ctx): Promise<TSubscriptionResponse> {
  const result = await Customer.updateOne({ _id: customerId, 'subscription.promoId': { $ne: null } }, { $set: { 'subscription.promoId': null } });
  if (result.matchedCount === 0) throw AppError.conflict(SubscriptionMessages.noPromo);
  return { message: SubscriptionMessages.promoRemoved, subscription: await getSubscription({ customerId, config }) };
}
