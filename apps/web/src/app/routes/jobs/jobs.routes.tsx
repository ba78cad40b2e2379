import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { JobsIndexRedirect, RequireAdditionalRole, RequireAllJobsAccess } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

const jobsList = lazyPage(() => import('./jobs-list-page'));

/** Jobs, requisitions and vacancy approvals. */
export const jobsRoutes: RouteObject[] = [
  { path: Paths.jobs, element: <JobsIndexRedirect /> },
  { path: Paths.jobsMine, ...jobsList },
  { element: <RequireAllJobsAccess />, children: [{ path: Paths.jobsAll, ...jobsList }] },
  // The generic detail page /{type}/{id} for type job.
  { path: '/job/:id', ...lazyPage(() => import('./job-page')) },
  { element: <RequireAdditionalRole role="HM" />, children: [{ path: Paths.createRequisition, ...lazyPage(() => import('./create-requisition-page')) }] },
  { path: Paths.vacancyApprovalAll, ...lazyPage(() => import('./vacancy-approval-all-page')) },
  { path: Paths.vacancyApproval, ...lazyPage(() => import('./vacancy-approval-page')) },
];
