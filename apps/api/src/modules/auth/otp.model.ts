import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/** The one live sign-in code of a user: a keyed hash, the tries used so far, and when it expires. */
const otpSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    codeHash: { type: String, required: true },
    tries: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true, versionKey: false },
);
otpSchema.index({ userId: 1 }, { unique: true });
otpSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type OtpDoc = InferSchemaType<typeof otpSchema> & { _id: Types.ObjectId; createdAt: Date };
export const Otp = model('Otp', otpSchema);
