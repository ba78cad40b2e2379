import type { RouteObject } from 'react-router-dom';
import { CompanySettingsPages, type TCompanySettingsPage } from '@hireflow/contracts/settings';
import { OrgKindRights } from '@hireflow/contracts/org-rights';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { RequireRight } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

const base = '/company-settings';
type Importer = Parameters<typeof lazyPage>[0];

/** A settings page behind the access right the contracts name for it (the API checks the same right). */
function page(path: string, right: TAccessRight, importer: Importer): RouteObject {
  return { element: <RequireRight right={right} />, children: [{ path: `${base}/${path}`, ...lazyPage(importer) }] };
}
const settingsPage = (name: TCompanySettingsPage, importer: Importer, suffix = '') => page(`${name}${suffix}`, CompanySettingsPages[name], importer);

/**
 * Every company-settings page, in the groups of the index (CompanySettingsGroups): each page's file lives
 * in the sub-folder of its group. A static path before a `:param?` one of the same page wins.
 */
export const companySettingsRoutes: RouteObject[] = [
  { path: base, ...lazyPage(() => import('./company-settings-index-page')) },
  // Company
  settingsPage('company-profile', () => import('./company/company-profile-page')),
  settingsPage('preferences', () => import('./company/preferences-page')),
  page('business-units', OrgKindRights['business-units'], () => import('./company/business-units-page')),
  page('departments', OrgKindRights.departments, () => import('./company/departments-page')),
  settingsPage('manage-locations', () => import('./company/meeting-rooms-page'), '/meeting-rooms'),
  settingsPage('manage-locations', () => import('./company/manage-locations-page'), '/:subpage?'),
  settingsPage('manage-campuses', () => import('./company/manage-campuses-page')),
  settingsPage('manage-clients', () => import('./company/manage-clients-page')),
  settingsPage('manage-domains', () => import('./company/manage-domains-page')),
  // People and access
  settingsPage('manage-users', () => import('./people/manage-users-page')),
  settingsPage('accessrights', () => import('./people/accessrights-page')),
  settingsPage('manage-roles', () => import('./people/manage-roles-page')),
  settingsPage('manage-spcl-user', () => import('./people/manage-spcl-user-page')),
  settingsPage('approvers', () => import('./people/approvers-page'), '/:page?'),
  settingsPage('manage-agencies', () => import('./people/manage-agencies-page')),
  // Hiring process
  settingsPage('workforce-planning', () => import('./hiring/workforce-planning-page')),
  settingsPage('tatsettings', () => import('./hiring/tatsettings-page')),
  settingsPage('manage-lists', () => import('./hiring/manage-lists-page')),
  settingsPage('manage-lists', () => import('./hiring/manage-skills-page'), '/skills'),
  settingsPage('manage-lists', () => import('./hiring/manage-rejection-reasons-page'), '/rejection-reasons'),
  settingsPage('manage-lists', () => import('./hiring/manage-interview-attributes-page'), '/interview-attributes'),
  settingsPage('manage-allTags', () => import('./hiring/manage-all-tags-page'), '/:subpage?'),
  settingsPage('manage-sources', () => import('./hiring/manage-sources-page')),
  settingsPage('custom-fields', () => import('./hiring/custom-fields-page'), '/:subpage?'),
  settingsPage('page-customization', () => import('./hiring/question-bank-page'), '/questions'),
  settingsPage('page-customization', () => import('./hiring/page-customization-page'), '/:page?'),
  settingsPage('templates', () => import('./hiring/templates-page'), '/:page?'),
  settingsPage('onboarding-documents', () => import('./hiring/onboarding-documents-page')),
  settingsPage('referral-settings', () => import('./hiring/referral-settings-page')),
  // Career site
  settingsPage('career-site', () => import('./career-site/career-site-page'), '/:page?'),
  settingsPage('look-feel', () => import('./career-site/look-feel-page')),
  // Integrations and API
  settingsPage('external-api-settings', () => import('./integrations/external-api-settings-page'), '/:page?'),
  // Billing
  settingsPage('Subscription', () => import('./billing/subscription-page')),
  // Privacy (issue 21): company users with companySettings, as the API checks
  page('privacy', 'companySettings', () => import('./privacy/privacy-page')),
  page('privacy/erasure-requests', 'companySettings', () => import('./privacy/erasure-requests-page')),
  page('privacy/audit-trail', 'companySettings', () => import('./privacy/audit-trail-page')),
  page('privacy/data-export', 'companySettings', () => import('./privacy/data-export-page')),
];
