import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A new hire's upload of one onboarding document for one accepted offer, and its review. A new upload
 * (after "ask again", or a correction) replaces the current file; the earlier ones stay stored and listed
 * in `previousFileIds`. The file itself is owned by the application (the files API's candidate-file rules).
 */
const onboardingSubmissionSchema = new Schema(
  {
    customerId: tenantField(),
    offerId: { type: Schema.Types.ObjectId, ref: 'Offer', required: true },
    documentId: { type: Schema.Types.ObjectId, ref: 'OnboardingDocument', required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    state: { type: String, enum: ['submitted', 'accepted', 'needs_changes'], default: 'submitted' },
    fileId: { type: String, required: true },
    filename: { type: String, required: true },
    contentType: { type: String, required: true },
    size: { type: Number, required: true },
    uploadedAt: { type: Date, required: true },
    previousFileIds: { type: [String], default: [] },
    reviewedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    reviewedAt: { type: Date, default: null },
    note: { type: String, default: '' },
  },
  { timestamps: true },
);
tenantOwned(onboardingSubmissionSchema);
onboardingSubmissionSchema.index({ customerId: 1, offerId: 1, documentId: 1 }, { unique: true });
onboardingSubmissionSchema.index({ customerId: 1, documentId: 1 });

export type OnboardingSubmissionDoc = InferSchemaType<typeof onboardingSubmissionSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const OnboardingSubmission = model('OnboardingSubmission', onboardingSubmissionSchema);
