import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * A candidate an agency submitted to one job: the application it created (source "agency"). `emailKey` is
 * the person's lower-case email: the duplicate rule reads it (another agency's earlier submission of the
 * same person to the company refuses a new one). `placement` is recorded when the candidate accepts an
 * offer: the fee as the agency's percentage of the offer's base, in the offer's currency's minor units.
 */
const agencySubmissionSchema = new Schema(
  {
    customerId: tenantField(),
    agencyId: { type: Schema.Types.ObjectId, ref: 'Agency', required: true },
    agencyUserId: { type: Schema.Types.ObjectId, ref: 'AgencyUser', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    emailKey: { type: String, required: true },
    candidateName: { type: String, required: true },
    note: { type: String, default: '' },
    submittedAt: { type: Date, required: true },
    placement: {
      type: new Schema(
        {
          offerId: { type: Schema.Types.ObjectId, ref: 'Offer', required: true },
          currency: { type: String, required: true },
          baseMinor: { type: Number, required: true },
          feeBasisPoints: { type: Number, required: true },
          feeMinor: { type: Number, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);
tenantOwned(agencySubmissionSchema);
agencySubmissionSchema.index({ customerId: 1, jobId: 1, emailKey: 1 }, { unique: true });
agencySubmissionSchema.index({ customerId: 1, emailKey: 1, submittedAt: 1 });
agencySubmissionSchema.index({ customerId: 1, agencyId: 1, submittedAt: -1 });
agencySubmissionSchema.index({ customerId: 1, agencyId: 1, jobId: 1 });
agencySubmissionSchema.index({ customerId: 1, applicationId: 1 });

export type AgencySubmissionDoc = InferSchemaType<typeof agencySubmissionSchema> & { _id: Types.ObjectId };
export const AgencySubmission = model('AgencySubmission', agencySubmissionSchema);
