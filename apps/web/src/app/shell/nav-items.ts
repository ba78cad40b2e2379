import type { TAccessRight } from '@hireflow/contracts/roles';
import type { TStoredUser } from '@hireflow/contracts/users';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { Paths } from '@hireflow/contracts/routes';

export type Viewer = { user: TStoredUser; rights: readonly TAccessRight[] };

export type NavItem = {
  label: string;
  /** Where the entry leads; the entry shows only once a page is registered for this path. */
  to: string;
  /** Who may see it (the API enforces the same rule). */
  visibleTo: (viewer: Viewer) => boolean;
};

const companyUser = ({ user }: Viewer) => !user.superAdmin && user.customer !== null;
const recruiting = (viewer: Viewer) => companyUser(viewer) && (viewer.user.role === 'recruiter' || viewer.user.admin || viewer.user.superUser);
const settingsRights = new Set<string>(Object.values(CompanySettingsPages));

/** The main navigation, in display order. An area adds its entry here; it appears when its route exists. */
export const navItems: NavItem[] = [
  { label: 'Dashboard', to: Paths.dashboard, visibleTo: companyUser },
  { label: 'Jobs', to: Paths.jobs, visibleTo: companyUser },
  // Hiring managers see the boards of their jobs (the API shows any job its viewer may see).
  { label: 'Workflow', to: Paths.workflow, visibleTo: (v) => recruiting(v) || (companyUser(v) && v.user.addlRoles.includes('HM')) },
  { label: 'Speed screening', to: Paths.speedScreening, visibleTo: (v) => recruiting(v) || (companyUser(v) && v.user.addlRoles.includes('HM')) },
  // Anyone may sit on an interview panel: the page lists what they owe and submitted (empty for most).
  { label: 'Interview feedback', to: Paths.interviewFeedbackAll, visibleTo: companyUser },
  { label: 'Database', to: Paths.database, visibleTo: recruiting },
  { label: 'Pinned profiles', to: Paths.databasePinnedProfiles, visibleTo: (v) => recruiting(v) || (companyUser(v) && v.user.addlRoles.includes('HM')) },
  { label: 'Campaigns', to: Paths.databaseCampaign, visibleTo: recruiting },
  { label: 'Referrals', to: Paths.myReferrals, visibleTo: companyUser },
  { label: 'Reports', to: Paths.reports, visibleTo: (v) => companyUser(v) && v.rights.includes('viewReports') },
  { label: 'Billing', to: Paths.billing, visibleTo: (v) => companyUser(v) && v.rights.includes(CompanySettingsPages.Subscription) },
  { label: 'Company settings', to: Paths.companySettings, visibleTo: (v) => companyUser(v) && v.rights.some((r) => settingsRights.has(r)) },
  { label: 'Super admin', to: Paths.superadmin, visibleTo: ({ user }) => user.superAdmin },
  { label: 'Companies', to: Paths.superadminCompanies, visibleTo: ({ user }) => user.superAdmin },
  { label: 'Users', to: Paths.superadminUsers, visibleTo: ({ user }) => user.superAdmin },
  { label: 'Promo codes', to: Paths.superadminPromos, visibleTo: ({ user }) => user.superAdmin },
  { label: 'Spotlight', to: Paths.superadminSpotlight, visibleTo: ({ user }) => user.superAdmin },
  { label: 'Platform reports', to: Paths.superadminReports, visibleTo: ({ user }) => user.superAdmin },
];

/** The header's user menu; logout is always last. */
export const userMenuItems: NavItem[] = [
  { label: 'Profile', to: '/user-preferences/profile', visibleTo: companyUser },
  { label: 'Preferences', to: '/user-preferences/preferences', visibleTo: companyUser },
  { label: 'Integrations', to: '/user-preferences/myintegrations', visibleTo: companyUser },
];

export function visibleItems(items: readonly NavItem[], viewer: Viewer, isRegistered: (path: string) => boolean): NavItem[] {
  return items.filter((item) => item.visibleTo(viewer) && isRegistered(item.to));
}
