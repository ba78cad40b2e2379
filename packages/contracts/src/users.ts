import { z } from 'zod';
import { AccessRightKeys, AdditionalRoles, BasicRoles } from './roles';
import { ZEmail, ZMobile, ZName, ZObjectId, ZTimeZone, zText } from './common';
import { UserList } from './constants';

/** The stored user of SPEC section 3, as the API returns it and the SPA keeps it. */
export const ZStoredUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  mobile: z.string().optional().default(''),
  role: z.enum(BasicRoles),
  email: z.string(),
  eCode: z.string().optional().default(''),
  admin: z.boolean(),
  status: z.enum(['active', 'inactive']),
  email_verification: z.object({ key: z.string().optional(), status: z.boolean() }),
  createdAt: z.string(),
  location: z.object({ searchText: z.string(), id: z.string() }).nullable().optional(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  department: z.object({ id: z.string(), deptDisplayValue: z.string(), status: z.string() }).nullable().optional(),
  buItemId: z.object({ displayName: z.string(), id: z.string() }).nullable().optional(),
  timezone: z.string().optional().default('UTC'),
  bufollow: z.array(z.string()).default([]),
  managers: z.array(z.string()).default([]),
  addlRoles: z.array(z.enum(AdditionalRoles)).default([]),
  siteAdmin: z.boolean(),
  superUser: z.boolean(),
  superAdmin: z.boolean(),
  customerState: z
    .object({ slug: z.string().nullable(), isAuthorized: z.boolean(), userOptionsPage: z.boolean() })
    .nullable(),
});
export type TStoredUser = z.infer<typeof ZStoredUser>;

export const UserStatuses = ['active', 'inactive'] as const;

// ---------------------------------------------------------------------------------------------
// Company admin: the user list (SPEC sections 3, 7, 9) and the calls that change users.
// ---------------------------------------------------------------------------------------------


export const UsersApi = {
  list: '/api/user',
  searchUsers: '/api/searchusers/:text',
  signup: '/api/user/signup',
  profile: '/api/user/profile/:id',
  swapAdmin: '/api/user/swapAdmin',
  changeStatus: '/api/user/change_status',
  importUsers: '/api/user/import',
  /** Starts the Excel export as a background job (body: filters); the status is at ExportsApi.status. */
  startExport: '/api/user/export',
  rights: '/api/user/rights/:id',
  roles: '/api/user/roles/:id',
  special: '/api/user/special/:id',
  rolesSummary: '/api/user-roles/summary',
  resendInvitation: '/api/user/:id/resend-invitation',
} as const;

/** Role filter options of the user list; the first is the spec's default. */
export const UserRoleFilters = [
  UserList.defaultRoleFilter,
  'Admins',
  'Recruiters',
  'Employees',
  'Hiring Managers',
  'OPS',
  'OPSE',
  'Additional Recruiters',
  'Site Admins',
  'Super Users',
] as const;
export type TUserRoleFilter = (typeof UserRoleFilters)[number];

/** Status filter options of the user list; the first is the spec's default. */
export const UserStatusFilters = [UserList.defaultStatusFilter, 'Active', 'Inactive', 'Unverified'] as const;
export type TUserStatusFilter = (typeof UserStatusFilters)[number];

export const UserValidation = { maxSearchLength: 100, maxECodeLength: 40, maxSkip: 1_000_000, maxImportRows: 2000, maxImportBytes: 5 * 1024 * 1024 } as const;

/** The server side of the SPA's search text (trimmed, url-encoded): decodes when it can, trims, caps the length. */
export const ZSearchText = z
  .unknown()
  .transform((value) => {
    if (typeof value !== 'string') return '';
    let text = value;
    try {
      text = decodeURIComponent(value);
    } catch {
      // Not encoded (or a lone "%"): keep the text as typed.
    }
    return text.trim().slice(0, UserValidation.maxSearchLength);
  });

const ZOptionalId = ZObjectId.nullable().optional().or(z.literal('').transform(() => null));

export const ZUserListFilters = z.object({
  search: ZSearchText.optional().default(''),
  role: z.enum(UserRoleFilters, { error: 'is not a known role filter' }).optional().default(UserList.defaultRoleFilter),
  status: z.enum(UserStatusFilters, { error: 'is not a known status filter' }).optional().default(UserList.defaultStatusFilter),
  businessUnit: ZOptionalId,
  department: ZOptionalId,
  location: ZOptionalId,
});
export type TUserListFilters = z.infer<typeof ZUserListFilters>;
export type TUserListFiltersInput = z.input<typeof ZUserListFilters>;

