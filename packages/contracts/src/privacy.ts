// Privacy (issue 21): consent with its legal basis, candidates' self-service data requests, erasure,
// retention runs, the audit trail and the company data export. Admin screens live under
// /company-settings/privacy; the candidate's pages are server-rendered under /privacy (outside /api).
import { z } from 'zod';
import { ZObjectId } from './common';
import { ZCompanyPreferences } from './company';
import { LegalBases } from './legal-basis';

// ---------- Consent and its legal basis ----------

// The legal bases live in a module of their own: the candidate profile's contract needs them without the rest.
export { LegalBases, LegalBasisLabels, type TLegalBasis } from './legal-basis';

export const PrivacyLimits = {
  noticeMaxLength: 10_000,
  consentMonths: { min: 1, max: 120 },
  /** How long the audit trail is kept (months). */
  auditMonths: { min: 1, max: 120 },
  /** Ask to renew this many days before consent expires. */
  renewalNoticeDays: 30,
  refuseReasonMaxLength: 1000,
} as const;

const months = (limits: { min: number; max: number }) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(limits.min, { error: `must be at least ${limits.min}` })
    .max(limits.max, { error: `must be at most ${limits.max}` });

/** The company's privacy settings (company-settings/privacy). */
export const ZPrivacySettings = z.object({
  /** Plain text shown above the apply form's consent box and on the candidate's privacy page; '' shows none. */
  notice: z.string().trim().max(PrivacyLimits.noticeMaxLength, { error: `must be at most ${PrivacyLimits.noticeMaxLength} characters` }),
  /** true: the apply form cannot be sent without ticking consent; false: applications rest on legitimate interest. */
  requireConsent: z.boolean({ error: 'must be yes or no' }),
  /** Consent lapses this many months after it was given; null: it does not lapse. */
  consentMonths: months(PrivacyLimits.consentMonths).nullable(),
  /** Audit entries older than this many months are deleted by the daily privacy run. */
  auditMonths: months(PrivacyLimits.auditMonths),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

export const DefaultPrivacySettings: TPrivacySettings = { notice: '', requireConsent: true, consentMonths: 24, auditMonths: 24 };

/** The consent part of a candidate's profile. */
export const ZCandidateConsent = z.object({
  legalBasis: z.enum(LegalBases).nullable(),
  consentAt: z.string().nullable(),
  consentSource: z.string(),
  consentExpiresAt: z.string().nullable(),
  /** When a renewal mail last went out (null: never). */
  renewalSentAt: z.string().nullable(),
});
export type TCandidateConsent = z.infer<typeof ZCandidateConsent>;

/** Candidates whose consent lapses within PrivacyLimits.renewalNoticeDays and who were not asked yet. */
export const ZConsentRenewalSummary = z.object({ due: z.number().int(), expired: z.number().int() });
export type TConsentRenewalSummary = z.infer<typeof ZConsentRenewalSummary>;
/** What POST PrivacyApi.consentRenewal answers: how many renewal mails were queued (PrivacyMessages.renewalQueued). */
export const ZConsentRenewalQueued = z.object({ queued: z.number().int(), message: z.string() });
export type TConsentRenewalQueued = z.infer<typeof ZConsentRenewalQueued>;

/** Where a legal basis came from (Candidate.consentSource); referrals, agencies and imports add who or which file. */
export const ConsentSources = {
  applyForm: 'Career site apply form',
  renewal: 'Renewed by the candidate (renewal mail)',
  recruiter: 'Added by a recruiter',
  bulkResumes: 'Added by a recruiter (bulk résumé upload)',
  referredBy: (name: string) => `Referred by ${name}`,
  submittedBy: (agency: string) => `Submitted by ${agency}`,
  importedFrom: (file: string) => `Imported from ${file}`,
} as const;

// ---------- The candidate's self-service link ----------

export const PrivacyLinkRules = {
  /** A privacy link works this many days after the mail that carried it. */
  validDays: 30,
  /** Requests for a fresh link per IP per window (the answer never says whether the email is known). */
  requestsPerIp: 10,
  requestsPerEmail: 3,
  requestWindowSeconds: 3600,
} as const;

/** The self-service pages' own words (the shared ones are in PrivacyMessages). */
export const SelfServiceMessages = {
  confirmErasure: 'Tick the box to confirm that you want your data erased.',
  invalidEmail: 'Enter a valid email address, such as name@example.com.',
  tooManyLinkRequests: (minutes: number) => `Too many requests for a link. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  dataErased: (companyName: string) => `${companyName || 'The company'} has erased your data: it holds nothing about you any more.`,
} as const;

// ---------- Erasure ----------

/** The legal deadline to answer an erasure request (GDPR art. 12: one month). */
export const ErasureDeadlineDays = 30;

export const ErasureStates = ['pending', 'refused', 'erased'] as const;
export type TErasureState = (typeof ErasureStates)[number];
export const ErasureStateLabels: Record<TErasureState, string> = { pending: 'Waiting for a decision', refused: 'Refused', erased: 'Erased' };

/** Who asked: the candidate on their privacy page, an admin from the profile, or a retention rule. */
export const ErasureOrigins = ['candidate', 'admin', 'retention'] as const;
export type TErasureOrigin = (typeof ErasureOrigins)[number];

export const ZErasureRequest = z.object({
  id: z.string(),
  candidateId: z.string(),
  /** The person's name while the request waits; "Erased candidate" once erased. */
  candidateName: z.string(),
  state: z.enum(ErasureStates),
  origin: z.enum(ErasureOrigins),
  requestedAt: z.string(),
  /** requestedAt + ErasureDeadlineDays. */
  dueAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string(),
});
export type TErasureRequest = z.infer<typeof ZErasureRequest>;

export const ZErasureQuery = z.object({
  state: z.enum(ErasureStates, { error: 'is not a known state' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const ZErasureList = z.object({ items: z.array(ZErasureRequest), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), overdue: z.number().int() });
export type TErasureList = z.infer<typeof ZErasureList>;

export const ZRefuseErasure = z.object({
  reason: z.string().trim().min(1, { error: 'Say why the request is refused (the candidate is told)' }).max(PrivacyLimits.refuseReasonMaxLength),
});
/** Erasing from the profile: the admin types the candidate's name to confirm (it cannot be undone). */
export const ZEraseCandidate = z.object({ confirmName: z.string().trim().min(1, { error: "Type the candidate's name to confirm" }) });

// ---------- Retention ----------

export const RetentionRules = ['rejectedMonths', 'sourcedDays', 'withdrawnMonths'] as const;
export type TRetentionRule = (typeof RetentionRules)[number];
export const RetentionRuleLabels: Record<TRetentionRule, string> = {
  rejectedMonths: 'Rejected candidates',
  sourcedDays: 'Sourced, never contacted',
  withdrawnMonths: 'Withdrawn candidates',
};

/** The rules as the preferences form edits them (company.ts ZCompanyPreferences.retention): null = the rule is off. */
export const ZRetentionRules = ZCompanyPreferences.shape.retention;
export type TRetentionRules = z.infer<typeof ZRetentionRules>;

export const RetentionListing = {
  /** Names shown per rule in the preview. */
  previewSample: 10,
  /** Runs listed under the preferences. */
  runsListed: 30,
} as const;

/** Who a set of rules would anonymise today: a count and a few names per rule. */
export const ZRetentionPreview = z.object({
  rules: z.array(z.object({ rule: z.enum(RetentionRules), period: z.number().int().nullable(), count: z.number().int(), sample: z.array(z.object({ id: z.string(), name: z.string() })) })),
});
export type TRetentionPreview = z.infer<typeof ZRetentionPreview>;

export const ZRetentionRun = z.object({
  id: z.string(),
  at: z.string(),
  trigger: z.enum(['daily', 'manual']),
  rules: z.object({ rejectedMonths: z.number().nullable(), sourcedDays: z.number().nullable(), withdrawnMonths: z.number().nullable() }),
  counts: z.object({ rejectedMonths: z.number().int(), sourcedDays: z.number().int(), withdrawnMonths: z.number().int() }),
  erased: z.number().int(),
  failed: z.number().int(),
  /** null while the run is still erasing (a long run continues in batches). */
  finishedAt: z.string().nullable(),
});
export type TRetentionRun = z.infer<typeof ZRetentionRun>;
export const ZRetentionRuns = z.object({ items: z.array(ZRetentionRun) });
export type TRetentionRuns = z.infer<typeof ZRetentionRuns>;

// ---------- The audit trail ----------

export const AuditActions = [
  'viewed', 'exported', 'changed', 'erased', 'signed_in',
  'erasure_requested', 'erasure_refused', 'data_downloaded', 'consent_renewed', 'company_exported',
] as const;
export type TAuditAction = (typeof AuditActions)[number];
export const AuditActionLabels: Record<TAuditAction, string> = {
  viewed: 'Viewed a profile',
  exported: 'Exported personal data',
  changed: 'Changed personal data',
  erased: 'Erased a candidate',
  signed_in: 'Signed in',
  erasure_requested: 'Asked for erasure',
  erasure_refused: 'Refused an erasure',
  data_downloaded: 'Downloaded their data',
  consent_renewed: 'Renewed consent',
  company_exported: 'Exported the company data',
};

export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AuditActions),
  /** The user who acted; null when the candidate acted on their privacy page or the system did. */
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  /** The candidate concerned, if any ("Erased candidate" after erasure). */
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
  detail: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const optionalDate = z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional());
export const ZAuditQuery = z.object({
  /** Part of the candidate's name or email. */
  person: z.string().trim().max(200).optional(),
  userId: z.preprocess((v) => (v === '' ? undefined : v), ZObjectId.optional()),
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AuditActions, { error: 'is not a known action' }).optional()),
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).default(1),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;
export const AuditPageSize = 50;
/** POST PrivacyApi.auditExport: the list's filters (every matching entry goes into the file). */
export const ZAuditFilters = ZAuditQuery.omit({ page: true });
export type TAuditFilters = z.input<typeof ZAuditFilters>;
export const ZAuditList = z.object({
  items: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many months entries are kept (the company's auditMonths), for the page to say. */
  keptMonths: z.number().int(),
});
export type TAuditList = z.infer<typeof ZAuditList>;
/** GET PrivacyApi.auditUsers: the company's users (active or not) for the trail's user filter, by name. */
export const ZAuditUsers = z.object({ users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })) });
export type TAuditUsers = z.infer<typeof ZAuditUsers>;

// ---------- Paths ----------

export const PrivacyApi = {
  settings: '/api/privacy/settings',
  consentRenewal: '/api/privacy/consent-renewal',
  erasureRequests: '/api/privacy/erasure-requests',
  approveErasure: (id: string) => `/api/privacy/erasure-requests/${id}/approve`,
  refuseErasure: (id: string) => `/api/privacy/erasure-requests/${id}/refuse`,
  eraseCandidate: (candidateId: string) => `/api/privacy/candidates/${candidateId}/erase`,
  retentionPreview: '/api/privacy/retention/preview',
  retentionRuns: '/api/privacy/retention/runs',
  audit: '/api/privacy/audit',
  auditExport: '/api/privacy/audit/export',
  auditUsers: '/api/privacy/audit/users',
  companyExport: '/api/privacy/company-export',
} as const;

/** The candidate's public pages (server-rendered, outside /api). */
export const PrivacyPages = {
  page: (token: string) => `/privacy/${token}`,
  download: (token: string) => `/privacy/${token}/download`,
  erase: (token: string) => `/privacy/${token}/erase`,
  renew: (token: string) => `/privacy/${token}/renew`,
  /** On the career site: enter one's email to get a fresh link. */
  requestLink: (slug: string) => `/careers/${slug}/privacy`,
} as const;

export const PrivacyMessages = {
  settingsSaved: 'Privacy settings saved.',
  linkRequested: 'If we hold details for this address, we have just sent a link to it. It works for 30 days.',
  linkExpired: 'This link has expired. Ask for a fresh one on the career site.',
  linkUnknown: 'This link is not valid. Ask for a fresh one on the career site.',
  erasureRequested: 'Your request is recorded. The company answers within 30 days and tells you by mail.',
  erasureAlreadyRequested: 'You already asked for erasure; the company answers within 30 days.',
  consentRenewed: 'Thank you: your consent is renewed.',
  erased: 'The candidate was erased. This cannot be undone.',
  erasureRefused: 'The request was refused and the candidate told why.',
  erasureDecided: 'This request was already decided.',
  confirmNameMismatch: "The name typed does not match the candidate's name.",
  alreadyErased: 'This candidate was already erased.',
  renewalQueued: (n: number) => `${n} candidate${n === 1 ? '' : 's'} will get a mail asking to renew consent.`,
} as const;

/** How an erased candidate reads everywhere. */
export const ErasedCandidateName = { firstName: 'Erased', lastName: 'candidate' } as const;
