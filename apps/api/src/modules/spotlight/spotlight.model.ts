import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { SpotlightRoles } from '@hireflow/contracts/spotlight';

/**
 * An announcement of the platform super admin. Platform-owned, not tenant-owned: it targets companies
 * (all of them, or those in companyIds) and roles, between validFrom and validTo.
 */
const spotlightSchema = new Schema(
  {
    title: { type: String, required: true },
    /** Sanitised rich text (lib/rich-text). */
    body: { type: String, required: true },
    link: {
      type: new Schema({ url: { type: String, required: true }, label: { type: String, required: true } }, { _id: false }),
      default: null,
    },
    allCompanies: { type: Boolean, required: true },
    companyIds: { type: [Schema.Types.ObjectId], ref: 'Customer', default: [] },
    roles: { type: [String], enum: SpotlightRoles, required: true },
    validFrom: { type: Date, required: true },
    validTo: { type: Date, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true },
);
// A user's dashboard asks for what has not ended, for all companies or for theirs: one index per branch of the $or.
spotlightSchema.index({ allCompanies: 1, validTo: 1 });
spotlightSchema.index({ companyIds: 1, validTo: 1 });
// The super admin's list, latest start first.
spotlightSchema.index({ validFrom: -1, _id: -1 });

export type SpotlightDoc = InferSchemaType<typeof spotlightSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Spotlight = model('Spotlight', spotlightSchema);

/** A user hid an announcement from their dashboard; remembered per user, removed with the announcement. */
const spotlightDismissalSchema = new Schema(
  {
    announcementId: { type: Schema.Types.ObjectId, ref: 'Spotlight', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
spotlightDismissalSchema.index({ userId: 1, announcementId: 1 }, { unique: true });
// Counting an announcement's dismissals and deleting them with it.
spotlightDismissalSchema.index({ announcementId: 1 });

export const SpotlightDismissal = model('SpotlightDismissal', spotlightDismissalSchema);
