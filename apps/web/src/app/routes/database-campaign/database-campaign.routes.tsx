import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { RequireRight } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

/** Candidate campaigns, and the company's mail templates they are written from. */
export const databaseCampaignRoutes: RouteObject[] = [
  { path: `${Paths.databaseCampaign}/:id?`, ...lazyPage(() => import('./database-campaign-page')) },
  {
    element: <RequireRight right={CompanySettingsPages.templates} />,
    children: [{ path: '/company-settings/templates/:page?', ...lazyPage(() => import('../company-settings/templates-page')) }],
  },
];
