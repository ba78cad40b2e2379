import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ApplicationSources } from '@hireflow/contracts/candidates';
import { StageKinds } from '@hireflow/contracts/jobs';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A candidate on a job. `source` and the `atCreation` snapshot are fixed when it is created
 * (first touch, and the job's business unit / recruiters / hiring manager at that time).
 */
const applicationSchema = new Schema(
  {
    customerId: tenantField(),
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    stageId: { type: Schema.Types.ObjectId, required: true },
    stageKind: { type: String, enum: StageKinds, required: true },
    // When it entered its current stage (days in stage, board order) and the stage event that put it
    // there: delayed work of that stage (rejection mail, automations) runs only while they still match.
    stageEnteredAt: { type: Date, required: true },
    lastStageEventId: { type: Schema.Types.ObjectId, default: null },
    source: { type: String, enum: ApplicationSources, required: true, immutable: true },
    appliedAt: { type: Date, required: true, immutable: true },
    // Who brought them, fixed at creation: the employee of a referral, the agency of a submission.
    referrerId: { type: Schema.Types.ObjectId, ref: 'User', default: null, immutable: true },
    agencyId: { type: Schema.Types.ObjectId, ref: 'Agency', default: null, immutable: true },
    atCreation: {
      businessUnitId: { type: Schema.Types.ObjectId, default: null },
      departmentId: { type: Schema.Types.ObjectId, default: null },
      recruiterIds: { type: [Schema.Types.ObjectId], default: [] },
      hiringManagerId: { type: Schema.Types.ObjectId, default: null },
    },
    ownerId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    answers: { type: [{ questionId: String, label: String, answer: String }], default: [] },
    // A stored file's random id (files module), never an ObjectId.
    resumeFileId: { type: String, default: null },
    resumeFilename: { type: String, default: '' },
    // Denormalised for the job's applicant list (no join per row).
    candidateName: { type: String, default: '' },
    candidateEmail: { type: String, default: '' },
    // The phone this applicant gave; the candidate's own phone is only filled when it was blank.
    candidatePhone: { type: String, default: '' },
    rejectionReason: { type: String, default: '' },
    rejectedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    withdrawn: { type: Boolean, default: false },
    // Speed screening's "hold": decided later, kept out of the queue of new applicants meanwhile.
    onHold: { type: Boolean, default: false },
  },
  { timestamps: true },
);
tenantOwned(applicationSchema);
applicationSchema.index({ customerId: 1, jobId: 1, candidateId: 1 }, { unique: true });
applicationSchema.index({ customerId: 1, jobId: 1, appliedAt: -1 });
applicationSchema.index({ customerId: 1, candidateId: 1 });
applicationSchema.index({ customerId: 1, source: 1, appliedAt: 1 });
// The super admin's company usage: applications of a company since a date.
applicationSchema.index({ customerId: 1, appliedAt: -1 });
// A board column and a stage list, newest in the stage first (cursor on stageEnteredAt, _id).
applicationSchema.index({ customerId: 1, jobId: 1, stageId: 1, stageEnteredAt: -1, _id: -1 });
applicationSchema.index({ customerId: 1, stageKind: 1, stageEnteredAt: -1, _id: -1 });
// The stage list's other sorts: by name, and by job (then newest in stage).
applicationSchema.index({ customerId: 1, stageKind: 1, candidateName: 1, _id: 1 });
applicationSchema.index({ customerId: 1, stageKind: 1, jobId: 1, stageEnteredAt: -1, _id: -1 });

export type ApplicationDoc = InferSchemaType<typeof applicationSchema> & { _id: Types.ObjectId };
export const Application = model('Application', applicationSchema);
