import type { RouteObject } from 'react-router-dom';
import { createElement } from 'react';
import { Paths } from '@hireflow/contracts/routes';
import { RequireRight } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

/** /reports and /reports/:name: behind the viewReports right (the API checks the same right). */
export const reportsRoutes: RouteObject[] = [
  {
    element: createElement(RequireRight, { right: 'viewReports' }),
    children: [
      { path: Paths.reports, ...lazyPage(() => import('./reports-index-page')) },
      { path: Paths.report, ...lazyPage(() => import('./report-page')) },
    ],
  },
];
