import type { TAgency, TAgencySubmission, TAgencySummary } from '@hireflow/contracts/agencies';
import type { TApprovalChainState } from '@hireflow/contracts/approvals';

export const rita = { id: '64b000000000000000000911', name: 'Rita Recruiter', email: 'rita@acme.test' };
export const ann = { id: '64b000000000000000000912', name: 'Ann Approver', email: 'ann@acme.test' };
export const bob = { id: '64b000000000000000000913', name: 'Bob Boss', email: 'bob@acme.test' };
export const agencyId = '6a9000000000000000000a01';
export const backend = { id: '64d000000000000000000051', name: 'Backend Engineer (Berlin)' };
export const designer = { id: '64d000000000000000000052', name: 'Product Designer' };

export const pendingChain: TApprovalChainState = {
  status: 'pending',
  round: 1,
  steps: [
    { order: 1, approver: ann, state: 'current', comment: '', decidedAt: null },
    { order: 2, approver: bob, state: 'waiting', comment: '', decidedAt: null },
  ],
  history: [{ round: 1, action: 'submitted', by: rita, comment: '', at: '2026-11-20T09:00:00.000Z' }],
  canDecide: false,
  canWithdraw: false,
  canReassign: false,
};

export const approvedChain: TApprovalChainState = {
  ...pendingChain,
  status: 'approved',
  steps: pendingChain.steps.map((s) => ({ ...s, state: 'approved' as const, decidedAt: '2026-11-21T09:00:00.000Z' })),
};

export function buildAgencySummary(overrides: Partial<TAgencySummary> = {}): TAgencySummary {
  return {
    id: agencyId,
    name: 'TalentBridge',
    contactName: 'Tara Bridge',
    contactEmail: 'tara@talentbridge.test',
    status: 'active',
    feePercent: '17.5',
    jobCount: 2,
    submissionCount: 4,
    hireCount: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function buildAgency(overrides: Partial<TAgency> = {}, approval: Partial<TApprovalChainState> = {}): TAgency {
  const status = overrides.status ?? 'active';
  return {
    ...buildAgencySummary(),
    guaranteeDays: 90,
    jobs: [backend],
    maxCandidatesPerJob: 5,
    shareSalary: false,
    businessUnit: null,
    invitedBy: rita,
    approvedAt: status === 'pending' ? null : '2026-11-21T09:00:00.000Z',
    signInUrl: status === 'active' || status === 'paused' ? `https://hireflow.test/agencies-login/acme/${agencyId}` : null,
    users: [{ id: '6a9000000000000000000b01', name: 'Tara Bridge', email: 'tara@talentbridge.test', status: 'active', lastLoginAt: '2026-11-22T10:00:00.000Z' }],
    approval: { ...(status === 'pending' ? pendingChain : approvedChain), ...approval },
    can: { edit: status === 'active' || status === 'paused' || status === 'pending', pause: status === 'active', resume: status === 'paused' },
    ...overrides,
  };
}

export function buildSubmission(overrides: Partial<TAgencySubmission> = {}): TAgencySubmission {
  return {
    id: '6a9000000000000000000c01',
    candidateName: 'Jane Doe',
    candidateEmail: 'jane@example.test',
    job: backend,
    applicationId: '64a000000000000000000031',
    submittedBy: { id: '6a9000000000000000000b01', name: 'Tara Bridge', email: 'tara@talentbridge.test' },
    submittedAt: '2026-11-22T11:00:00.000Z',
    status: 'hired',
    placement: { base: '80000', feePercent: '17.5', fee: '14000', currency: 'EUR', at: '2026-11-23T09:00:00.000Z' },
    ...overrides,
  };
}
