import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** /speed-screening: triage a job's new applicants one at a time. */
export const speedScreeningRoutes: RouteObject[] = [{ path: Paths.speedScreening, ...lazyPage(() => import('./speed-screening-page')) }];
