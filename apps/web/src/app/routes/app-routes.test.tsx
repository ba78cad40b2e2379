import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { getSession, peekSavedUrl } from '@/lib/session';
import { isRegisteredPath } from './app-routes';

const http = mockHttp();

describe('routing', () => {
  it('an unknown path goes to /404; signed out, it is a page of its own with a way to the start', async () => {
    const { router } = renderWithProviders(null, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/404');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('signed in, the 404 sits inside the app shell, with the navigation and the user menu', async () => {
    const { user } = signIn({ fullName: 'Rita Recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    const { router } = renderWithProviders(null, { route: '/no/such/page' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(currentPath(router)).toBe('/404');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Account menu for Rita Recruiter' })).toBeInTheDocument();
  });

  it('an account still waiting (here: unverified email) gets the bare 404, not the shell', async () => {
    signIn({ email_verification: { status: false } });
    renderWithProviders(null, { route: '/notFound' });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('/notFound shows the not-found page too', async () => {
    renderWithProviders(null, { route: '/notFound' });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
  });

  it('/ goes to /login for a visitor and to /dashboard for a stored user', async () => {
    const first = renderWithProviders(null, { route: '/' });
    await waitFor(() => expect(currentPath(first.router)).toBe('/login'));
    first.unmount();

    const { user } = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    const second = renderWithProviders(null, { route: '/' });
    await waitFor(() => expect(currentPath(second.router)).toBe('/dashboard'));
  });

  it('a signed-out visitor of a protected URL is sent to /login with the URL saved', async () => {
    const { router } = renderWithProviders(null, { route: '/dashboard?tab=tasks' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(peekSavedUrl()).toBe('/dashboard?tab=tasks');
  });

  it('a signed-in user who opens /login goes onward', async () => {
    const { user } = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    const { router } = renderWithProviders(null, { route: '/login' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
  });

  it('a 401 from the API on a protected screen clears the session and goes to /login with the URL saved', async () => {
    signIn();
    window.history.pushState({}, '', '/dashboard');
    http.onGet('/api/user-accessmatrix').reply(401, { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
    const { router } = renderWithProviders(null, { route: '/dashboard' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(getSession().token).toBeNull();
    expect(peekSavedUrl()).toBe('/dashboard');
    window.history.pushState({}, '', '/');
  });

  it('knows which pages are registered', () => {
    expect(isRegisteredPath('/dashboard')).toBe(true);
    expect(isRegisteredPath('/superadmin')).toBe(true);
    expect(isRegisteredPath('/login')).toBe(true);
    expect(isRegisteredPath('/no/such/page')).toBe(false);
  });
});

describe('app shell', () => {
  it('shows the company, the user menu and the dashboard with name and role', async () => {
    const { user } = signIn({ admin: true, fullName: 'Ada Admin', firstName: 'Ada', lastName: 'Admin' });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: ['viewReports', 'manageUsers'] });
    const events = userEvent.setup();
    renderWithProviders(null, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Admin · Recruiter')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Acme Corp')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Account menu for Ada Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  });

  it('navigation shows only registered pages the user may open', async () => {
    const { user } = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    renderWithProviders(null, { route: '/dashboard' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    // The super admin area is registered, but not for a company user.
    expect(within(nav).queryByRole('link', { name: 'Super admin' })).not.toBeInTheDocument();
    // Entries whose page is not registered stay hidden.
    for (const link of within(nav).getAllByRole('link')) {
      expect(isRegisteredPath(new URL((link as HTMLAnchorElement).href).pathname)).toBe(true);
    }
  });

  it('the platform super admin sees the super admin entry', async () => {
    const { user } = signIn({ superAdmin: true, customer: null, customerState: null });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    renderWithProviders(null, { route: '/superadmin' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Super admin' })).toHaveAttribute('href', '/superadmin');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
