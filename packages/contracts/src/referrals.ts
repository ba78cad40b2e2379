import { z } from 'zod';
import { ZEmail, ZName, ZNamedRef, ZObjectId, ZUserRef, zMultilineText, zText } from './common';
import { ZOptionalPhone } from './candidates';
import type { TStageKind } from './jobs';

// ---------------------------------------------------------------------------------------------
// Referrals: any employee refers a friend to an open job (/employee-referral/{positionId}); the
// application enters the job's first stage with source "referral" and the referrer recorded. The
// employee follows each referral on /my-referrals with a coarse status only (never notes or
// scorecards). Recruiters and admins promote open jobs to employees (/referral-campaign).
// Rewards and their settings are in referral-rewards.ts.
// ---------------------------------------------------------------------------------------------

/**
 * Answers: referableJobs -> ZReferableJobList; referralJob -> ZReferableJob; refer (multipart: the fields of
 * ZReferRequest plus an optional file "resume") -> 201 ZReferResult; myReferrals -> ZMyReferralList;
 * campaigns GET -> ZReferralCampaignList, POST -> 201 ZReferralCampaign; campaign -> ZReferralCampaign;
 * campaignAudience (POST, body ZReferralAudience) -> ZAudienceCount.
 */
export const ReferralApi = {
  /** GET ?search&page: open jobs an employee may refer to (the dashboard's "Open positions to refer"). */
  referableJobs: '/api/referrals/jobs',
  /** GET: one open job as the refer page shows it (404 when it is not open or not the caller's company). */
  referralJob: '/api/referrals/jobs/:positionId',
  /** POST multipart: refer a friend to this job. */
  refer: '/api/referrals/jobs/:positionId',
  /** GET ?page: the caller's own referrals, newest first. */
  myReferrals: '/api/referrals/mine',
  /** GET ?page / POST: referral campaigns (recruiters and admins). */
  campaigns: '/api/referral-campaigns',
  campaign: '/api/referral-campaigns/:id',
  /** POST: how many employees an audience reaches, before sending. */
  campaignAudience: '/api/referral-campaigns/audience',
} as const;

export const ReferralLimits = { maxNoteLength: 2000, maxMessageLength: 5000, maxCampaignJobs: 20, pageSize: 25 } as const;

/** How the employee knows the person they refer. */
export const ReferralRelationships = ['worked_together', 'studied_together', 'friend', 'family', 'other'] as const;
export type TReferralRelationship = (typeof ReferralRelationships)[number];
export const ReferralRelationshipLabels: Record<TReferralRelationship, string> = {
  worked_together: 'We worked together',
  studied_together: 'We studied together',
  friend: 'Friend',
  family: 'Family',
  other: 'Other',
};

/**
 * What an employee (or an agency) may see of an application: a coarse status, never the stage names,
 * notes, scorecards or rejection reasons.
 */
export const CoarseStatuses = ['received', 'in_review', 'interviewing', 'offer', 'hired', 'not_selected'] as const;
export type TCoarseStatus = (typeof CoarseStatuses)[number];
export const CoarseStatusLabels: Record<TCoarseStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  interviewing: 'Interviewing',
  offer: 'Offer',
  hired: 'Hired',
  not_selected: 'Not selected',
};

/** The one mapping from an application's place in its pipeline to what outsiders see. */
export function coarseStatusOf({ stageKind, inFirstStage }: { stageKind: TStageKind; inFirstStage: boolean }): TCoarseStatus {
  switch (stageKind) {
    case 'rejected':
      return 'not_selected';
    case 'hired':
      return 'hired';
    case 'offer':
      return 'offer';
    case 'interview':
      return 'interviewing';
    default:
      return inFirstStage ? 'received' : 'in_review';
  }
}

// ---------- Jobs to refer to ----------

export const ZReferableJobsQuery = z.object({
  search: zText().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).default(1),
});
export type TReferableJobsQuery = z.infer<typeof ZReferableJobsQuery>;

export const ZReferableJob = z.object({
  id: z.string(),
  title: z.string(),
  department: ZNamedRef.nullable(),
  location: ZNamedRef.nullable(),
  /** Sanitised HTML of the job's description, as the career site shows it. */
  descriptionHtml: z.string(),
  openedAt: z.string().nullable(),
  /** The reward a hire through this job would earn (e.g. "EUR 1,500.00"), or null when none is set. */
  reward: z.string().nullable(),
});
export type TReferableJob = z.infer<typeof ZReferableJob>;
export const ZReferableJobList = z.object({ items: z.array(ZReferableJob), total: z.number(), page: z.number(), pageSize: z.number() });
export type TReferableJobList = z.infer<typeof ZReferableJobList>;

// ---------- Refer ----------

/** The text fields of the multipart refer form (the résumé is the optional file "resume", PDF or DOCX). */
export const ZReferRequest = z.object({
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  phone: ZOptionalPhone,
  relationship: z.enum(ReferralRelationships, { error: 'Choose how you know them' }),
  note: zMultilineText().trim().max(ReferralLimits.maxNoteLength, { error: `must be at most ${ReferralLimits.maxNoteLength} characters` }).optional().default(''),
  /** The campaign whose mail led here, when there was one. */
  campaignId: z.preprocess((v) => (v === '' ? undefined : v), ZObjectId.optional()),
});
export type TReferRequest = z.infer<typeof ZReferRequest>;

