import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

export const dashboardRoutes: RouteObject[] = [
  { path: Paths.dashboard, ...lazyPage(() => import('./dashboard-page')) },
];
