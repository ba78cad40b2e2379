import type { TOffer, TOfferOptions } from '@hireflow/contracts/offers';

// Factories for the offer tests: an offer and the form's options as the API presents them.

export const applicationId = '64c0000000000000000000a1';
export const offerId = '64f0000000000000000000e1';
const rita = { id: '64b0000000000000000000f1', name: 'Rita Recruiter', email: 'rita@acme.test' };

export function buildOffer(overrides: Partial<TOffer> = {}): TOffer {
  return {
    id: offerId,
    applicationId,
    candidate: { id: '64c000000000000000000001', name: 'Ada Lovelace', email: 'ada@example.test' },
    job: { id: '64d000000000000000000001', name: 'Backend Engineer' },
    status: 'draft',
    jobTitle: 'Senior Backend Engineer',
    startDate: '2099-03-01',
    expiryDate: '2099-02-10',
    compensation: { currency: 'EUR', baseAmount: '85000.50', period: 'year', bonusAmount: '5000', equity: '', otherTerms: '' },
    template: null,
    manager: { id: '64b0000000000000000000f2', name: 'Hank Manager', email: 'hank@acme.test' },
    customFields: {},
    customFieldLabels: {},
    note: '',
    createdBy: rita,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    sentAt: null,
    decidedAt: null,
    declineReason: '',
    revokeReason: '',
    acceptance: null,
    approval: { status: null, round: 0, steps: [], history: [], canDecide: false, canWithdraw: false, canReassign: false },
    events: [],
    can: { edit: false, submit: false, send: false, revoke: false, recordOutcome: false },
    ...overrides,
  };
}

export function buildOfferOptions(overrides: Partial<TOfferOptions> = {}): TOfferOptions {
  return {
    defaults: { jobTitle: 'Backend Engineer', managerId: '64b0000000000000000000f2', currency: 'EUR' },
    templates: [{ id: '64e0000000000000000000d1', name: 'Engineering offer' }],
    customFields: [],
    blockedReason: null,
    ...overrides,
  };
}
