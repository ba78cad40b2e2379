import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { RequireRight } from '@/app/guards/guards';
import { lazyPage } from '../lazy-page';

/** /billing: the company's invoices, for whoever may open its Subscription page (the API checks the same right). */
export const billingRoutes: RouteObject[] = [
  { element: <RequireRight right={CompanySettingsPages.Subscription} />, children: [{ path: Paths.billing, ...lazyPage(() => import('./billing-page')) }] },
];
