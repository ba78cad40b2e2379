import type { TStoredUser } from '@hireflow/contracts/users';
import type { TSessionResponse } from '@hireflow/contracts/auth';
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
