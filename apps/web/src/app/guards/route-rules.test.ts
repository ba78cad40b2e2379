import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { canCreateRequisition, canSeeAllJobs, canSeeAppliedByAgencies, jobsIndexPath, protectedRouteDecision } from './route-rules';

describe('protectedRouteDecision (SPEC section 5)', () => {
  const user = buildUser();

  it('sends an agency sign-in to /applied-by-agencies', () => {
    expect(protectedRouteDecision({ pathname: '/dashboard', token: 't', user, agencyLogin: { agencyId: 'a1' } })).toEqual({
      kind: 'redirect',
      to: '/applied-by-agencies',
    });
  });

  it('without a token: saves the current URL and goes to /login', () => {
    expect(protectedRouteDecision({ pathname: '/dashboard', token: null, user: null, agencyLogin: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      saveCurrentUrl: true,
    });
  });

  it('redirects unverified, onboarding and unauthorised accounts as the sign-in rules do', () => {
    const decide = (overrides: Parameters<typeof buildUser>[0]) =>
      protectedRouteDecision({ pathname: '/dashboard', token: 't', user: buildUser(overrides), agencyLogin: null });
    expect(decide({ email_verification: { status: false } })).toEqual({ kind: 'redirect', to: '/stop' });
    expect(decide({ admin: true, customerState: { slug: null, isAuthorized: true, userOptionsPage: true } })).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(decide({ customerState: { slug: 'acme', isAuthorized: false, userOptionsPage: true } })).toEqual({
      kind: 'redirect',
      to: '/pendingverification',
    });
  });

  it('lets a ready account through', () => {
    expect(protectedRouteDecision({ pathname: '/dashboard', token: 't', user, agencyLogin: null })).toEqual({ kind: 'allow' });
  });
});

describe('route rules', () => {
  it('/create-requisition needs the additional role HM', () => {
    expect(canCreateRequisition(buildUser({ role: 'employee', addlRoles: ['HM'] }))).toBe(true);
    expect(canCreateRequisition(buildUser({ role: 'recruiter', admin: true }))).toBe(false);
  });

  it('/jobs/all is closed to an employee who is not a super user', () => {
    expect(canSeeAllJobs(buildUser({ role: 'employee' }))).toBe(false);
    expect(canSeeAllJobs(buildUser({ role: 'employee', superUser: true }))).toBe(true);
    expect(canSeeAllJobs(buildUser({ role: 'recruiter' }))).toBe(true);
  });

  it('/jobs goes to /jobs/mine for employees and /jobs/all otherwise', () => {
    expect(jobsIndexPath(buildUser({ role: 'employee' }))).toBe('/jobs/mine');
    expect(jobsIndexPath(buildUser({ role: 'employee', superUser: true }))).toBe('/jobs/mine');
    expect(jobsIndexPath(buildUser({ role: 'recruiter' }))).toBe('/jobs/all');
  });

  it('/applied-by-agencies needs agency sign-in data', () => {
    expect(canSeeAppliedByAgencies({ agencyId: 'a1', customerSlug: 'acme' })).toBe(true);
    expect(canSeeAppliedByAgencies(null)).toBe(false);
    expect(canSeeAppliedByAgencies('yes')).toBe(false);
  });
});
