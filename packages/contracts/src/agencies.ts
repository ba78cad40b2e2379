import { z } from 'zod';
import { ZEmail, ZName, ZNamedRef, ZObjectId, ZUserRef, zText } from './common';
import { ZApprovalChainState } from './approvals';
import { CoarseStatuses } from './referrals';

// ---------------------------------------------------------------------------------------------
// Agencies, as the company manages them (company-settings/manage-agencies, right manageAgencies).
// An invitation goes through the agency approval chain (kind "agency" of the approvals module,
// /agency-approval/{agencyId}); once approved the contact is mailed the sign-in link
// /agencies-login/{customerslug}/{agencyid} and chooses a password. The agency's own portal is in
// agency-portal.ts.
// ---------------------------------------------------------------------------------------------

/**
 * Answers: agencies GET -> ZAgencyList, POST -> 201 ZAgency (submitted for approval at once);
 * agency GET/PUT -> ZAgency; pause/resume -> ZAgency; agencySubmissions -> ZAgencySubmissionList;
 * agencyOptions -> ZAgencyOptions.
 */
export const AgencyApi = {
  /** GET ?status&search&page / POST: invite an agency. */
  agencies: '/api/agencies',
  /** GET: the agency (its approval page /agency-approval/{agencyId} too); PUT: change fee, guarantee, jobs, limits. */
  agency: '/api/agencies/:id',
  pause: '/api/agencies/:id/pause',
  resume: '/api/agencies/:id/resume',
  /** GET ?page: what the agency submitted, for the company. */
  agencySubmissions: '/api/agencies/:id/submissions',
  /** GET: what the invite form needs: the open jobs to pick from. */
  agencyOptions: '/api/agencies/options',
} as const;

export const AgencyLimits = { maxJobs: 200, maxCandidatesPerJob: 500, maxGuaranteeDays: 365, maxFeePercent: 100, pageSize: 25, ownershipMonths: 12 } as const;

/** pending: waiting for the approval chain; active: may sign in and submit; paused: may sign in and look, not submit. */
export const AgencyStatuses = ['pending', 'active', 'paused', 'rejected', 'withdrawn'] as const;
export type TAgencyStatus = (typeof AgencyStatuses)[number];
export const AgencyStatusLabels: Record<TAgencyStatus, string> = {
  pending: 'Waiting for approval',
  active: 'Active',
  paused: 'Paused',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** A percentage with at most two decimals, e.g. "15" or "17.5". Stored as basis points (1500, 1750). */
export const zFeePercent = z
  .string({ error: 'must be a percentage such as 15 or 17.5' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'must be a percentage such as 15 or 17.5' })
  .refine((v) => Number(v) > 0 && Number(v) <= AgencyLimits.maxFeePercent, { error: `must be more than 0 and at most ${AgencyLimits.maxFeePercent}` });
export const feePercentToBasisPoints = (percent: string) => Math.round(Number(percent) * 100);
export const basisPointsToFeePercent = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2).replace(/0$/, ''));

export const ZAgencyInput = z.object({
  name: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(120, { error: 'is too long' }),
  contactName: ZName,
  contactEmail: ZEmail,
  feePercent: zFeePercent,
  /** Days after the start date during which a hire who leaves is replaced or refunded. */
  guaranteeDays: z.coerce.number({ error: 'must be a number of days' }).int().min(0).max(AgencyLimits.maxGuaranteeDays),
  jobIds: z.array(ZObjectId).max(AgencyLimits.maxJobs).default([]),
  maxCandidatesPerJob: z.coerce.number({ error: 'must be a number' }).int().min(1).max(AgencyLimits.maxCandidatesPerJob),
  /** Whether the portal shows the jobs' salary band. */
  shareSalary: z.boolean().default(false),
  /** Which approval chain it goes to (the business unit's own, else the company default). */
  businessUnitId: ZObjectId.nullable().default(null),
});
export type TAgencyInput = z.infer<typeof ZAgencyInput>;
export const ZUpdateAgencyRequest = ZAgencyInput.omit({ contactEmail: true, businessUnitId: true });
export type TUpdateAgencyRequest = z.infer<typeof ZUpdateAgencyRequest>;

export const ZAgenciesQuery = z.object({
  status: z.enum(AgencyStatuses).optional(),
  search: zText().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).default(1),
});
export type TAgenciesQuery = z.infer<typeof ZAgenciesQuery>;

export const ZAgencySummary = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  status: z.enum(AgencyStatuses),
  feePercent: z.string(),
  jobCount: z.number(),
  submissionCount: z.number(),
  hireCount: z.number(),
  createdAt: z.string(),
});
export type TAgencySummary = z.infer<typeof ZAgencySummary>;
export const ZAgencyList = z.object({ items: z.array(ZAgencySummary), total: z.number(), page: z.number(), pageSize: z.number() });
export type TAgencyList = z.infer<typeof ZAgencyList>;

export const ZAgency = ZAgencySummary.extend({
  guaranteeDays: z.number(),
  jobs: z.array(ZNamedRef),
  maxCandidatesPerJob: z.number(),
  shareSalary: z.boolean(),
  businessUnit: ZNamedRef.nullable(),
  invitedBy: ZUserRef,
  approvedAt: z.string().nullable(),
  /** The sign-in page of the agency's users, once approved. */
  signInUrl: z.string().nullable(),
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string(), lastLoginAt: z.string().nullable() })),
  approval: ZApprovalChainState,
  can: z.object({ edit: z.boolean(), pause: z.boolean(), resume: z.boolean() }),
});
export type TAgency = z.infer<typeof ZAgency>;

export const ZAgencyOptions = z.object({ jobs: z.array(ZNamedRef), businessUnits: z.array(ZNamedRef) });
export type TAgencyOptions = z.infer<typeof ZAgencyOptions>;

/** One submission as the company sees it (the candidate's application is linked). */
export const ZAgencySubmission = z.object({
  id: z.string(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  job: ZNamedRef,
  applicationId: z.string(),
  submittedBy: ZUserRef,
  submittedAt: z.string(),
  status: z.enum(CoarseStatuses),
  /** Recorded when the candidate accepted an offer: the fee as a percentage of the offer's base. */
  placement: z.object({ base: z.string(), feePercent: z.string(), fee: z.string(), currency: z.string(), at: z.string() }).nullable(),
});
export type TAgencySubmission = z.infer<typeof ZAgencySubmission>;
export const ZAgencySubmissionList = z.object({ items: z.array(ZAgencySubmission), total: z.number(), page: z.number(), pageSize: z.number() });
export type TAgencySubmissionList = z.infer<typeof ZAgencySubmissionList>;

export const AgencyMessages = {
  notEditable: 'This agency can no longer be changed.',
  jobNotOpen: 'Only open jobs can be given to an agency.',
  contactTaken: 'Another agency of your company already uses this contact email.',
} as const;
