import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page';

/** The generic detail page /{type}/{id} for type candidate. */
export const candidateRoutes: RouteObject[] = [{ path: '/candidate/:id', ...lazyPage(() => import('./candidate-page')) }];
