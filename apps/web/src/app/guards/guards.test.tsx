import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { peekSavedUrl } from '@/lib/session';
import {
  HomeRedirect,
  JobsIndexRedirect,
  RedirectSignedIn,
  RequireAdditionalRole,
  RequireAgencyLogin,
  RequireAllJobsAccess,
  RequireAuth,
  RequireRight,
  RequireSuperAdmin,
} from './guards';

const http = mockHttp();

const page = (path: string, name: string): RouteObject => ({ path, element: <h1>{name}</h1> });

/** A small route table around one guard, with a visible page at every place it may send the user. */
function routesAround(guard: RouteObject): RouteObject[] {
  return [
    guard,
    page('/login', 'Login page'),
    page('/404', '404 page'),
    page('/notFound', 'notFound page'),
    page('/stop', 'Stop page'),
    page('/onboarding', 'Onboarding page'),
    page('/pendingverification', 'Pending page'),
    page('/applied-by-agencies', 'Agency page'),
    page('/dashboard', 'Dashboard page'),
    page('/superadmin', 'Superadmin page'),
    page('/jobs/mine', 'My jobs page'),
    page('/jobs/all', 'All jobs page'),
    page('/user-options', 'User options page'),
  ];
}

const protectedTable = routesAround({ element: <RequireAuth />, children: [page('/reports', 'Reports page')] });

describe('RequireAuth', () => {
  it('without a token: saves the URL and shows the sign-in page', async () => {
    const { router } = renderWithProviders(null, { route: '/reports?range=30d', routes: protectedTable });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(peekSavedUrl()).toBe('/reports?range=30d');
  });

  it('an agency sign-in goes to /applied-by-agencies', async () => {
    signIn();
    localStorage.setItem('agencyLogin', JSON.stringify({ agencyId: 'a1', customerSlug: 'acme' }));
    renderWithProviders(null, { route: '/reports', routes: protectedTable });
    expect(await screen.findByRole('heading', { name: 'Agency page' })).toBeInTheDocument();
  });

  it('an unverified email goes to /stop', async () => {
    signIn({ email_verification: { status: false } });
    renderWithProviders(null, { route: '/reports', routes: protectedTable });
    expect(await screen.findByRole('heading', { name: 'Stop page' })).toBeInTheDocument();
  });

  it('an admin in onboarding state goes to /onboarding', async () => {
    signIn({ admin: true, customerState: { slug: null, isAuthorized: false, userOptionsPage: false } });
    renderWithProviders(null, { route: '/reports', routes: protectedTable });
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeInTheDocument();
  });

  it('an unauthorised customer goes to /pendingverification', async () => {
    signIn({ customerState: { slug: 'acme', isAuthorized: false, userOptionsPage: true } });
    renderWithProviders(null, { route: '/reports', routes: protectedTable });
    expect(await screen.findByRole('heading', { name: 'Pending page' })).toBeInTheDocument();
  });

  it('a ready account sees the page', async () => {
    signIn();
    renderWithProviders(null, { route: '/reports', routes: protectedTable });
    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
  });
});

