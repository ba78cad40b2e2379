import { z } from 'zod';
import { ZNamedRef, ZObjectId, ZUserRef, zMultilineText } from './common';
import { currencyDigits, toMinorUnits, zAmount } from './offers';

// ---------------------------------------------------------------------------------------------
// Referral rewards (/referral-rewards) and their rules (company-settings/referral-settings).
// A hire through a credited referral creates a pending reward; the background queue makes it payable
// once the waiting period after the hire's start date has passed; an admin approves it and marks it
// paid, or forfeits it when the hire left before. Amounts are decimal strings outside, integer minor
// units inside (as offers).
// ---------------------------------------------------------------------------------------------

/**
 * Answers: settings GET/PUT -> ZReferralSettings; rewards -> ZRewardList; reward -> ZReward; approve, pay and
 * forfeit -> ZReward; export -> an .xlsx file (the list with the same filters).
 */
export const ReferralRewardApi = {
  /** company-settings/referral-settings (right advanceSettings to change; every employee may read the default reward). */
  settings: '/api/referral-settings',
  /** GET ?status&referrerId&page: admins see every reward, others only their own. */
  rewards: '/api/referral-rewards',
  reward: '/api/referral-rewards/:id',
  /** POST (admin): payable -> approved. */
  approve: '/api/referral-rewards/:id/approve',
  /** POST (admin): approved -> paid. */
  pay: '/api/referral-rewards/:id/pay',
  /** POST (admin), body ZForfeitRewardRequest: pending or payable -> forfeited (the hire left before the waiting period). */
  forfeit: '/api/referral-rewards/:id/forfeit',
  /** GET ?status (admin): the list as an Excel file. */
  export: '/api/referral-rewards/export.xlsx',
} as const;

export const RewardStatuses = ['pending', 'payable', 'approved', 'paid', 'forfeited'] as const;
export type TRewardStatus = (typeof RewardStatuses)[number];
export const RewardStatusLabels: Record<TRewardStatus, string> = {
  pending: 'Pending (waiting period)',
  payable: 'Payable',
  approved: 'Approved',
  paid: 'Paid',
  forfeited: 'Forfeited',
};

export const ReferralSettingsLimits = { maxOverrides: 100, maxPayableAfterDays: 730, maxCreditWindowDays: 730, maxReasonLength: 1000 } as const;

/** An amount with its currency, typed as a decimal string; refused when the currency has fewer decimals. */
export const ZRewardAmount = z
  .object({
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code such as EUR' }),
    amount: zAmount,
  })
  .superRefine((m, ctx) => {
    if (toMinorUnits(m.amount, m.currency) === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: `has more decimals than ${m.currency} allows (${currencyDigits(m.currency)})` });
  });
export type TRewardAmount = z.infer<typeof ZRewardAmount>;

/** A reward for one department or one job instead of the default (a job's wins over its department's). */
export const ZRewardOverride = z
  .object({ departmentId: ZObjectId.nullable().default(null), jobId: ZObjectId.nullable().default(null), reward: ZRewardAmount })
  .refine((o) => (o.departmentId === null) !== (o.jobId === null), { path: ['jobId'], message: 'Choose either a department or a job' });

export const ZReferralSettingsInput = z.object({
  /** The reward of a hire when no override applies; null: referrals earn no reward by default. */
  defaultReward: ZRewardAmount.nullable(),
  overrides: z.array(ZRewardOverride).max(ReferralSettingsLimits.maxOverrides).default([]),
  /** Days after the hire's start date before a reward becomes payable. */
  payableAfterDays: z.coerce.number().int().min(0).max(ReferralSettingsLimits.maxPayableAfterDays),
  /** Members of the job's hiring team (owners, recruiters, hiring manager) earn no reward for it. */
  excludeHiringTeam: z.boolean(),
  /** Users with the recruiter role earn no reward. */
  excludeRecruiters: z.boolean(),
  /** When two employees refer the same person, the first referral keeps the credit for this many days. */
  creditWindowDays: z.coerce.number().int().min(1).max(ReferralSettingsLimits.maxCreditWindowDays),
  /** Whether a person the company already had as a candidate can still earn their referrer a reward. */
  rewardKnownCandidates: z.boolean(),
});
export type TReferralSettingsInput = z.infer<typeof ZReferralSettingsInput>;

export const DefaultReferralSettings: TReferralSettingsInput = {
  defaultReward: null,
  overrides: [],
  payableAfterDays: 90,
  excludeHiringTeam: true,
  excludeRecruiters: true,
  creditWindowDays: 180,
  rewardKnownCandidates: false,
};

export const ZReferralSettings = ZReferralSettingsInput.extend({
  overrides: z.array(z.object({ department: ZNamedRef.nullable(), job: ZNamedRef.nullable(), reward: ZRewardAmount })),
  updatedAt: z.string().nullable(),
  updatedBy: ZUserRef.nullable(),
  canEdit: z.boolean(),
});
export type TReferralSettings = z.infer<typeof ZReferralSettings>;

export const ZRewardsQuery = z.object({
  status: z.enum(RewardStatuses, { error: `must be one of ${RewardStatuses.join(', ')}` }).optional(),
  referrerId: ZObjectId.optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type TRewardsQuery = z.infer<typeof ZRewardsQuery>;

export const ZForfeitRewardRequest = z.object({
  reason: zMultilineText().trim().min(1, { error: 'Say why the reward is forfeited' }).max(ReferralSettingsLimits.maxReasonLength, { error: 'is too long' }),
});
export type TForfeitRewardRequest = z.infer<typeof ZForfeitRewardRequest>;

export const ZReward = z.object({
  id: z.string(),
  referralId: z.string(),
  referrer: ZUserRef,
  candidateName: z.string(),
  job: ZNamedRef,
  /** Decimal string and currency, e.g. "1500.00" EUR; `display` is "EUR 1,500.00". */
  amount: z.string(),
  currency: z.string(),
  display: z.string(),
  status: z.enum(RewardStatuses),
  hiredAt: z.string(),
  /** The hire's start date (YYYY-MM-DD) and the day the reward becomes payable. */
  startDate: z.string(),
  payableOn: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: ZUserRef.nullable(),
  paidAt: z.string().nullable(),
  paidBy: ZUserRef.nullable(),
  forfeitedAt: z.string().nullable(),
  forfeitedBy: ZUserRef.nullable(),
  forfeitReason: z.string(),
  can: z.object({ approve: z.boolean(), pay: z.boolean(), forfeit: z.boolean() }),
});
export type TReward = z.infer<typeof ZReward>;
export const ZRewardList = z.object({
  items: z.array(ZReward),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Sums per status and currency over the whole filtered list, e.g. { payable: ["EUR 3,000.00"] }. */
  totals: z.record(z.string(), z.array(z.string())),
});
export type TRewardList = z.infer<typeof ZRewardList>;

export const RewardMessages = {
  notPayableYet: 'This reward is still in its waiting period.',
  notApproved: 'Approve the reward before marking it paid.',
  alreadyClosed: 'This reward is already paid or forfeited.',
  alreadyApproved: 'This reward is already approved.',
  approvedNotForfeitable: 'An approved reward can no longer be forfeited.',
  onlyAdmins: 'Only a company admin can approve, pay or forfeit rewards.',
} as const;
