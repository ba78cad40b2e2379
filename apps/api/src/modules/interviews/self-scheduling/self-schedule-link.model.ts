import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { InterviewModes } from '@hireflow/contracts/interviews';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A link a candidate books one interview through (the public /schedule/:token page). Only the SHA-256 of
 * its random token is stored; it works once (`usedAt`) and until `expiresAt`. What it books is fixed here:
 * the round, the length, the panel, how and where, and the window the free slots are offered in.
 */
const selfScheduleLinkSchema = new Schema(
  {
    customerId: tenantField(),
    tokenHash: { type: String, required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    candidateId: { type: Schema.Types.ObjectId, required: true },
    jobId: { type: Schema.Types.ObjectId, required: true },
    roundId: { type: Schema.Types.ObjectId, default: null },
    roundName: { type: String, default: '' },
    durationMinutes: { type: Number, required: true },
    interviewerIds: { type: [Schema.Types.ObjectId], default: [] },
    mode: { type: String, enum: InterviewModes, required: true },
    roomAddressId: { type: Schema.Types.ObjectId, default: null },
    videoLink: { type: String, default: '' },
    phone: { type: String, default: '' },
    from: { type: Date, required: true },
    to: { type: Date, required: true },
    /** The recruiter's time zone: the page's default and the invitation's. */
    timeZone: { type: String, required: true },
    templateId: { type: Schema.Types.ObjectId, default: null },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    interviewId: { type: Schema.Types.ObjectId, default: null },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true },
);
tenantOwned(selfScheduleLinkSchema);
selfScheduleLinkSchema.index({ tokenHash: 1 }, { unique: true });
selfScheduleLinkSchema.index({ customerId: 1, applicationId: 1, createdAt: -1 });

export type SelfScheduleLinkDoc = InferSchemaType<typeof selfScheduleLinkSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const SelfScheduleLink = model('SelfScheduleLink', selfScheduleLinkSchema);
