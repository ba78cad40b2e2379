import type { TAccessRight } from './roles';

/** Each company-settings page and the access right that opens it (admins hold every right). */
export const CompanySettingsPages = {
  accessrights: 'manageUsers',
  approvers: 'advanceSettings',
  'career-site': 'careerSiteSettings',
  'company-profile': 'companySettings',
  'custom-fields': 'advanceSettings',
  'external-api-settings': 'manageApiKeys',
  'look-feel': 'careerSiteSettings',
  'manage-agencies': 'manageAgencies',
  'manage-allTags': 'standardSettings',
  'manage-campuses': 'standardSettings',
  'manage-clients': 'standardSettings',
  'manage-domains': 'companySettings',
  'workforce-planning': 'manageJobCodes',
  'manage-lists': 'standardSettings',
  'manage-locations': 'standardSettings',
  'manage-roles': 'manageUsers',
  'manage-sources': 'standardSettings',
  'manage-spcl-user': 'manageSpecialUsers',
  'manage-users': 'manageUsers',
  'onboarding-documents': 'standardSettings',
  'page-customization': 'applyPageCustomization',
  preferences: 'advanceSettings',
  'referral-settings': 'advanceSettings',
  Subscription: 'companySettings',
  tatsettings: 'advanceSettings',
  templates: 'standardSettings',
} as const satisfies Record<string, TAccessRight>;
export type TCompanySettingsPage = keyof typeof CompanySettingsPages;
