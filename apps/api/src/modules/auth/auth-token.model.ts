import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

// agency-*: keys of agency users (AgencyUser ids), used only by the agency portal's password call.
export const AuthTokenPurposes = ['reset', 'invite', 'verify', 'continue', 'domain', 'agency-invite', 'agency-reset'] as const;
export type TAuthTokenPurpose = (typeof AuthTokenPurposes)[number];

/**
 * Single-use keys mailed to a user (reset, invitation, email verification) or handed to the SPA
 * (continue after verification), or mailed on a user's behalf to prove something else (`scope`: what the key
 * proves, e.g. a company's claim on an email domain). Only the SHA-256 of the key is stored; using it deletes the row.
 */
const authTokenSchema = new Schema(
  {
    purpose: { type: String, enum: AuthTokenPurposes, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    keyHash: { type: String, required: true },
    scope: { type: String, default: null },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true, versionKey: false },
);
authTokenSchema.index({ keyHash: 1 }, { unique: true });
authTokenSchema.index({ userId: 1, purpose: 1 });
authTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type AuthTokenDoc = InferSchemaType<typeof authTokenSchema> & { _id: Types.ObjectId };
export const AuthToken = model('AuthToken', authTokenSchema);
