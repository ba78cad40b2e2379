import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** The candidate database: search (/database). */
export const databaseRoutes: RouteObject[] = [{ path: Paths.database, ...lazyPage(() => import('./database-page')) }];
