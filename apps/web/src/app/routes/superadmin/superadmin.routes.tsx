import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { RequireSuperAdmin } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

export const superadminRoutes: RouteObject[] = [
  {
    element: <RequireSuperAdmin />,
    children: [
      { path: Paths.superadmin, ...lazyPage(() => import('./superadmin-page')) },
      { path: Paths.superadminCompanies, ...lazyPage(() => import('./companies-page')) },
      { path: Paths.superadminCompany, ...lazyPage(() => import('./company-page')) },
      { path: Paths.superadminUsers, ...lazyPage(() => import('./users-page')) },
      { path: Paths.superadminPromos, ...lazyPage(() => import('./promos-page')) },
      { path: Paths.superadminSpotlight, ...lazyPage(() => import('./spotlight-page')) },
      { path: Paths.superadminReports, ...lazyPage(() => import('./reports-page')) },
      { path: Paths.superadminReport, ...lazyPage(() => import('./report-page')) },
    ],
  },
];
