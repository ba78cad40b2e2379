import type { TReferralSettings, TReferralSettingsInput } from '@hireflow/contracts/referral-rewards';

export type OverrideTarget = 'department' | 'job';
export type OverrideRow = { key: string; target: OverrideTarget; departmentId: string | null; jobId: string | null; reward: { currency: string; amount: string } };

/** The form's values; field paths match ZReferralSettingsInput's so its messages land on the right field. */
export type SettingsValues = {
  hasDefaultReward: boolean;
  defaultReward: { currency: string; amount: string };
  overrides: OverrideRow[];
  payableAfterDays: number | string;
  excludeHiringTeam: boolean;
  excludeRecruiters: boolean;
  creditWindowDays: number | string;
  rewardKnownCandidates: boolean;
};

let rowCounter = 0;
export const newRowKey = () => `row-${++rowCounter}`;

export function valuesOf(settings: TReferralSettings): SettingsValues {
  return {
    hasDefaultReward: settings.defaultReward !== null,
    defaultReward: settings.defaultReward ?? { currency: 'EUR', amount: '' },
    overrides: settings.overrides.map((o) => ({
      key: newRowKey(),
      target: o.job ? 'job' : 'department',
      departmentId: o.job ? null : (o.department?.id ?? null),
      jobId: o.job?.id ?? null,
      reward: { currency: o.reward.currency, amount: o.reward.amount },
    })),
    payableAfterDays: settings.payableAfterDays,
    excludeHiringTeam: settings.excludeHiringTeam,
    excludeRecruiters: settings.excludeRecruiters,
    creditWindowDays: settings.creditWindowDays,
    rewardKnownCandidates: settings.rewardKnownCandidates,
  };
}

/** What the API takes: amounts stay decimal strings as typed (trimmed), days are numbers when they are numbers. */
export function inputOf(values: SettingsValues): TReferralSettingsInput {
  const days = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));
  const money = (m: { currency: string; amount: string }) => ({ currency: m.currency.trim().toUpperCase(), amount: m.amount.trim() });
  return {
    defaultReward: values.hasDefaultReward ? money(values.defaultReward) : null,
    overrides: values.overrides.map((o) => ({
      departmentId: o.target === 'department' ? o.departmentId : null,
      jobId: o.target === 'job' ? o.jobId : null,
      reward: money(o.reward),
    })),
    payableAfterDays: days(values.payableAfterDays),
    excludeHiringTeam: values.excludeHiringTeam,
    excludeRecruiters: values.excludeRecruiters,
    creditWindowDays: days(values.creditWindowDays),
    rewardKnownCandidates: values.rewardKnownCandidates,
  };
}
