import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** Public on purpose: a newcomer reads verification and reset mails before they can sign in. */
export const devRoutes: RouteObject[] = [
  { path: Paths.devMailbox, ...lazyPage(() => import('./dev-mailbox-page')) },
];
