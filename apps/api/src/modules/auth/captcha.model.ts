import { Schema, model } from 'mongoose';

/** One issued captcha: only a keyed hash of its answer; deleted on first check, right or wrong. */
const captchaSchema = new Schema(
  {
    _id: { type: String, required: true },
    answerHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
captchaSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const Captcha = model('Captcha', captchaSchema);
