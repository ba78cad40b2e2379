import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page';

/** The candidate database's pages. */
export const databaseRoutes: RouteObject[] = [{ path: '/database/upload', ...lazyPage(() => import('./database-upload-page')) }];
