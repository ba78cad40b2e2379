import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { AccessRightKeys, AdditionalRoles, BasicRoles } from '@hireflow/contracts/roles';
import { UserStatuses } from '@hireflow/contracts/users';
import { tenantField, tenantOwned } from '../../lib/tenancy';

const userSchema = new Schema(
  {
    // The platform super admin belongs to no company.
    customerId: tenantField({ required: false }),
    firstName: { type: String, required: true, trim: true },
    lastName: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    mobile: { type: String, default: '' },
    eCode: { type: String, default: '' },
    role: { type: String, enum: BasicRoles, default: 'employee' },
    admin: { type: Boolean, default: false },
    siteAdmin: { type: Boolean, default: false },
    superUser: { type: Boolean, default: false },
    superAdmin: { type: Boolean, default: false },
    status: { type: String, enum: UserStatuses, default: 'active' },
    addlRoles: { type: [String], enum: AdditionalRoles, default: [] },
    rights: { type: [String], enum: AccessRightKeys, default: [] },
    passwordHash: { type: String, default: null },
    emailVerification: {
      keyHash: { type: String, default: null },
      status: { type: Boolean, default: false },
    },
    timezone: { type: String, default: 'UTC' },
    location: { type: Schema.Types.ObjectId, ref: 'Location', default: null },
    department: { type: Schema.Types.ObjectId, ref: 'Department', default: null },
    buItemId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    bufollow: { type: [Schema.Types.ObjectId], default: [] },
    managers: { type: [Schema.Types.ObjectId], default: [] },
    authProviders: { type: [String], default: [] },
    lastLoginAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(userSchema);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ customerId: 1, status: 1, lastName: 1, firstName: 1, _id: 1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId; createdAt: Date };
export const User = model('User', userSchema);
