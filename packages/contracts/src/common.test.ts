import { describe, expect, it } from 'vitest';
import { describePasswordWeakness, ZEmail, ZNewPassword, ZSlug } from './common';
import { buildPath, Paths } from './routes';
import { CompanySettingsPages } from './settings';
import { AccessRightKeys } from './roles';

describe('password policy', () => {
  it('says exactly what a weak password lacks', () => {
    expect(describePasswordWeakness('abc')).toBe('Password needs at least 8 characters, a digit');
    expect(describePasswordWeakness('12345678')).toBe('Password needs a letter');
    expect(describePasswordWeakness('abcdefgh')).toBe('Password needs a digit');
    expect(describePasswordWeakness('Demo@12345')).toBeNull();
  });

  it('is what the password schema enforces', () => {
    expect(ZNewPassword.safeParse('short1').success).toBe(false);
    expect(ZNewPassword.safeParse('longenough1').success).toBe(true);
  });
});

describe('ZEmail', () => {
  it('trims and lowercases', () => {
    expect(ZEmail.parse('  Ada@Acme.TEST ')).toBe('ada@acme.test');
  });
  it('refuses what is not an email', () => {
    expect(ZEmail.safeParse('ada@').success).toBe(false);
  });
});

describe('ZSlug', () => {
  it('accepts url-safe slugs and refuses the rest', () => {
    expect(ZSlug.parse('Acme-Corp')).toBe('acme-corp');
    expect(ZSlug.safeParse('acme corp').success).toBe(false);
    expect(ZSlug.safeParse('-acme').success).toBe(false);
  });
});

describe('routes', () => {
  it('fills path parameters and drops a missing optional one', () => {
    expect(buildPath(Paths.vacancyApproval, { vacancyId: 'v 1' })).toBe('/vacancy-approval/v%201');
    expect(buildPath(Paths.companySettingsPage, { page: 'approvers' })).toBe('/company-settings/approvers');
  });

  it('keeps the spec spellings', () => {
    expect(Paths.calenderAuth).toBe('/calenderAuth');
    expect(Paths.pendingVerification).toBe('/pendingverification');
  });
});

describe('company settings pages', () => {
  it('are each gated by a real access-right key', () => {
    for (const right of Object.values(CompanySettingsPages)) expect(AccessRightKeys).toContain(right);
    expect(Object.keys(CompanySettingsPages)).toHaveLength(26);
  });
});