export const ZUserListRequest = z.object({
  filters: ZUserListFilters.optional().default({ search: '', role: UserList.defaultRoleFilter, status: UserList.defaultStatusFilter }),
  skip: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).max(UserValidation.maxSkip, { error: 'is too large' }).optional().default(0),
  export: z.boolean().optional().default(false),
});
export type TUserListRequest = z.input<typeof ZUserListRequest>;

/** POST /api/user/export: the list's filters; every matching user goes into the file. */
export const ZStartUsersExportRequest = z.object({ filters: ZUserListRequest.shape.filters });
export type TStartUsersExportRequest = z.input<typeof ZStartUsersExportRequest>;

/** One row of the user list and of the other admin screens. */
export const ZUserRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  eCode: z.string(),
  mobile: z.string(),
  role: z.enum(BasicRoles),
  admin: z.boolean(),
  siteAdmin: z.boolean(),
  superUser: z.boolean(),
  addlRoles: z.array(z.enum(AdditionalRoles)),
  rights: z.array(z.enum(AccessRightKeys)),
  status: z.enum(UserStatuses),
  emailVerified: z.boolean(),
  timezone: z.string(),
  buItemId: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  department: z.object({ id: z.string(), deptDisplayValue: z.string(), status: z.string() }).nullable(),
  location: z.object({ id: z.string(), searchText: z.string() }).nullable(),
  /** Named so the form can show them; the update request sends their ids. */
  managers: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TUserRow = z.infer<typeof ZUserRow>;

/** SPEC section 3: `ul` holds up to pageSize + 1 rows (the extra one means "more"), `cnt` the total. */
export const ZUserListResponse = z.object({ ul: z.array(ZUserRow), cnt: z.number() });
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

/** Typeahead row for pickers (hiring team, approvers, interviewers). */
export const ZUserOption = z.object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(BasicRoles), addlRoles: z.array(z.enum(AdditionalRoles)) });
export type TUserOption = z.infer<typeof ZUserOption>;
export const ZSearchUsersResponse = z.object({ users: z.array(ZUserOption) });
export const SearchUsersLimit = 20;

const userFields = {
  firstName: ZName,
  lastName: ZName,
  mobile: ZMobile.optional().or(z.literal('')).default(''),
  eCode: zText().trim().max(UserValidation.maxECodeLength, { error: 'is too long' }).optional().default(''),
  role: z.enum(BasicRoles, { error: 'must be recruiter or employee' }),
  addlRoles: z.array(z.enum(AdditionalRoles, { error: 'is not a known role' })).max(AdditionalRoles.length).optional().default([]),
  buItemId: ZOptionalId,
  department: ZOptionalId,
  location: ZOptionalId,
  timezone: ZTimeZone.optional().default('UTC'),
};

/** The users someone reports to: ids of users of the same company. */
export const ManagerLimit = 20;
const ZManagerIds = z.array(ZObjectId).max(ManagerLimit, { error: `may hold at most ${ManagerLimit} managers` });

/** POST /api/user/signup: an admin adds a user; buItemId, department and managers are sent as ids. */
export const ZAdminSignupRequest = z.object({ ...userFields, email: ZEmail, managers: ZManagerIds.optional().default([]) });
export type TAdminSignupRequest = z.input<typeof ZAdminSignupRequest>;
/** invitationSent false: the user exists but the mail did not go out (resend it from the user list). */
export const ZAdminSignupResponse = z.object({ user: ZUserRow, message: z.string(), invitationSent: z.boolean() });
export const ZResendInvitationResponse = z.object({ message: z.string() });

/** POST /api/user/profile/{id}: every field optional; only the given ones change. */
export const ZUserProfileUpdateRequest = z
  .object({
    firstName: ZName,
    lastName: ZName,
    email: ZEmail,
    mobile: ZMobile.or(z.literal('')),
    eCode: zText().trim().max(UserValidation.maxECodeLength, { error: 'is too long' }),
    role: userFields.role,
    addlRoles: z.array(z.enum(AdditionalRoles, { error: 'is not a known role' })).max(AdditionalRoles.length),
    buItemId: ZOptionalId,
    department: ZOptionalId,
    location: ZOptionalId,
    timezone: ZTimeZone,
    managers: ZManagerIds,
  })
  .partial();
