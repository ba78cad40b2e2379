import { z } from 'zod';
import { PlanIds } from './billing';

// ---------------------------------------------------------------------------------------------
// Platform super admin: the companies on the platform, their state and what was done to them.
// ---------------------------------------------------------------------------------------------

/**
 * A company's state, derived from the customer record: pending until the platform super admin
 * authorises it (its users wait at /pendingverification), active once authorised, suspended when
 * nobody of it may sign in (whatever its authorisation was; reinstating returns to that).
 */
export const CompanyStates = ['pending', 'active', 'suspended'] as const;
export type TCompanyState = (typeof CompanyStates)[number];

export const CompanyStateLabels: Record<TCompanyState, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
};

export const CompanyActions = ['authorise', 'suspend', 'reinstate'] as const;
export type TCompanyAction = (typeof CompanyActions)[number];

export const CompanyActionLabels: Record<TCompanyAction, string> = {
  authorise: 'Authorised',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
};

export const SuperadminApi = {
  overview: '/api/superadmin/overview',
  companies: '/api/superadmin/companies',
  company: '/api/superadmin/companies/:id',
  companyAction: '/api/superadmin/companies/:id/:action',
  companySubscription: '/api/superadmin/companies/:id/subscription',
  audit: '/api/superadmin/audit',
  users: '/api/superadmin/users',
  userAction: '/api/superadmin/users/:id/:action',
} as const;

export const SuperadminValidation = {
  pageSize: 25,
  maxSearchLength: 100,
  maxReasonLength: 500,
  overviewPending: 10,
  overviewNewest: 5,
  maxSeats: 100_000,
} as const;

export const SuperadminMessages = {
  companyNotFound: 'Company not found',
  authorised: (name: string) => `${name} is authorised. Its admin has been mailed.`,
  suspended: (name: string) => `${name} is suspended. Its users have been signed out.`,
  reinstated: (name: string) => `${name} is reinstated.`,
  notPending: 'Only a pending company can be authorised.',
  alreadySuspended: 'This company is already suspended.',
  notSuspended: 'Only a suspended company can be reinstated.',
  subscriptionChanged: (name: string) => `${name}'s plan and seats are saved.`,
  seatsBelowUsed: (used: number) =>
    `This company has ${used} active ${used === 1 ? 'user' : 'users'}, so it needs at least ${used} ${used === 1 ? 'seat' : 'seats'}. Deactivate users first to give it fewer.`,
  userNotFound: 'User not found',
  cannotDisableSelf: 'You cannot disable your own account.',
  alreadyDisabled: 'This user is already disabled.',
  alreadyEnabled: 'This user is already enabled.',
  disabledCannotReset: 'This user is disabled: enable them before sending a password-reset link.',
  userDisabled: (name: string) => `${name} is disabled and has been signed out.`,
  userEnabled: (name: string) => `${name} is enabled and can sign in again.`,
  resetLinkSent: (email: string) => `A password-reset link has been mailed to ${email}.`,
} as const;

export const ZCompanyListQuery = z.object({
  q: z.string().trim().max(SuperadminValidation.maxSearchLength, { error: 'is too long' }).optional().default(''),
  state: z.enum(CompanyStates, { error: 'must be pending, active or suspended' }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(10_000).optional().default(1),
});
export type TCompanyListQuery = z.input<typeof ZCompanyListQuery>;

export const ZCompanyActionRequest = z.object({
  reason: z.string().trim().max(SuperadminValidation.maxReasonLength, { error: 'is too long' }).optional().default(''),
});
export type TCompanyActionRequest = z.input<typeof ZCompanyActionRequest>;

export const ZCompanyAdmin = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ZCompanyUsage = z.object({
  /** Users who are not deactivated (they take a seat). */
  users: z.number(),
  jobs: z.number(),
  /** Applications received since the first of this month (UTC). */
  applicationsThisMonth: z.number(),
});
export type TCompanyUsage = z.infer<typeof ZCompanyUsage>;

export const ZCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  state: z.enum(CompanyStates),
  plan: z.enum(PlanIds),
  seats: z.object({ used: z.number(), allowed: z.number() }),
  /** ISO date the free trial ends, null when there is no trial. */
  trialEndsAt: z.string().nullable(),
  usage: ZCompanyUsage,
  admin: ZCompanyAdmin.nullable(),
  createdAt: z.string(),
});
export type TCompanyRow = z.infer<typeof ZCompanyRow>;

