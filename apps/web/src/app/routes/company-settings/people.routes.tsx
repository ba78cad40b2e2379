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

/** People and organisation pages of company settings. */
export const peopleSettingsRoutes: RouteObject[] = [
  { path: base, ...lazyPage(() => import('./company-settings-index-page')) },
  settingsPage('manage-users', () => import('./manage-users-page')),
  settingsPage('accessrights', () => import('./accessrights-page')),
  settingsPage('manage-roles', () => import('./manage-roles-page')),
  settingsPage('manage-spcl-user', () => import('./manage-spcl-user-page')),
  page('business-units', OrgKindRights['business-units'], () => import('./business-units-page')),
  page('departments', OrgKindRights.departments, () => import('./departments-page')),
  settingsPage('manage-locations', () => import('./manage-locations-page'), '/:subpage?'),
  settingsPage('manage-locations', () => import('./meeting-rooms-page'), '/meeting-rooms'),
  settingsPage('manage-campuses', () => import('./manage-campuses-page')),
  settingsPage('manage-clients', () => import('./manage-clients-page')),
  settingsPage('manage-domains', () => import('./manage-domains-page')),
  settingsPage('workforce-planning', () => import('./workforce-planning-page')),
  settingsPage('manage-lists', () => import('./manage-lists-page')),
  settingsPage('manage-lists', () => import('./manage-skills-page'), '/skills'),
  settingsPage('manage-lists', () => import('./manage-rejection-reasons-page'), '/rejection-reasons'),
  settingsPage('manage-lists', () => import('./manage-interview-attributes-page'), '/interview-attributes'),
  settingsPage('manage-allTags', () => import('./manage-all-tags-page'), '/:subpage?'),
  settingsPage('manage-sources', () => import('./manage-sources-page')),
  settingsPage('custom-fields', () => import('./custom-fields-page'), '/:subpage?'),
  settingsPage('onboarding-documents', () => import('./onboarding-documents-page')),
  settingsPage('referral-settings', () => import('./referral-settings-page')),
  settingsPage('tatsettings', () => import('./tatsettings-page')),
  settingsPage('manage-agencies', () => import('./manage-agencies-page')),
  // The screening question bank (issue 13): before page-customization/:page? in meaning, a static path wins.
  settingsPage('page-customization', () => import('./question-bank-page'), '/questions'),
];
