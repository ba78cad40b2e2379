import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { accountStateRedirect, destinationAfterLogin, helpSiteReferrerOf } from './destination';

const admin = (state: { slug: string | null; isAuthorized: boolean; userOptionsPage: boolean }, extra = {}) =>
  buildUser({ admin: true, customerState: state, ...extra });
const ready = { slug: 'acme', isAuthorized: true, userOptionsPage: true };

describe('destinationAfterLogin (SPEC section 4, in order)', () => {
  it('1. the platform super admin goes to /superadmin, whatever else holds', () => {
    const user = buildUser({ superAdmin: true, customer: null, customerState: null, email_verification: { status: false } });
    expect(destinationAfterLogin({ user, savedUrl: '/jobs/all' }).path).toBe('/superadmin');
  });

  it('2. an unverified email goes to /stop, before the company states', () => {
    const user = admin({ slug: null, isAuthorized: false, userOptionsPage: false }, { email_verification: { status: false } });
    expect(destinationAfterLogin({ user }).path).toBe('/stop');
  });

  it('3. an admin whose company has no slug goes to /onboarding', () => {
    expect(destinationAfterLogin({ user: admin({ slug: null, isAuthorized: false, userOptionsPage: false }) }).path).toBe('/onboarding');
  });

  it('3. a non-admin of a company without slug is not sent to onboarding', () => {
    const user = buildUser({ customerState: { slug: null, isAuthorized: true, userOptionsPage: true } });
    expect(destinationAfterLogin({ user }).path).toBe('/dashboard');
  });

  it('4. a customer not yet authorised goes to /pendingverification', () => {
    expect(destinationAfterLogin({ user: admin({ slug: 'acme', isAuthorized: false, userOptionsPage: false }) }).path).toBe('/pendingverification');
    expect(destinationAfterLogin({ user: buildUser({ customerState: { slug: 'acme', isAuthorized: false, userOptionsPage: true } }) }).path).toBe(
      '/pendingverification',
    );
  });

  it('5. an admin whose userOptionsPage is false goes to /user-options', () => {
    expect(destinationAfterLogin({ user: admin({ slug: 'acme', isAuthorized: true, userOptionsPage: false }) }).path).toBe('/user-options');
  });

  it('5. a non-admin is not sent to the admin first-run options', () => {
    const user = buildUser({ customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: false } });
    expect(destinationAfterLogin({ user }).path).toBe('/dashboard');
  });

  it('6. otherwise the saved URL, else /dashboard', () => {
    expect(destinationAfterLogin({ user: admin(ready), savedUrl: '/jobs/all?status=open' }).path).toBe('/jobs/all?status=open');
    expect(destinationAfterLogin({ user: admin(ready), savedUrl: null }).path).toBe('/dashboard');
  });

  it('ignores a saved URL that leaves the site or points back at the front door', () => {
    for (const savedUrl of ['//evil.example/x', 'https://evil.example', '/login', '/logout', '/stop', '/']) {
      expect(destinationAfterLogin({ user: buildUser(), savedUrl }).path).toBe('/dashboard');
    }
  });

  it('a help-site referrer returns there, ahead of the saved URL', () => {
    const destination = destinationAfterLogin({ user: buildUser(), savedUrl: '/jobs/all', helpSiteReferrer: 'https://help.hireflow.local/a' });
    expect(destination).toEqual({ path: 'https://help.hireflow.local/a', external: true });
  });

  it('a help-site referrer does not skip an unfinished account state', () => {
    const user = buildUser({ email_verification: { status: false } });
    expect(destinationAfterLogin({ user, helpSiteReferrer: 'https://help.hireflow.local/a' }).path).toBe('/stop');
  });
});

describe('accountStateRedirect', () => {
  it('is null for a ready account and for the super admin', () => {
    expect(accountStateRedirect(buildUser())).toBeNull();
    expect(accountStateRedirect(buildUser({ superAdmin: true, customerState: null, customer: null }))).toBeNull();
  });
});

describe('helpSiteReferrerOf', () => {
  it('accepts a referrer on the help site origin only', () => {
    expect(helpSiteReferrerOf('https://help.hireflow.local/articles/1', 'https://help.hireflow.local')).toBe('https://help.hireflow.local/articles/1');
    expect(helpSiteReferrerOf('https://other.example/articles/1', 'https://help.hireflow.local')).toBeNull();
    expect(helpSiteReferrerOf('', 'https://help.hireflow.local')).toBeNull();
    expect(helpSiteReferrerOf('not a url', 'https://help.hireflow.local')).toBeNull();
  });
});
