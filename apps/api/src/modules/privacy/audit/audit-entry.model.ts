import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { AuditActions } from '@hireflow/contracts/privacy';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * The privacy audit trail: who viewed, exported, changed or erased personal data, and who signed in. Written
 * only through recordAudit (audit.ts); kept for the company's auditMonths (the daily privacy run deletes older
 * entries). `personName` is the candidate's name at the time, replaced by the anonymous name on erasure.
 */
const auditEntrySchema = new Schema(
  {
    customerId: tenantField(),
    at: { type: Date, required: true },
    action: { type: String, enum: AuditActions, required: true },
    actorId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    actorName: { type: String, default: '' },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', default: null },
    personName: { type: String, default: '' },
    /** Lower-cased name and email of the person, for the search box; '' after erasure. */
    personKey: { type: String, default: '' },
    detail: { type: String, default: '' },
  },
  { versionKey: false },
);
tenantOwned(auditEntrySchema);
auditEntrySchema.index({ customerId: 1, at: -1 });
auditEntrySchema.index({ customerId: 1, action: 1, at: -1 });
auditEntrySchema.index({ customerId: 1, actorId: 1, at: -1 });
auditEntrySchema.index({ customerId: 1, candidateId: 1, at: -1 });

export type AuditEntryDoc = InferSchemaType<typeof auditEntrySchema> & { _id: Types.ObjectId };
export const AuditEntry = model('AuditEntry', auditEntrySchema);
