import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/routes/app-routes';

type Options = { route?: string; routes?: RouteObject[] };

/**
 * Renders through the app's providers (Mantine, React Query) and a memory router. Without `routes`
 * it mounts the real route table, so guards, lazy pages and redirects behave as in the browser.
 */
export function renderWithProviders(ui: ReactElement | null = null, { route = '/', routes }: Options = {}) {
  const queryClient = createQueryClient();
  const table = routes ?? (ui ? [{ path: '*', element: ui }] : appRoutes);
  const router = createMemoryRouter(table, { initialEntries: [route] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The current URL of a rendered router, as the address bar would show it. */
export function currentPath(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