export const ZCompanyListResponse = z.object({
  items: z.array(ZCompanyRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;


export const ZSuperadminOverviewResponse = z.object({
  counts: z.object({ pending: z.number(), active: z.number(), suspended: z.number() }),
  pending: z.array(ZCompanyRow),
  pendingTotal: z.number(),
  newest: z.array(ZCompanyRow),
});
export type TSuperadminOverviewResponse = z.infer<typeof ZSuperadminOverviewResponse>;

// ---------- The platform audit log: every super-admin action, who did it, to what ----------

export const PlatformAuditActions = [
  'company.authorise', 'company.suspend', 'company.reinstate', 'company.plan',
  'user.disable', 'user.enable', 'user.reset_link',
  'promo.create', 'promo.update',
  'spotlight.create', 'spotlight.update', 'spotlight.delete',
  'invoice.mark_paid',
  'reports.rebuild',
] as const;
export type TPlatformAuditAction = (typeof PlatformAuditActions)[number];

export const PlatformAuditActionLabels: Record<TPlatformAuditAction, string> = {
  'company.authorise': 'Authorised company',
  'company.suspend': 'Suspended company',
  'company.reinstate': 'Reinstated company',
  'company.plan': 'Changed plan or seats',
  'user.disable': 'Disabled user',
  'user.enable': 'Enabled user',
  'user.reset_link': 'Sent password-reset link',
  'promo.create': 'Created promo code',
  'promo.update': 'Changed promo code',
  'spotlight.create': 'Published announcement',
  'spotlight.update': 'Changed announcement',
  'spotlight.delete': 'Deleted announcement',
  'invoice.mark_paid': 'Marked invoice paid',
  'reports.rebuild': 'Rebuilt report figures',
};

/** What an audit entry is about (kept as it was named then: a renamed company still reads the same). */
export const PlatformAuditTargetKinds = ['company', 'user', 'promo', 'spotlight', 'invoice', 'reports'] as const;
export type TPlatformAuditTargetKind = (typeof PlatformAuditTargetKinds)[number];

/** The platform audit action each company action writes. */
export const CompanyActionAudit: Record<TCompanyAction, TPlatformAuditAction> = {
  authorise: 'company.authorise',
  suspend: 'company.suspend',
  reinstate: 'company.reinstate',
};

export const ZPlatformAuditEntry = z.object({
  id: z.string(),
  action: z.enum(PlatformAuditActions),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  target: z.object({ kind: z.enum(PlatformAuditTargetKinds), id: z.string().nullable(), label: z.string() }),
  companyId: z.string().nullable(),
  reason: z.string(),
  detail: z.string(),
  at: z.string(),
});
export type TPlatformAuditEntry = z.infer<typeof ZPlatformAuditEntry>;

export const ZPlatformAuditQuery = z.object({
  action: z.enum(PlatformAuditActions, { error: 'is not a known action' }).optional(),
  companyId: z.string().regex(/^[0-9a-f]{24}$/i, { error: 'must be a company id' }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(10_000).optional().default(1),
});
export type TPlatformAuditQuery = z.input<typeof ZPlatformAuditQuery>;

export const ZPlatformAuditResponse = z.object({
  items: z.array(ZPlatformAuditEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TPlatformAuditResponse = z.infer<typeof ZPlatformAuditResponse>;

// ---------- A company: its detail page, history and plan ----------

export const ZCompanyDetailResponse = z.object({
  company: ZCompanyRow,
  /** The platform audit entries about this company, newest first. */
  history: z.array(ZPlatformAuditEntry),
});
export type TCompanyDetailResponse = z.infer<typeof ZCompanyDetailResponse>;

export const ZCompanyActionResponse = ZCompanyDetailResponse.extend({ message: z.string() });
export type TCompanyActionResponse = z.infer<typeof ZCompanyActionResponse>;

export const ZCompanySubscriptionRequest = z.object({
  plan: z.enum(PlanIds, { error: 'must be starter, growth or enterprise' }),
  seats: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(SuperadminValidation.maxSeats, { error: `must be at most ${SuperadminValidation.maxSeats}` }),
  reason: z.string().trim().max(SuperadminValidation.maxReasonLength, { error: 'is too long' }).optional().default(''),
});
export type TCompanySubscriptionRequest = z.input<typeof ZCompanySubscriptionRequest>;

// ---------- Users across companies ----------

export const SuperadminUserActions = ['disable', 'enable', 'reset-link'] as const;
export type TSuperadminUserAction = (typeof SuperadminUserActions)[number];

export const ZSuperadminUserQuery = z.object({
  q: z.string().trim().max(SuperadminValidation.maxSearchLength, { error: 'is too long' }).optional().default(''),
  status: z.enum(['active', 'inactive'], { error: 'must be active or inactive' }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(10_000).optional().default(1),
});
export type TSuperadminUserQuery = z.input<typeof ZSuperadminUserQuery>;

export const ZSuperadminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The role in words ("Recruiter, admin"). */
  role: z.string(),
  status: z.enum(['active', 'inactive']),
  superAdmin: z.boolean(),
  lastSignInAt: z.string().nullable(),
});
export type TSuperadminUserRow = z.infer<typeof ZSuperadminUserRow>;

export const ZSuperadminUserListResponse = z.object({
  items: z.array(ZSuperadminUserRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TSuperadminUserListResponse = z.infer<typeof ZSuperadminUserListResponse>;

export const ZSuperadminUserActionRequest = z.object({
  reason: z.string().trim().max(SuperadminValidation.maxReasonLength, { error: 'is too long' }).optional().default(''),
});
export type TSuperadminUserActionRequest = z.input<typeof ZSuperadminUserActionRequest>;

export const ZSuperadminUserActionResponse = z.object({ user: ZSuperadminUserRow, message: z.string() });
export type TSuperadminUserActionResponse = z.infer<typeof ZSuperadminUserActionResponse>;