/** Whether this referral can earn a reward, and why not. */
export const RewardEligibilities = ['eligible', 'known_candidate', 'not_eligible_role', 'referred_by_someone_else', 'no_reward_set'] as const;
export type TRewardEligibility = (typeof RewardEligibilities)[number];

export const ZReferResult = z.object({
  referralId: z.string(),
  /** True when the person was already a candidate of the company before this referral. */
  alreadyKnown: z.boolean(),
  rewardEligibility: z.enum(RewardEligibilities),
  /** What the employee is told, in plain words (see ReferralMessages). */
  message: z.string(),
});
export type TReferResult = z.infer<typeof ZReferResult>;

export const ReferralMessages = {
  referred: (name: string, job: string) => `Thank you: ${name} has been referred to ${job}. You can follow the referral on My referrals.`,
  alreadyKnown: (name: string) => `The company already knew ${name}: your referral has been recorded all the same.`,
  alreadyKnownRewardable: 'A reward can still apply if they are hired.',
  alreadyKnownNoReward: 'Because they were already a candidate, this referral cannot earn a reward.',
  notEligibleRole: 'As a member of the hiring team or a recruiter, you cannot earn a reward for this referral.',
  referredBySomeoneElse: 'Another employee referred this person first, so the reward would go to them.',
  selfReferral: 'You cannot refer yourself.',
  jobNotOpen: 'This job is not open for referrals.',
  alreadyReferredByYou: 'You have already referred this person to this job.',
} as const;

// ---------- My referrals ----------

export const ZMyReferralsQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

export const ZMyReferral = z.object({
  id: z.string(),
  candidateName: z.string(),
  job: ZNamedRef,
  referredAt: z.string(),
  status: z.enum(CoarseStatuses),
  alreadyKnown: z.boolean(),
  rewardEligibility: z.enum(RewardEligibilities),
  /** The reward this referral earned, once a hire created one. */
  reward: z
    .object({ id: z.string(), amount: z.string(), status: z.string(), statusLabel: z.string(), payableOn: z.string().nullable() })
    .nullable(),
});
export type TMyReferral = z.infer<typeof ZMyReferral>;
export const ZMyReferralList = z.object({ items: z.array(ZMyReferral), total: z.number(), page: z.number(), pageSize: z.number() });
export type TMyReferralList = z.infer<typeof ZMyReferralList>;

// ---------- Campaigns ----------

export const ReferralAudienceKinds = ['everyone', 'filtered'] as const;
export const ZReferralAudience = z
  .object({
    kind: z.enum(ReferralAudienceKinds, { error: 'Choose who receives the campaign' }),
    departmentIds: z.array(ZObjectId).max(50).default([]),
    locationIds: z.array(ZObjectId).max(50).default([]),
    businessUnitIds: z.array(ZObjectId).max(50).default([]),
  })
  .refine((a) => a.kind === 'everyone' || a.departmentIds.length + a.locationIds.length + a.businessUnitIds.length > 0, {
    path: ['kind'],
    message: 'Pick at least one department, location or business unit, or send to everyone',
  });
export type TReferralAudience = z.infer<typeof ZReferralAudience>;
export const ZAudienceCount = z.object({ recipients: z.number() });

export const ZReferralCampaignRequest = z.object({
  subject: zText().trim().min(1, { error: 'is required' }).max(150, { error: 'is too long' }),
  message: zMultilineText().trim().min(1, { error: 'is required' }).max(ReferralLimits.maxMessageLength, { error: 'is too long' }),
  jobIds: z.array(ZObjectId).min(1, { error: 'Pick at least one open job' }).max(ReferralLimits.maxCampaignJobs, { error: `Pick at most ${ReferralLimits.maxCampaignJobs} jobs` }),
  audience: ZReferralAudience,
});
export type TReferralCampaignRequest = z.infer<typeof ZReferralCampaignRequest>;

export const ReferralCampaignStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type TReferralCampaignStatus = (typeof ReferralCampaignStatuses)[number];

export const ZReferralCampaign = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  jobs: z.array(ZNamedRef),
  audience: z.object({ kind: z.enum(ReferralAudienceKinds), departments: z.array(ZNamedRef), locations: z.array(ZNamedRef), businessUnits: z.array(ZNamedRef) }),
  status: z.enum(ReferralCampaignStatuses),
  recipients: z.number(),
  sent: z.number(),
  /** Referrals made through the campaign's links so far. */
  referrals: z.number(),
  createdBy: ZUserRef,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TReferralCampaign = z.infer<typeof ZReferralCampaign>;
export const ZReferralCampaignList = z.object({ items: z.array(ZReferralCampaign), total: z.number(), page: z.number(), pageSize: z.number() });
export type TReferralCampaignList = z.infer<typeof ZReferralCampaignList>;

/** The SPA page a campaign mail links to for one job (`?campaign=` counts referrals made through it). */
export const referralPagePath = (jobId: string, campaignId?: string) => `/employee-referral/${jobId}${campaignId ? `?campaign=${campaignId}` : ''}`;
