import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

export const AgencyUserStatuses = ['invited', 'active', 'disabled'] as const;

/**
 * A person of an agency who signs in to its portal. A separate kind of account from company users
 * (never in the user list, pickers or counts): the same address may have an account with several
 * agencies or companies, so it is unique per agency, and sign-in names the agency (its link).
 * `invited` until they choose a password from the invitation mail.
 */
const agencyUserSchema = new Schema(
  {
    customerId: tenantField(),
    agencyId: { type: Schema.Types.ObjectId, ref: 'Agency', required: true },
    name: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    passwordHash: { type: String, default: null },
    status: { type: String, enum: AgencyUserStatuses, default: 'invited' },
    isContact: { type: Boolean, default: false },
    addedBy: { type: Schema.Types.ObjectId, default: null },
    lastLoginAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(agencyUserSchema);
agencyUserSchema.index({ customerId: 1, agencyId: 1, email: 1 }, { unique: true });

export type AgencyUserDoc = InferSchemaType<typeof agencyUserSchema> & { _id: Types.ObjectId };
export const AgencyUser = model('AgencyUser', agencyUserSchema);
