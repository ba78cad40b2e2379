import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { JobsIndexRedirect, RequireAdditionalRole, RequireAllJobsAccess, RequireRight } from '@/app/guards/guards';
import { CompanySettingsPages, type TCompanySettingsPage } from '@hireflow/contracts/settings';
import { lazyPage } from '../lazy-page';

const jobsList = lazyPage(() => import('./jobs-list-page'));
const settingsPath = (name: TCompanySettingsPage, suffix = '') => `/company-settings/${name}${suffix}`;

/** Jobs, requisitions, vacancy approvals, and the jobs area's company-settings pages. */
export const jobsRoutes: RouteObject[] = [
  { path: Paths.jobs, element: <JobsIndexRedirect /> },
  { path: Paths.jobsMine, ...jobsList },
  { element: <RequireAllJobsAccess />, children: [{ path: Paths.jobsAll, ...jobsList }] },
  // The generic detail page /{type}/{id} for type job.
  { path: '/job/:id', ...lazyPage(() => import('./job-page')) },
  { element: <RequireAdditionalRole role="HM" />, children: [{ path: Paths.createRequisition, ...lazyPage(() => import('./create-requisition-page')) }] },
  { path: Paths.vacancyApprovalAll, ...lazyPage(() => import('./vacancy-approval-all-page')) },
  { path: Paths.vacancyApproval, ...lazyPage(() => import('./vacancy-approval-page')) },
  {
    element: <RequireRight right={CompanySettingsPages.approvers} />,
    children: [{ path: '/company-settings/approvers/:page?', ...lazyPage(() => import('./approvers-settings-page')) }],
  },
  {
    element: <RequireRight right={CompanySettingsPages['career-site']} />,
    children: [{ path: settingsPath('career-site', '/:page?'), ...lazyPage(() => import('./career-site-settings-page')) }],
  },
  {
    // The career site's apply form; later, the other forms' fields.
    element: <RequireRight right={CompanySettingsPages['page-customization']} />,
    children: [{ path: settingsPath('page-customization', '/:page?'), ...lazyPage(() => import('./page-customization-page')) }],
  },
  {
    element: <RequireRight right={CompanySettingsPages.preferences} />,
    children: [{ path: '/company-settings/preferences', ...lazyPage(() => import('./workflow-settings-page')) }],
  },
];
