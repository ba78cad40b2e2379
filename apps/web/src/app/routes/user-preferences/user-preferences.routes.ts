import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** /user-preferences (default page profile) and its three pages. */
export const userPreferencesRoutes: RouteObject[] = [
  { path: Paths.userPreferences, ...lazyPage(() => import('./user-preferences-page')) },
  { path: Paths.userPreferencesPage, ...lazyPage(() => import('./user-preferences-page')) },
];
