import { z } from 'zod';
import { PlanFeatures, PlanIds, Plans, SubscriptionStates, type TPlanId } from './billing';

// ---------------------------------------------------------------------------------------------
// The company admin's subscription (company-settings/Subscription) and the platform's promo codes
// (/superadmin/promos). Plans, prices and seats come from billing.ts; paths are BillingApi's.
// ---------------------------------------------------------------------------------------------

/** A promo code takes a percentage (1-100) or a fixed amount (minor units) off a plan's monthly price. */
export const PromoKinds = ['percent', 'amount'] as const;
export type TPromoKind = (typeof PromoKinds)[number];

export const PromoValidation = {
  minCodeLength: 3,
  maxCodeLength: 32,
  /** Letters, digits, dash and underscore; stored in capitals, so codes are unique whatever their case. */
  codePattern: /^[A-Za-z0-9_-]+$/,
  maxPercent: 100,
  maxAmountMinor: 10_000_000,
  maxUses: 1_000_000,
} as const;

/** How a code's text is stored and compared: trimmed capitals ("launch20" and "LAUNCH20" are one code). */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

const ZPromoCode = z
  .string({ error: 'is required' })
  .trim()
  .min(PromoValidation.minCodeLength, { error: `must be at least ${PromoValidation.minCodeLength} characters` })
  .max(PromoValidation.maxCodeLength, { error: `must be at most ${PromoValidation.maxCodeLength} characters` })
  .regex(PromoValidation.codePattern, { error: 'may hold only letters, digits, - and _' })
  .transform(normalisePromoCode);

const ZDateInput = z.coerce.date({ error: 'must be a date' });

const promoFields = {
  code: ZPromoCode,
  kind: z.enum(PromoKinds, { error: 'must be percent or amount' }),
  /** percent: 1-100; amount: minor units (cents) taken off the monthly price. */
  value: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(PromoValidation.maxAmountMinor, { error: 'is too large' }),
  plans: z.array(z.enum(PlanIds, { error: 'must be starter, growth or enterprise' })).min(1, { error: 'choose at least one plan' }),
  validFrom: ZDateInput.nullable().optional().default(null),
  validTo: ZDateInput.nullable().optional().default(null),
  /** null: no limit. */
  maxUses: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(PromoValidation.maxUses).nullable().optional().default(null),
  active: z.boolean({ error: 'must be true or false' }).optional().default(true),
};

type PromoShape = { kind?: TPromoKind; value?: number; validFrom?: Date | null; validTo?: Date | null };
function checkPromo(p: PromoShape, ctx: z.RefinementCtx) {
  if (p.kind === 'percent' && p.value !== undefined && p.value > PromoValidation.maxPercent) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage must be between 1 and 100' });
  }
  if (p.validFrom && p.validTo && p.validTo.getTime() <= p.validFrom.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must be after the start date' });
  }
}

export const ZPromoInput = z.object(promoFields).superRefine(checkPromo);
export type TPromoInput = z.input<typeof ZPromoInput>;

