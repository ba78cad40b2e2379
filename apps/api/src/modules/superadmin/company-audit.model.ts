import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { CompanyActions } from '@hireflow/contracts/superadmin';

/**
 * What the platform super admin did to a company: who, when, what, why. Platform-level, not tenant-owned
 * (the company is the subject, not the owner); the actor's name and email are copied so the history
 * reads the same after the actor changes.
 */
const companyAuditSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, ref: 'Customer', required: true },
    action: { type: String, enum: CompanyActions, required: true },
    actorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    actorName: { type: String, required: true },
    actorEmail: { type: String, required: true },
    reason: { type: String, default: '' },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
companyAuditSchema.index({ companyId: 1, createdAt: -1, _id: -1 });

export type CompanyAuditDoc = InferSchemaType<typeof companyAuditSchema> & { _id: Types.ObjectId; createdAt: Date };
export const CompanyAudit = model('CompanyAudit', companyAuditSchema);
