import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { OfferStatuses, PayPeriods } from '@hireflow/contracts/offers';
import { tenantField, tenantOwned } from '../../lib/tenancy';

const minorUnits = { type: Number, validate: { validator: (v: unknown) => v === null || Number.isSafeInteger(v), message: 'money is kept in whole minor units' } };

/** Pay in integer minor units of `currency` (cents, yen): exact, never floating point. */
const compensationSchema = new Schema(
  {
    currency: { type: String, required: true },
    baseMinor: { ...minorUnits, required: true },
    period: { type: String, enum: PayPeriods, required: true },
    bonusMinor: { ...minorUnits, default: null },
    equity: { type: String, default: '' },
    otherTerms: { type: String, default: '' },
  },
  { _id: false },
);

/**
 * An offer to the candidate of one application. Its approval chain lives in the approvals module (kind
 * "offer", subjectId = this id); its history in OfferEvent. The candidate's link is a random token of
 * which only the SHA-256 is kept (`linkTokenHash`); it works until `expiresAt` and for one decision.
 */
const offerSchema = new Schema(
  {
    customerId: tenantField(),
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    // The job's business unit when created: which offer chain applies.
    businessUnitId: { type: Schema.Types.ObjectId, default: null },
    status: { type: String, enum: OfferStatuses, default: 'draft' },
    jobTitle: { type: String, required: true },
    startDate: { type: String, required: true },
    expiryDate: { type: String, required: true },
    // The end of expiryDate in the company's time zone: when the link stops working.
    expiresAt: { type: Date, required: true },
    compensation: { type: compensationSchema, required: true },
    // What the chain approved: a later change to it sends the offer through the chain again.
    approvedCompensation: { type: compensationSchema, default: null },
    templateId: { type: Schema.Types.ObjectId, ref: 'MailTemplate', default: null },
    managerId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    customFields: { type: Schema.Types.Mixed, default: {} },
    note: { type: String, default: '' },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    sentAt: { type: Date, default: null },
    sentBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // Stored files (files module ids): the letter as sent, and the signed copy.
    letterFileId: { type: String, default: null },
    signedFileId: { type: String, default: null },
    linkTokenHash: { type: String, default: null },
    viewedAt: { type: Date, default: null },
    decidedAt: { type: Date, default: null },
    acceptance: {
      type: new Schema({ typedName: String, at: Date, ip: String, userAgent: String }, { _id: false }),
      default: null,
    },
    declineReason: { type: String, default: '' },
    revokeReason: { type: String, default: '' },
    revokedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    outcomeNote: { type: String, default: '' },
    outcomeAt: { type: Date, default: null },
    // The start-date reminder to the recruiter went out (joined / no-show to record).
    startReminderSentAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(offerSchema);
offerSchema.index({ customerId: 1, applicationId: 1, createdAt: -1 });
offerSchema.index({ customerId: 1, status: 1, createdAt: -1 });
offerSchema.index({ customerId: 1, jobId: 1, createdAt: -1 });
offerSchema.index({ linkTokenHash: 1 }, { unique: true, partialFilterExpression: { linkTokenHash: { $type: 'string' } } });
// The expiry sweep and the start-date reminders.
offerSchema.index({ status: 1, expiresAt: 1 });
offerSchema.index({ status: 1, startDate: 1 });

export type OfferDoc = InferSchemaType<typeof offerSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export type OfferCompensationDoc = InferSchemaType<typeof compensationSchema>;
export const Offer = model('Offer', offerSchema);