/** PATCH: any of the fields; the kind and value are checked together when the kind is sent. */
export const ZPromoPatch = z
  .object({
    code: promoFields.code.optional(),
    kind: promoFields.kind.optional(),
    value: promoFields.value.optional(),
    plans: promoFields.plans.optional(),
    validFrom: ZDateInput.nullable().optional(),
    validTo: ZDateInput.nullable().optional(),
    maxUses: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(PromoValidation.maxUses).nullable().optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine(checkPromo);
export type TPromoPatch = z.input<typeof ZPromoPatch>;

export const ZPromo = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PromoKinds),
  value: z.number(),
  plans: z.array(z.enum(PlanIds)),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().nullable(),
  usesSoFar: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type TPromo = z.infer<typeof ZPromo>;

export const ZPromoList = z.object({ items: z.array(ZPromo) });
export type TPromoList = z.infer<typeof ZPromoList>;

/** The monthly price after a promo: a percentage rounds to the cent; a fixed amount never goes below zero. */
export function discountedPriceMinor(priceMinor: number, promo: { kind: TPromoKind; value: number } | null | undefined): number {
  if (!promo) return priceMinor;
  const off = promo.kind === 'percent' ? Math.round((priceMinor * Math.min(promo.value, 100)) / 100) : promo.value;
  return Math.max(0, priceMinor - off);
}

/** "20% off" / "€50.00 off", for screens. */
export function describePromo(promo: { kind: TPromoKind; value: number }, formatMinor: (minor: number) => string): string {
  return promo.kind === 'percent' ? `${promo.value}% off` : `${formatMinor(promo.value)} off`;
}

// ---------------------------------------------------------------------------------------------
// The company's subscription
// ---------------------------------------------------------------------------------------------

export const ZAppliedPromo = z.object({
  code: z.string(),
  kind: z.enum(PromoKinds),
  value: z.number(),
  plans: z.array(z.enum(PlanIds)),
  /** Whether it takes money off the current plan (a code for other plans waits until the plan changes). */
  appliesToPlan: z.boolean(),
});
export type TAppliedPromo = z.infer<typeof ZAppliedPromo>;

export const ZPlanOffer = z.object({
  id: z.enum(PlanIds),
  name: z.string(),
  blurb: z.string(),
  seats: z.number(),
  features: z.array(z.enum(PlanFeatures)),
  priceMinor: z.number(),
  /** With the applied promo, if it applies to this plan. */
  discountedPriceMinor: z.number(),
  current: z.boolean(),
});
export type TPlanOffer = z.infer<typeof ZPlanOffer>;

export const ZSubscriptionView = z.object({
  plan: z.enum(PlanIds),
  planName: z.string(),
  currency: z.string(),
  priceMinor: z.number(),
  discountedPriceMinor: z.number(),
  seats: z.number(),
  seatsUsed: z.number(),
  state: z.enum(SubscriptionStates),
  inTrial: z.boolean(),
  trialEndsAt: z.string().nullable(),
  trialDaysLeft: z.number().nullable(),
  /** What the company may use now (every feature during the trial). */
  features: z.array(z.enum(PlanFeatures)),
  promo: ZAppliedPromo.nullable(),
  plans: z.array(ZPlanOffer),
  /** manual: a plan change applies at once; stripe: the admin pays at checkout first. */
  provider: z.enum(['manual', 'stripe']),
});
export type TSubscriptionView = z.infer<typeof ZSubscriptionView>;

export const ZQuoteQuery = z.object({
  plan: z.enum(PlanIds, { error: 'must be starter, growth or enterprise' }),
  code: z.string().trim().max(PromoValidation.maxCodeLength, { error: 'is too long' }).optional().default(''),
});
export type TQuoteQuery = z.input<typeof ZQuoteQuery>;

export const ZQuote = z.object({
  currentPlan: z.enum(PlanIds),
  plan: z.enum(PlanIds),
  /** What the company pays a month now (with its promo). */
  currentPriceMinor: z.number(),
  /** The chosen plan's list price and its price with the promo (the code asked about, else the applied one). */
  priceMinor: z.number(),
  newPriceMinor: z.number(),
  /** newPriceMinor - currentPriceMinor: positive costs more a month, negative saves. */
  differenceMinor: z.number(),
  promo: ZAppliedPromo.nullable(),
  /** Why an asked-about code does not apply (unknown, expired, ...), in words; null when it applies or none was asked. */
  promoProblem: z.string().nullable(),
  /** Why this change would be refused (too few seats), in words. */
  blocked: z.string().nullable(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZPlanChangeRequest = z.object({ plan: z.enum(PlanIds, { error: 'must be starter, growth or enterprise' }) });
export type TPlanChangeRequest = z.infer<typeof ZPlanChangeRequest>;

export const ZPlanChangeResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('applied'), message: z.string(), subscription: ZSubscriptionView }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
]);
export type TPlanChangeResponse = z.infer<typeof ZPlanChangeResponse>;

export const ZApplyPromoRequest = z.object({
  code: z.string({ error: 'is required' }).trim().min(1, { error: 'enter a promo code' }).max(PromoValidation.maxCodeLength, { error: 'is too long' }),
});
export type TApplyPromoRequest = z.infer<typeof ZApplyPromoRequest>;

export const ZSubscriptionResponse = z.object({ message: z.string(), subscription: ZSubscriptionView });
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

const planName = (plan: TPlanId) => Plans[plan].name;

export const SubscriptionMessages = {
  promoUnknown: 'This promo code does not exist. Check the spelling.',
  promoInactive: 'This promo code is no longer offered.',
  promoNotYetValid: (from: string) => `This promo code can be used from ${from}.`,
  promoExpired: (to: string) => `This promo code expired on ${to}.`,
  promoUsedUp: 'This promo code has been used as many times as it allows.',
  promoAlreadyUsed: 'Your company has already used this promo code.',
  promoWrongPlan: (plan: TPlanId, plans: readonly TPlanId[]) =>
    `This promo code is not for the ${planName(plan)} plan; it applies to ${plans.map(planName).join(', ')}.`,
  promoApplied: (code: string, price: string) => `Promo code ${code} applied. Your plan now costs ${price} a month.`,
  promoRemoved: 'The promo code is removed from your subscription.',
  noPromo: 'No promo code is applied.',
  samePlan: (plan: TPlanId) => `Your company is already on the ${planName(plan)} plan.`,
  tooFewSeatsForPlan: (plan: TPlanId, seats: number, active: number) =>
    `The ${planName(plan)} plan has ${seats} seats but ${active} users are active. Deactivate ${active - seats} ${active - seats === 1 ? 'user' : 'users'} on Company settings → Manage users first, or choose a bigger plan.`,
  planChanged: (plan: TPlanId, price: string) => `Your company is now on the ${planName(plan)} plan at ${price} a month.`,
  codeTaken: (code: string) => `The promo code ${code} already exists.`,
  promoNotFound: 'Promo code not found',
} as const;
