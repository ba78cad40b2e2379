import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * Mails of the local profile (no SMTP_URL): kept here so sign-up, OTP and reset work on a laptop,
 * read through the dev mailbox. Production always has SMTP and never writes here. Kept two weeks.
 */
const outboxMailSchema = new Schema(
  {
    to: { type: String, required: true, lowercase: true, trim: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, required: true },
    kind: { type: String, required: true },
    headers: { type: Schema.Types.Mixed, default: null },
    // An iCalendar part { method, content, filename } (interview invitations).
    calendar: { type: Schema.Types.Mixed, default: null },
    // Files [{ filename, contentType, contentBase64 }] (a signed offer letter).
    attachments: { type: Schema.Types.Mixed, default: null },
    sentAt: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false },
);
outboxMailSchema.index({ to: 1, sentAt: -1 });
outboxMailSchema.index({ sentAt: 1 }, { expireAfterSeconds: 14 * 24 * 3600, name: 'sentAt_ttl' });

export type OutboxMailDoc = InferSchemaType<typeof outboxMailSchema> & { _id: Types.ObjectId };
export const OutboxMail = model('OutboxMail', outboxMailSchema);
