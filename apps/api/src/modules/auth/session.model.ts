import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/** A signed-in session; the JWT names it, so revoking the row ends the token at once on every API instance. */
const sessionSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    // 'agency': an agency user's session (userId names an AgencyUser); it reaches only the agency portal.
    accountKind: { type: String, enum: ['user', 'agency'], default: 'user' },
    customerId: { type: Schema.Types.ObjectId, ref: 'Customer', default: null },
    revokedAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
  },
  { timestamps: true },
);
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
sessionSchema.index({ customerId: 1 });

export type SessionDoc = InferSchemaType<typeof sessionSchema> & { _id: Types.ObjectId };
export const Session = model('Session', sessionSchema);

/** Ends every open session of a user (logout everywhere, password reset, deactivation). */
export async function revokeUserSessions(userId: Types.ObjectId | string) {
  await Session.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: new Date() } });
}

/** Ends every open session of a company's users (the platform super admin suspends the company). */
export async function revokeCompanySessions(customerId: Types.ObjectId | string) {
  await Session.updateMany({ customerId, revokedAt: null }, { $set: { revokedAt: new Date() } });
}
