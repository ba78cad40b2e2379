import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { AgencyStatuses } from '@hireflow/contracts/agencies';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * An external recruiting agency a company works with. Invited by a user with the manageAgencies right,
 * approved through the agency chain (approvals module, kind "agency", subjectId = this id); only an
 * active agency's users may submit candidates, and only to `jobIds`, at most `maxCandidatesPerJob` each.
 * The fee is kept in basis points of the hire's base salary (1500 = 15%).
 */
const agencySchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true },
    contactName: { type: String, required: true },
    contactEmail: { type: String, required: true, lowercase: true },
    feeBasisPoints: { type: Number, required: true },
    guaranteeDays: { type: Number, required: true },
    jobIds: { type: [Schema.Types.ObjectId], ref: 'Job', default: [] },
    maxCandidatesPerJob: { type: Number, required: true },
    shareSalary: { type: Boolean, default: false },
    businessUnitId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    status: { type: String, enum: AgencyStatuses, required: true, default: 'pending' },
    invitedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    approvedAt: { type: Date, default: null },
    pausedAt: { type: Date, default: null },
    pausedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // Lower-case name, for the list's search.
    searchName: { type: String, default: '' },
  },
  { timestamps: true },
);
tenantOwned(agencySchema);
agencySchema.index({ customerId: 1, createdAt: -1 });
agencySchema.index({ customerId: 1, status: 1, createdAt: -1 });
agencySchema.index({ customerId: 1, contactEmail: 1 }, { unique: true });
agencySchema.index({ customerId: 1, searchName: 1 });
agencySchema.pre('validate', function () {
  this.searchName = (this.name ?? '').toLowerCase();
});

export type AgencyDoc = InferSchemaType<typeof agencySchema> & { _id: Types.ObjectId; createdAt: Date };
export const Agency = model('Agency', agencySchema);
