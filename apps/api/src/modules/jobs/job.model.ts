import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { JobStatuses, StageKinds } from '@hireflow/contracts/jobs';
import { tenantField, tenantOwned } from '../../lib/tenancy';
import { positionFields } from './position-fields';

/**
 * A vacancy. Its pipeline stages are copied from the company's workflow template when it is created,
 * and `stageCounts` (stage id -> applications in it) and `kindCounts` (stage kind -> applications) are kept up
 * to date with $inc in the same transaction as every stage change, so job lists never aggregate applications.
 */
const jobSchema = new Schema(
  {
    customerId: tenantField(),
    ...positionFields(),
    status: { type: String, enum: JobStatuses, default: 'draft' },
    requisitionId: { type: Schema.Types.ObjectId, ref: 'Requisition', default: null },
    description: { type: String, default: '' },
    published: { type: Boolean, default: false },
    stages: {
      type: [{ name: { type: String, required: true }, kind: { type: String, enum: StageKinds, required: true } }],
      default: [],
    },
    stageCounts: { type: Schema.Types.Mixed, default: {} },
    // Applications per kind of stage, kept with stageCounts (stage-counts.ts).
    kindCounts: { type: Schema.Types.Mixed, default: {} },
    applicantCount: { type: Number, default: 0 },
    // Everyone on the hiring team (recruiters, hiring manager, interviewers, followers, creator): /jobs/mine.
    memberIds: { type: [Schema.Types.ObjectId], default: [] },
    titleLower: { type: String, default: '' },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    openedAt: { type: Date, default: null },
    // What vacancy-analysis needs of the job's status and hire events, kept with them (reports/activity/vacancy-history.ts).
    vacancy: {
      firstOpenAt: { type: Date, default: null },
      endedAt: { type: Date, default: null },
      heldMs: { type: Number, default: 0 },
      holdSince: { type: Date, default: null },
      fills: { type: [Date], default: [] },
    },
  },
  { timestamps: true, minimize: false },
);
tenantOwned(jobSchema);
jobSchema.index({ customerId: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, status: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, memberIds: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, departmentId: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, businessUnitId: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, locationId: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, recruiterIds: 1, createdAt: -1 });
jobSchema.index({ customerId: 1, published: 1, status: 1 });
// Sorts of the job list.
jobSchema.index({ customerId: 1, titleLower: 1 });
jobSchema.index({ customerId: 1, applicantCount: -1 });

export type JobDoc = InferSchemaType<typeof jobSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Job = model('Job', jobSchema);
