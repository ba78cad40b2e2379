import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

export const databasePinnedProfilesRoutes: RouteObject[] = [{ path: Paths.databasePinnedProfiles, ...lazyPage(() => import('./pinned-profiles-page')) }];
