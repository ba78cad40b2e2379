import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { NotificationMailKinds, NotificationMailLabels } from '@hireflow/contracts/preferences';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** One row per user who changed a preference; absent kinds fall back to the defaults in the contracts. */
const userPreferenceSchema = new Schema(
  {
    customerId: tenantField({ required: false }),
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    notifications: Object.fromEntries(NotificationMailKinds.map((k) => [k, { type: Boolean, default: NotificationMailLabels[k].default }])),
    // The job last opened on the board (/workflow): the board opens on it next time.
    boardJobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
  },
  { timestamps: true },
);
tenantOwned(userPreferenceSchema);
userPreferenceSchema.index({ userId: 1 }, { unique: true });
userPreferenceSchema.index({ customerId: 1, userId: 1 });

export type UserPreferenceDoc = InferSchemaType<typeof userPreferenceSchema> & { _id: Types.ObjectId };
export const UserPreference = model('UserPreference', userPreferenceSchema);
