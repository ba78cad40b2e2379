import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page';

/** The generic detail page /{type}/{id} for type application. */
export const applicationRoutes: RouteObject[] = [{ path: '/application/:id', ...lazyPage(() => import('./application-page')) }];