describe('HomeRedirect', () => {
  const table = routesAround({ path: '/', element: <HomeRedirect /> });

  it('goes to /dashboard when a user is stored', async () => {
    signIn();
    renderWithProviders(null, { route: '/', routes: table });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('goes to /login otherwise', async () => {
    renderWithProviders(null, { route: '/', routes: table });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});

describe('RedirectSignedIn', () => {
  const table = [
    { element: <RedirectSignedIn />, children: [page('/signup', 'Signup page')] },
    ...routesAround(page('/reports', 'Reports page')).filter((r) => r.path !== '/login'),
    page('/login', 'Login page'),
  ];

  it('shows the page to a signed-out visitor', async () => {
    renderWithProviders(null, { route: '/signup', routes: table });
    expect(await screen.findByRole('heading', { name: 'Signup page' })).toBeInTheDocument();
  });

  it('sends a signed-in user onward to the saved URL', async () => {
    signIn();
    localStorage.setItem('savedUrl', '/reports');
    renderWithProviders(null, { route: '/signup', routes: table });
    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
  });

  it('sends a signed-in admin with pending first-run options to /user-options', async () => {
    signIn({ admin: true, customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: false } });
    renderWithProviders(null, { route: '/signup', routes: table });
    expect(await screen.findByRole('heading', { name: 'User options page' })).toBeInTheDocument();
  });
});

describe('RequireAdditionalRole HM (/create-requisition)', () => {
  const table = routesAround({ element: <RequireAdditionalRole role="HM" />, children: [page('/create-requisition', 'Create requisition page')] });

  it('lets a hiring manager in', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    renderWithProviders(null, { route: '/create-requisition', routes: table });
    expect(await screen.findByRole('heading', { name: 'Create requisition page' })).toBeInTheDocument();
  });

  it('sends anyone else to /404', async () => {
    signIn({ admin: true });
    const { router } = renderWithProviders(null, { route: '/create-requisition', routes: table });
    expect(await screen.findByRole('heading', { name: '404 page' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/404');
  });
});

describe('RequireAllJobsAccess (/jobs/all)', () => {
  const table = [
    { element: <RequireAllJobsAccess />, children: [page('/jobs/all', 'All jobs page')] },
    page('/', 'Home'),
  ];

  it('shows 404 in place to an employee who is not a super user', async () => {
    signIn({ role: 'employee' });
    const { router } = renderWithProviders(null, { route: '/jobs/all', routes: table });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All jobs page' })).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/jobs/all');
  });

  it('lets an employee who is a super user in', async () => {
    signIn({ role: 'employee', superUser: true });
    renderWithProviders(null, { route: '/jobs/all', routes: table });
    expect(await screen.findByRole('heading', { name: 'All jobs page' })).toBeInTheDocument();
  });

  it('lets a recruiter in', async () => {
    signIn({ role: 'recruiter' });
    renderWithProviders(null, { route: '/jobs/all', routes: table });
    expect(await screen.findByRole('heading', { name: 'All jobs page' })).toBeInTheDocument();
  });
});

describe('JobsIndexRedirect (/jobs)', () => {
  const table = routesAround({ path: '/jobs', element: <JobsIndexRedirect /> });

  it('sends an employee to /jobs/mine', async () => {
    signIn({ role: 'employee' });
    renderWithProviders(null, { route: '/jobs', routes: table });
    expect(await screen.findByRole('heading', { name: 'My jobs page' })).toBeInTheDocument();
  });

  it('sends a recruiter to /jobs/all', async () => {
    signIn({ role: 'recruiter' });
    renderWithProviders(null, { route: '/jobs', routes: table });
    expect(await screen.findByRole('heading', { name: 'All jobs page' })).toBeInTheDocument();
  });
});

describe('RequireAgencyLogin (/applied-by-agencies)', () => {
  const table = [
    { element: <RequireAgencyLogin />, children: [page('/applied-by-agencies', 'Agency submissions page')] },
    page('/notFound', 'notFound page'),
  ];

  it('needs the agency sign-in data', async () => {
    localStorage.setItem('agencyLogin', JSON.stringify({ agencyId: 'a1', customerSlug: 'acme' }));
    renderWithProviders(null, { route: '/applied-by-agencies', routes: table });
    expect(await screen.findByRole('heading', { name: 'Agency submissions page' })).toBeInTheDocument();
  });

  it('sends anyone without it to /notFound', async () => {
    signIn();
    renderWithProviders(null, { route: '/applied-by-agencies', routes: table });
    expect(await screen.findByRole('heading', { name: 'notFound page' })).toBeInTheDocument();
  });
});

describe('RequireSuperAdmin (/superadmin)', () => {
  const table = routesAround({ element: <RequireSuperAdmin />, children: [page('/superadmin/companies', 'Companies page')] });

  it('lets the platform super admin in and sends others to /404', async () => {
    signIn({ superAdmin: true, customer: null, customerState: null });
    renderWithProviders(null, { route: '/superadmin/companies', routes: table });
    expect(await screen.findByRole('heading', { name: 'Companies page' })).toBeInTheDocument();
  });

  it('sends a company admin to /404', async () => {
    signIn({ admin: true });
    renderWithProviders(null, { route: '/superadmin/companies', routes: table });
    expect(await screen.findByRole('heading', { name: '404 page' })).toBeInTheDocument();
  });
});

describe('RequireRight (rights from /api/user-accessmatrix)', () => {
  const table = [{ element: <RequireRight right="viewReports" />, children: [page('/reports', 'Reports page')] }];

  it('shows the page to a holder of the right', async () => {
    const { user } = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: ['viewReports'] });
    renderWithProviders(null, { route: '/reports', routes: table });
    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
  });

  it('shows 404 to a user without it', async () => {
    const { user } = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: ['manageUsers'] });
    renderWithProviders(null, { route: '/reports', routes: table });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
