import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** /workflow/{stage}: every applicant in one kind of stage across my jobs (the board's routes are its own). */
export const workflowStageRoutes: RouteObject[] = [{ path: Paths.workflowStage, ...lazyPage(() => import('./workflow-stage-page')) }];
