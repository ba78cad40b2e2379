import { z } from 'zod';

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
} as const;

export const SuperadminValidation = {
  pageSize: 25,
  maxSearchLength: 100,
  maxReasonLength: 500,
  overviewPending: 10,
  overviewNewest: 5,
} as const;

export const SuperadminMessages = {
  companyNotFound: 'Company not found',
  authorised: (name: string) => `${name} is authorised. Its admin has been mailed.`,
  suspended: (name: string) => `${name} is suspended. Its users have been signed out.`,
  reinstated: (name: string) => `${name} is reinstated.`,
  notPending: 'Only a pending company can be authorised.',
  alreadySuspended: 'This company is already suspended.',
  notSuspended: 'Only a suspended company can be reinstated.',
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

export const ZCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  state: z.enum(CompanyStates),
  plan: z.string(),
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

export const ZCompanyAuditEntry = z.object({
  id: z.string(),
  action: z.enum(CompanyActions),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  reason: z.string(),
  at: z.string(),
});
export type TCompanyAuditEntry = z.infer<typeof ZCompanyAuditEntry>;

export const ZCompanyDetailResponse = z.object({
  company: ZCompanyRow,
  history: z.array(ZCompanyAuditEntry),
});
export type TCompanyDetailResponse = z.infer<typeof ZCompanyDetailResponse>;

export const ZCompanyActionResponse = ZCompanyDetailResponse.extend({ message: z.string() });
export type TCompanyActionResponse = z.infer<typeof ZCompanyActionResponse>;

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
