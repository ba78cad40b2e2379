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
    // Scheduling offers slots only within these (in `timezone`); empty means Monday to Friday, 09:00 to 17:00.
    workingHours: { type: [{ _id: false, weekday: { type: Number, required: true }, start: { type: String, required: true }, end: { type: String, required: true } }], default: [] },
    // The user's mail signature (sanitised rich text), added to invitations and mails they send.
    signature: { type: String, default: '' },
    location: { type: Schema.Types.ObjectId, ref: 'Location', default: null },
    department: { type: Schema.Types.ObjectId, ref: 'Department', default: null },
    buItemId: { type: Schema.Types.ObjectId, ref: 'BusinessUnit', default: null },
    bufollow: { type: [Schema.Types.ObjectId], default: [] },
    managers: { type: [Schema.Types.ObjectId], default: [] },
    authProviders: { type: [String], default: [] },
    lastLoginAt: { type: Date, default: null },
    // Derived from names, email and eCode by the hooks below; serve the user list's search and sort from indexes.
    searchKeys: { type: [String], default: [] },
    sortName: { type: String, default: '' },
  },
  { timestamps: true },
);
tenantOwned(userSchema);
userSchema.index({ email: 1 }, { unique: true });
// The admin user list (POST /api/user) sorts by sortName, _id; each filter has an index ending in that sort.
// Declared before the older name index so that, where two indexes serve a filter equally, planners that take
// the first (the embedded server does) walk the one that already yields the list order.
userSchema.index({ customerId: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, status: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, role: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, admin: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, addlRoles: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, siteAdmin: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, superUser: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, 'emailVerification.status': 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, buItemId: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, department: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, location: 1, sortName: 1, _id: 1 });
userSchema.index({ customerId: 1, searchKeys: 1 });
userSchema.index({ customerId: 1, status: 1, lastName: 1, firstName: 1, _id: 1 });
// The platform super admin's search across companies: by name or email word (prefix), listed by name.
userSchema.index({ searchKeys: 1, sortName: 1, _id: 1 });
userSchema.index({ sortName: 1, _id: 1 });

type SearchSource = { firstName?: string | null; lastName?: string | null; email?: string | null; eCode?: string | null };

/** Lower-case words a user is found by (each name part, the email and its local part, the eCode). */
export function userSearchKeys(u: SearchSource): string[] {
  const email = (u.email ?? '').toLowerCase().trim();
  const words = [u.firstName, u.lastName, u.eCode]
    .flatMap((v) => (v ?? '').toLowerCase().split(/\s+/))
    .concat(email, email.split('@')[0] ?? '');
  return [...new Set(words.filter(Boolean))];
}

export function userSortName(u: SearchSource): string {
  return `${u.lastName ?? ''} ${u.firstName ?? ''}`.trim().toLowerCase();
}

userSchema.pre('save', function () {
  if (this.isNew || this.isModified('firstName') || this.isModified('lastName') || this.isModified('email') || this.isModified('eCode')) {
    this.searchKeys = userSearchKeys(this);
    this.sortName = userSortName(this);
  }
});
userSchema.pre('insertMany', function (docs: SearchSource[] | SearchSource) {
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    Object.assign(doc, { searchKeys: userSearchKeys(doc), sortName: userSortName(doc) });
  }
});

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId; createdAt: Date };
export const User = model('User', userSchema);
