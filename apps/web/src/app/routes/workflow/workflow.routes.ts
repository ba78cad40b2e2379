import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** The board: one job's applicants by stage (SPEC /workflow). */
export const workflowRoutes: RouteObject[] = [{ path: Paths.workflow, ...lazyPage(() => import('./workflow-page')) }];
