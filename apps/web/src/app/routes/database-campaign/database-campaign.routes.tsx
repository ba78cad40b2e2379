import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** Candidate campaigns. */
export const databaseCampaignRoutes: RouteObject[] = [
  { path: `${Paths.databaseCampaign}/:id?`, ...lazyPage(() => import('./database-campaign-page')) },
];
