import type { TMyReferral, TReferableJob } from '@hireflow/contracts/referrals';

export const jobId = '64d000000000000000000071';

/** An open job as the referral pages get it. */
export function buildReferableJob(overrides: Partial<TReferableJob> = {}): TReferableJob {
  return {
    id: jobId,
    title: 'Backend Engineer',
    department: { id: 'd1', name: 'Engineering' },
    location: { id: 'l1', name: 'Berlin' },
    descriptionHtml: '<p>Build the <strong>APIs</strong> our customers use.</p>',
    openedAt: '2026-11-01T00:00:00.000Z',
    reward: 'EUR 1,500.00',
    ...overrides,
  };
}

export function buildMyReferral(overrides: Partial<TMyReferral> = {}): TMyReferral {
  return {
    id: 'r1',
    candidateName: 'Grace Hopper',
    job: { id: jobId, name: 'Backend Engineer' },
    referredAt: '2026-11-10T09:00:00.000Z',
    status: 'interviewing',
    alreadyKnown: false,
    rewardEligibility: 'eligible',
    reward: null,
    ...overrides,
  };
}

export const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });
