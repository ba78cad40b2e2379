import type { TStoredUser } from '@hireflow/contracts/users';
import type { TSessionResponse } from '@hireflow/contracts/auth';
import type { TJobDetail, TJobSummary, TRequisition } from '@hireflow/contracts/jobs';
import { setSession } from '@/lib/session';

let counter = 0;

/** A stored user as the API presents it: an active, verified recruiter of an authorised company. */
export function buildUser(overrides: Partial<TStoredUser> = {}): TStoredUser {
  counter += 1;
  return {
    id: `64b000000000000000000${String(counter).padStart(3, '0')}`,
    firstName: 'Rita',
    lastName: 'Recruiter',
    fullName: 'Rita Recruiter',
    mobile: '',
    role: 'recruiter',
    email: `user${counter}@acme.test`,
    eCode: '',
    admin: false,
    status: 'active',
    email_verification: { status: true },
    createdAt: '2026-01-01T00:00:00.000Z',
    location: null,
    customer: { id: '64a000000000000000000001', name: 'Acme Corp' },
    department: null,
    buItemId: null,
    timezone: 'UTC',
    bufollow: [],
    managers: [],
    addlRoles: [],
    siteAdmin: false,
    superUser: false,
    superAdmin: false,
    customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: true },
    ...overrides,
  };
}

export function buildSession(overrides: Partial<TStoredUser> = {}): TSessionResponse {
  return { token: `token-${++counter}`, user: buildUser(overrides) };
}

/** Signs a user in the way the login page does: token and user in localStorage. */
export function signIn(overrides: Partial<TStoredUser> = {}): TSessionResponse {
  const session = buildSession(overrides);
  setSession(session);
  return session;
}

/** An open job as the job list presents it, with a two-stage pipeline. */
export function buildJobSummary(overrides: Partial<TJobSummary> = {}): TJobSummary {
  return {
    id: '64d000000000000000000001',
    title: 'Platform Engineer',
    status: 'open',
    department: { id: 'd', name: 'Engineering' },
    businessUnit: null,
    location: { id: 'l', name: 'Berlin' },
    recruiters: [{ id: 'r', name: 'Rita Recruiter', email: 'r@acme.test' }],
    hiringManager: null,
    openings: 1,
    applicantCount: 3,
    pipeline: [
      { id: 's1', name: 'Applied', kind: 'screening', count: 2 },
      { id: 's2', name: 'Hired', kind: 'hired', count: 1 },
    ],
    published: true,
    createdAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A job's detail page data: the summary plus the fields only the job page shows; an open job the viewer runs. */
export function buildJobDetail(overrides: Partial<TJobDetail> = {}): TJobDetail {
  return {
    ...buildJobSummary(),
    employmentType: 'full_time',
    salaryBand: null,
    targetStartDate: null,
    description: '',
    jobCode: null,
    requisitionId: null,
    interviewers: [],
    followers: [],
    customFields: {},
    openedAt: '2026-10-02T00:00:00.000Z',
    allowedTransitions: [],
    canEdit: true,
    updatedAt: '2026-10-02T00:00:00.000Z',
    ...overrides,
  };
}

/** A requisition waiting for its first approver, submitted by a hiring manager. */
export function buildRequisition(overrides: Partial<TRequisition> = {}): TRequisition {
  const requester = { id: 'h', name: 'Hank Manager', email: 'hm@acme.test' };
  return {
    id: '64e000000000000000000002',
    title: 'Data Engineer',
    status: 'pending_approval',
    jobId: '64d000000000000000000009',
    jobCode: null,
    department: { id: 'd', name: 'Engineering' },
    businessUnit: null,
    location: { id: 'l', name: 'Berlin' },
    headcount: 1,
    employmentType: 'full_time',
    salaryBand: null,
    targetStartDate: null,
    justification: 'Growth',
    headcountJustification: '',
    team: { hiringManager: null, recruiters: [], interviewers: [], followers: [] },
    customFields: {},
    requester,
    round: 1,
    steps: [{ order: 1, approver: { id: 'a', name: 'Ada Admin', email: 'a@acme.test' }, state: 'current', comment: '', decidedAt: null }],
    history: [{ round: 1, action: 'submitted', by: requester, comment: '', at: '2026-11-01T10:00:00.000Z' }],
    canDecide: false,
    canEdit: false,
    canWithdraw: false,
    canReassign: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
