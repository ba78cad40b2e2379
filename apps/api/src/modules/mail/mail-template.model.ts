import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { MailTemplateKinds } from '@hireflow/contracts/mail-templates';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A company's reusable mail with merge fields (contracts/mail-templates); `kind` says which flow offers it. */
const mailTemplateSchema = new Schema(
  {
    customerId: tenantField(),
    kind: { type: String, enum: MailTemplateKinds, required: true },
    name: { type: String, required: true, trim: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true, versionKey: false },
);
tenantOwned(mailTemplateSchema);
mailTemplateSchema.index({ customerId: 1, kind: 1, name: 1 });

export type MailTemplateDoc = InferSchemaType<typeof mailTemplateSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const MailTemplate = model('MailTemplate', mailTemplateSchema);
