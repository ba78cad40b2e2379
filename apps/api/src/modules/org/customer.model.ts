import { Schema, model, type InferSchemaType } from 'mongoose';

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
    plan: { type: String, default: 'trial' },
    seats: { type: Number, default: 25 },
    // Look and feel (company-settings/look-feel): a stored image file id (PNG or JPEG) and a #rrggbb colour.
    // Offer letters and candidate pages use them when set.
    branding: {
      logoFileId: { type: String, default: null },
      primaryColor: { type: String, default: null },
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
