import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A company's turnaround targets (company-settings/tatsettings): days a candidate should spend at most in
 * each stage kind (bottleneck report) and days a job should take to fill (vacancy ageing). One per company;
 * absent: TatDefaults. `updatedByName` keeps the name the saver had then (shown as "last changed by").
 */
const tatSettingsSchema = new Schema(
  {
    customerId: tenantField(),
    stages: {
      screening: { type: Number, required: true },
      interview: { type: Number, required: true },
      offer: { type: Number, required: true },
    },
    vacancyDays: { type: Number, required: true },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    updatedByName: { type: String, default: '' },
  },
  { timestamps: true, versionKey: false },
);
tenantOwned(tatSettingsSchema);
tatSettingsSchema.index({ customerId: 1 }, { unique: true });

export type TatSettingsDoc = InferSchemaType<typeof tatSettingsSchema> & { _id: Types.ObjectId; updatedAt: Date };
export const TatSettings = model('TatSettings', tatSettingsSchema);