export type TUserProfileUpdateRequest = z.input<typeof ZUserProfileUpdateRequest>;
export const ZUserResponse = z.object({ user: ZUserRow });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZChangeStatusRequest = z.object({ id: ZObjectId, status: z.enum(UserStatuses, { error: 'must be active or inactive' }) });
export type TChangeStatusRequest = z.infer<typeof ZChangeStatusRequest>;

/** Hands the admin role from one user (default: the caller) to another. */
export const ZSwapAdminRequest = z.object({ toUserId: ZObjectId, fromUserId: ZObjectId.optional() });
export type TSwapAdminRequest = z.infer<typeof ZSwapAdminRequest>;
export const ZSwapAdminResponse = z.object({ from: ZUserRow, to: ZUserRow });
export type TSwapAdminResponse = z.infer<typeof ZSwapAdminResponse>;

export const ZUserRightsRequest = z.object({ rights: z.array(z.enum(AccessRightKeys, { error: 'is not a known access right' })).max(AccessRightKeys.length) });
export type TUserRightsRequest = z.infer<typeof ZUserRightsRequest>;
export const ZUserRolesRequest = z.object({ addlRoles: z.array(z.enum(AdditionalRoles, { error: 'is not a known role' })).max(AdditionalRoles.length) });
export type TUserRolesRequest = z.infer<typeof ZUserRolesRequest>;
export const ZSpecialUserRequest = z
  .object({ siteAdmin: z.boolean(), superUser: z.boolean() })
  .partial()
  .refine((v) => v.siteAdmin !== undefined || v.superUser !== undefined, { message: 'Choose siteAdmin or superUser' });
export type TSpecialUserRequest = z.infer<typeof ZSpecialUserRequest>;

export const AdditionalRoleLabels = {
  HM: 'Hiring manager',
  OPS: 'Operations',
  OPSE: 'Operations executive',
  AR: 'Additional recruiter',
} as const satisfies Record<(typeof AdditionalRoles)[number], string>;

export const ZRolesSummaryResponse = z.object({
  roles: z.array(z.object({ role: z.enum(AdditionalRoles), label: z.string(), holders: z.number() })),
  special: z.object({ siteAdmins: z.number(), superUsers: z.number(), admins: z.number() }),
});
export type TRolesSummaryResponse = z.infer<typeof ZRolesSummaryResponse>;

/** Bulk import: the columns a file may hold (first row = headers, case-insensitive). */
export const UserImportColumns = ['First name', 'Last name', 'Email', 'Role', 'Employee code', 'Mobile', 'Business unit', 'Department', 'Location', 'Additional roles'] as const;
/** invitations: how many invitation mails are being sent after the answer (in the background). */
export const ZUserImportResponse = z.object({
  created: z.number(),
  invitations: z.number(),
  refused: z.array(z.object({ row: z.number(), email: z.string(), reason: z.string() })),
});
export type TUserImportResponse = z.infer<typeof ZUserImportResponse>;

export const UserMessages = {
  created: 'User added. An invitation to set a password was sent.',
  createdNotInvited: 'User added, but the invitation mail could not be sent yet. It will be tried again in the background; you can also use "Resend invitation" in the user list.',
  invitationResent: 'The invitation was sent again.',
  invitationNotSent: 'The invitation mail could not be sent yet; it will be tried again in the background.',
  invitationNotNeeded: 'This user has already accepted the invitation',
  invitationInactive: 'Activate this user before inviting them again',
  emailTaken: 'A user with this email already exists',
  lastAdmin: 'The company must keep at least one admin',
  selfDeactivate: 'You cannot deactivate your own account',
  selfAccess: 'You cannot change your own role, access rights or special-user flags. Ask another admin to do it.',
  notAdmin: 'That user is not an admin',
  alreadyAdmin: 'That user is already an admin',
  inactiveTarget: 'Only an active user can become admin',
  adminRights: 'An admin holds every access right; rights of an admin cannot be changed',
  adminOnly: 'Only an admin can change another admin',
  moreRights: 'You cannot change a user who holds access rights you do not have',
  swapAdminOnly: "Only an admin can take the admin role from another admin",
  targetNotSignedIn: 'That user has not set a password or verified their email yet; they must sign in once before they can become admin',
} as const;
