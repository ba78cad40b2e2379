import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { navItems, visibleItems } from './nav-items';

const everything = () => true;
const labels = (viewer: Parameters<typeof visibleItems>[1]) => visibleItems(navItems, viewer, everything).map((i) => i.label);

describe('navigation table, once every page exists', () => {
  it('an employee sees dashboard, jobs, interview feedback and referrals', () => {
    expect(labels({ user: buildUser({ role: 'employee' }), rights: [] })).toEqual(['Dashboard', 'Jobs', 'Interview feedback', 'Referrals']);
  });

  it('a hiring manager also sees the boards of their jobs and the profiles they pinned', () => {
    expect(labels({ user: buildUser({ role: 'employee', addlRoles: ['HM'] }), rights: [] })).toEqual(['Dashboard', 'Jobs', 'Workflow', 'Speed screening', 'Interview feedback', 'Pinned profiles', 'Referrals']);
  });

  it('a recruiter also sees workflow and database; reports and settings follow access rights', () => {
    expect(labels({ user: buildUser({ role: 'recruiter' }), rights: [] })).toEqual(['Dashboard', 'Jobs', 'Workflow', 'Speed screening', 'Interview feedback', 'Database', 'Pinned profiles', 'Campaigns', 'Referrals']);
    expect(labels({ user: buildUser({ role: 'recruiter' }), rights: ['viewReports', 'manageUsers'] })).toEqual([
      'Dashboard', 'Jobs', 'Workflow', 'Speed screening', 'Interview feedback', 'Database', 'Pinned profiles', 'Campaigns', 'Referrals', 'Reports', 'Company settings',
    ]);
    // Invoices go with the Subscription page's right.
    expect(labels({ user: buildUser({ role: 'recruiter' }), rights: ['companySettings'] }).slice(-2)).toEqual(['Billing', 'Company settings']);
  });

  it('the platform super admin sees only the super admin area', () => {
    expect(labels({ user: buildUser({ superAdmin: true, customer: null, customerState: null }), rights: [] })).toEqual(['Super admin', 'Companies', 'Users', 'Promo codes', 'Spotlight', 'Platform reports']);
  });

  it('hides entries whose page is not registered', () => {
    const viewer = { user: buildUser(), rights: [] };
    expect(visibleItems(navItems, viewer, (path) => path === '/dashboard').map((i) => i.label)).toEqual(['Dashboard']);
  });
});
