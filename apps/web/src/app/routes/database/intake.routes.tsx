import type { RouteObject } from 'react-router-dom';
import { IntakePaths } from '@/features/candidates/intake/intake-paths';
import { lazyPage } from '../lazy-page';

/** Adding candidates to the database: the form and the CSV/Excel import (issue 13, intake). */
export const databaseIntakeRoutes: RouteObject[] = [
  { path: IntakePaths.add, ...lazyPage(() => import('./add-candidate-page')) },
  { path: IntakePaths.import, ...lazyPage(() => import('./import-candidates-page')) },
];
