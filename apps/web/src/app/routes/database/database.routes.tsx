import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { IntakePaths } from '@/features/candidates/intake/intake-paths';
import { lazyPage } from '../lazy-page';

/** The candidate database: search (/database), adding one, importing a file, uploading résumés in bulk. */
export const databaseRoutes: RouteObject[] = [
  { path: Paths.database, ...lazyPage(() => import('./database-page')) },
  { path: IntakePaths.add, ...lazyPage(() => import('./add-candidate-page')) },
  { path: IntakePaths.import, ...lazyPage(() => import('./import-candidates-page')) },
  { path: '/database/upload', ...lazyPage(() => import('./database-upload-page')) },
];
