import { Schema, model, type InferSchemaType } from 'mongoose';
import { PlanIds, SubscriptionStates } from '@hireflow/contracts/billing';

/** A claimed email domain awaiting proof, and where the last proof link went. */
const pendingDomainSchema = new Schema(
  { domain: { type: String, required: true }, proofSentTo: { type: String, default: null }, proofSentAt: { type: Date, default: null } },
  { _id: false },
);

/** A company using the product: the tenant every other document belongs to. */
const customerSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    // Unset until the admin finishes onboarding; unique among those that have one.
    slug: { type: String, trim: true, lowercase: true },
    isAuthorized: { type: Boolean, default: false },
    userOptionsPage: { type: Boolean, default: false },
    status: { type: String, enum: ['active', 'suspended'], default: 'active' },
    // Proven domains only: these capture self-sign-ups. Claims awaiting proof wait in pendingDomains.
    domains: { type: [String], default: [] },
    pendingDomains: { type: [pendingDomainSchema], default: [] },
    website: { type: String, default: '' },
    careerIntro: { type: String, default: '' },
    // The company profile (company-settings/company-profile): the career site, mails, offer letters and
    // invoices show it; the address's country decides the invoices' tax rate.
    profile: {
      address: {
        line1: { type: String, default: '' },
        line2: { type: String, default: '' },
        city: { type: String, default: '' },
        region: { type: String, default: '' },
        postalCode: { type: String, default: '' },
        country: { type: String, default: '' },
      },
      industry: { type: String, default: '' },
      size: { type: String, default: '' },
      about: { type: String, default: '' },
    },
    // Billing (contracts billing.ts): the plan, its seats (the super admin may grant more), the trial's end
    // (null: no trial) and the subscription's state; the promo applied to the coming invoices.
    plan: { type: String, enum: PlanIds, default: 'growth' },
    seats: { type: Number, default: 25 },
    trialEndsAt: { type: Date, default: null },
    subscription: {
      status: { type: String, enum: SubscriptionStates, default: 'active' },
      promoId: { type: Schema.Types.ObjectId, ref: 'Promo', default: null },
      // Set by the Stripe provider once the company paid through it.
      stripeCustomerId: { type: String, default: null },
    },
    // Written by assertSeatsFor in the transaction that adds users, so two concurrent adds conflict.
    seatsCheckedAt: { type: Date, default: null },
    // Look and feel (company-settings/look-feel): a stored image file id (PNG or JPEG, resized) and a #rrggbb
    // colour that passed the contrast check. Career site, candidate pages, mails and offer letters use them.
    branding: {
      logoFileId: { type: String, default: null },
      primaryColor: { type: String, default: null },
    },
    // Preferences (company-settings/preferences; contracts company.ts ZCompanyPreferences). Retention periods are
    // applied by the privacy issue; null keeps data until someone erases it.
    preferences: {
      timeZone: { type: String, default: 'UTC' },
      dateFormat: { type: String, default: 'DD/MM/YYYY' },
      weekStart: { type: Number, default: 1 },
      retention: {
        rejectedMonths: { type: Number, default: null },
        sourcedDays: { type: Number, default: null },
        withdrawnMonths: { type: Number, default: null },
      },
    },
    // Privacy (company-settings/privacy; contracts privacy.ts ZPrivacySettings).
    privacy: {
      notice: { type: String, default: '' },
      requireConsent: { type: Boolean, default: true },
      consentMonths: { type: Number, default: 24 },
      auditMonths: { type: Number, default: 24 },
    },
  },
  { timestamps: true },
);
customerSchema.index({ slug: 1 }, { unique: true, partialFilterExpression: { slug: { $type: 'string' } } });
customerSchema.index({ domains: 1 });
// The super admin's company list: newest first, optionally by state (status + isAuthorized).
customerSchema.index({ createdAt: -1, _id: -1 });
customerSchema.index({ status: 1, isAuthorized: 1, createdAt: -1, _id: -1 });

export type CustomerDoc = InferSchemaType<typeof customerSchema> & { _id: import('mongoose').Types.ObjectId };
export const Customer = model('Customer', customerSchema);
