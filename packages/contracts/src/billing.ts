// Plans, trial, seats, tax and the billing paths: the one place plans are defined (API and SPA read them
// from here). Subscription and promo schemas live in billing-subscription.ts, invoices in billing-invoices.ts.
// No zod here: the SPA's route guards and nav import it.

/** Money is kept in minor units (cents) of one currency. */
export const BillingCurrency = 'EUR';

export const PlanIds = ['starter', 'growth', 'enterprise'] as const;
export type TPlanId = (typeof PlanIds)[number];

/** What a plan may switch on beyond hiring itself (jobs, candidates, pipeline, interviews, offers, referrals). */
export const PlanFeatures = ['reports', 'agencies', 'integrations', 'api'] as const;
export type TPlanFeature = (typeof PlanFeatures)[number];

export const PlanFeatureLabels: Record<TPlanFeature, string> = {
  reports: 'Reports',
  agencies: 'Recruitment agencies',
  integrations: 'Gmail, Outlook and calendar integrations',
  api: 'Public API and webhooks',
};

export type TPlan = { id: TPlanId; name: string; monthlyPriceMinor: number; seats: number; features: readonly TPlanFeature[]; blurb: string };

export const Plans: Record<TPlanId, TPlan> = {
  starter: { id: 'starter', name: 'Starter', monthlyPriceMinor: 9_900, seats: 5, features: ['reports'], blurb: 'For a small team hiring now and then.' },
  growth: { id: 'growth', name: 'Growth', monthlyPriceMinor: 39_900, seats: 25, features: ['reports', 'agencies', 'integrations'], blurb: 'For a hiring team with agencies and calendars.' },
  enterprise: { id: 'enterprise', name: 'Enterprise', monthlyPriceMinor: 119_900, seats: 100, features: ['reports', 'agencies', 'integrations', 'api'], blurb: 'For companies that connect their own systems.' },
};

/** A new company tries this plan for TrialDays with every feature open; then its plan's features apply. */
export const TrialPlan: TPlanId = 'growth';
export const TrialDays = 14;

/**
 * A subscription's state. trialing: in the free trial; active: paying (or invoiced) normally; past_due: an
 * invoice is overdue; canceled: no longer subscribed (the company keeps its data; features of its plan stop).
 */
export const SubscriptionStates = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type TSubscriptionState = (typeof SubscriptionStates)[number];

/** Tax rate in percent by the company's country (ISO 3166-1 alpha-2, from its company profile); others pay 0%. */
export const TaxRates: Record<string, number> = {
  AT: 20, BE: 21, DE: 19, DK: 25, ES: 21, FI: 25.5, FR: 20, GB: 20, IE: 23, IT: 22, NL: 21, PL: 23, PT: 23, SE: 25, CH: 8.1, NO: 25, US: 0, CA: 5, AU: 10, IN: 18, SG: 9,
};
export const taxRateFor = (country: string | null | undefined): number => (country ? TaxRates[country.toUpperCase()] ?? 0 : 0);

/** Money in words for screens, mails and invoices: "€399.00". */
export function formatMoney(minor: number, currency = BillingCurrency): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(minor / 100);
}

export const BillingApi = {
  // The company admin's subscription (right companySettings): plans, state, change plan, promo.
  subscription: '/api/subscription',
  subscriptionQuote: '/api/subscription/quote',
  subscriptionPlan: '/api/subscription/plan',
  subscriptionPromo: '/api/subscription/promo',
  // Invoices (same right) and their PDFs; paying one online when Stripe is configured.
  invoices: '/api/invoices',
  invoice: '/api/invoices/:id',
  invoicePdf: '/api/invoices/:id/pdf',
  invoicePay: '/api/invoices/:id/pay',
  // The payment provider's webhook (Stripe; verified with the signing secret).
  stripeWebhook: '/api/billing/stripe/webhook',
  // The platform super admin.
  superadminPromos: '/api/superadmin/promos',
  superadminPromo: '/api/superadmin/promos/:id',
  superadminInvoices: '/api/superadmin/invoices',
  superadminInvoiceMarkPaid: '/api/superadmin/invoices/:id/mark-paid',
} as const;

export const BillingMessages = {
  featureNotInPlan: (feature: TPlanFeature, plan: string) =>
    `${PlanFeatureLabels[feature]} are not part of the ${plan} plan. An admin can change the plan on Company settings → Subscription.`,
  seatsFull: (seats: number) =>
    `All ${seats} seats of your plan are taken. Deactivate a user, or ask an admin to change to a bigger plan on Company settings → Subscription.`,
  seatsTooFew: (seats: number, free: number, wanted: number) =>
    `Your plan has ${seats} seats and ${free} ${free === 1 ? 'is' : 'are'} free, so ${wanted} more users cannot be added. Deactivate users, or ask an admin to change to a bigger plan on Company settings → Subscription.`,
} as const;
