import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCompanyRow, TSuperadminOverviewResponse } from '@hireflow/contracts/superadmin';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function buildCompany(overrides: Partial<TCompanyRow> = {}): TCompanyRow {
  return {
    id: '64a000000000000000000101',
    name: 'Newco',
    slug: 'newco',
    state: 'pending',
    plan: 'growth',
    seats: { used: 3, allowed: 25 },
    trialEndsAt: null,
    usage: { users: 3, jobs: 2, applicationsThisMonth: 7 },
    admin: { id: '64b000000000000000000101', name: 'Nora New', email: 'nora@newco.test' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function signInSuperAdmin() {
  const { user } = signIn({ superAdmin: true, customer: null, customerState: null, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super' });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
  http.onGet('/api/superadmin/audit').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
}

const newco = buildCompany();
const oldco = buildCompany({ id: '64a000000000000000000102', name: 'Oldco', slug: 'oldco', state: 'active', admin: null, createdAt: '2025-01-01T00:00:00.000Z' });

describe('/superadmin overview', () => {
  it('shows pending companies first with Authorise right there, then counts by state and the newest companies', async () => {
    signInSuperAdmin();
    let overview: TSuperadminOverviewResponse = { counts: { pending: 1, active: 4, suspended: 2 }, pending: [newco], pendingTotal: 1, newest: [newco, oldco] };
    http.onGet('/api/superadmin/overview').reply(() => [200, overview]);
    let sent: unknown = null;
    http.onPost(`/api/superadmin/companies/${newco.id}/authorise`).reply((config) => {
      sent = JSON.parse(config.data as string);
      const authorised = { ...newco, state: 'active' as const };
      overview = { counts: { pending: 0, active: 5, suspended: 2 }, pending: [], pendingTotal: 0, newest: [authorised, oldco] };
      return [200, { company: authorised, history: [], message: 'Newco is authorised. Its admin has been mailed.' }];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/superadmin' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Super admin' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    const pending = await screen.findByRole('region', { name: 'Waiting for authorisation' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Waiting for authorisation', 'Companies by state', 'Newest companies']);
    expect(within(pending).getByText('nora@newco.test')).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Companies by state' });
    expect(within(counts).getByRole('link', { name: '2 Suspended' })).toHaveAttribute('href', '/superadmin/companies?state=suspended');

    await user.click(within(pending).getByRole('button', { name: 'Authorise Newco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authorise Newco?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Checked the register');
    await user.click(within(dialog).getByRole('button', { name: 'Authorise company' }));

    expect(await screen.findByText('Newco is authorised. Its admin has been mailed.')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Checked the register' });
    expect(await screen.findByText(/No company is waiting/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Companies by state' })).getByRole('link', { name: '5 Active' })).toBeInTheDocument();
  });

  it('says when the overview cannot be loaded', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/overview').reply(403, { code: 'forbidden', message: 'Only the platform super admin can do that' });
    renderWithProviders(null, { route: '/superadmin' });
    expect(await screen.findByText('Only the platform super admin can do that')).toBeInTheDocument();
  });

  it('a company user is sent to /404 and never asks the API', async () => {
    const { user } = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    const { router } = renderWithProviders(null, { route: '/superadmin/companies' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/404');
    expect(http.history.get!.some((r) => r.url?.startsWith('/api/superadmin'))).toBe(false);
  });
});

describe('/superadmin/companies', () => {
  it('filters by the state in the URL, searches, and suspends only after confirming', async () => {
    signInSuperAdmin();
    const asked: Record<string, unknown>[] = [];
    http.onGet('/api/superadmin/companies').reply((config) => {
      asked.push(config.params as Record<string, unknown>);
      const q = (config.params as { q?: string }).q;
      const items = q ? [oldco] : [newco, oldco];
      return [200, { items, total: items.length, page: 1, pageSize: 25 }];
    });
    let suspended = false;
    http.onPost(`/api/superadmin/companies/${oldco.id}/suspend`).reply(() => {
      suspended = true;
      return [200, { company: { ...oldco, state: 'suspended' }, history: [], message: 'Oldco is suspended. Its users have been signed out.' }];
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, { route: '/superadmin/companies?state=active' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Oldco' })).toHaveAttribute('href', `/superadmin/companies/${oldco.id}`);
    expect(asked[0]).toEqual({ page: 1, state: 'active' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Companies' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: 'Super admin' })).not.toHaveAttribute('data-active');

    await user.type(screen.getByRole('textbox', { name: /Search/ }), 'oldco@');
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, state: 'active', q: 'oldco@' }));
    expect(currentPath(router)).toBe('/superadmin/companies?state=active&q=oldco%40');

    await user.click(await screen.findByRole('button', { name: 'Suspend Oldco' }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend Oldco?' });
    expect(within(dialog).getByText(/signed out now/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(suspended).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Suspend Oldco' }));
    dialog = await screen.findByRole('dialog', { name: 'Suspend Oldco?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend company' }));
    expect(await screen.findByText('Oldco is suspended. Its users have been signed out.')).toBeInTheDocument();
    expect(suspended).toBe(true);
  });

  it('says when nothing matches, and shows the API refusal inside the dialog', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/companies').reply((config) =>
      (config.params as { q?: string }).q ? [200, { items: [], total: 0, page: 1, pageSize: 25 }] : [200, { items: [newco], total: 1, page: 1, pageSize: 25 }],
    );
    http.onPost(`/api/superadmin/companies/${newco.id}/authorise`).reply(409, { code: 'conflict', message: 'Only a pending company can be authorised.' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/superadmin/companies' });
    await user.click(await screen.findByRole('button', { name: 'Authorise Newco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authorise Newco?' });
    await user.click(within(dialog).getByRole('button', { name: 'Authorise company' }));
    expect(await within(dialog).findByText('Only a pending company can be authorised.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.type(screen.getByRole('textbox', { name: /Search/ }), 'nobody');
    expect(await screen.findByText('No company matches this search.')).toBeInTheDocument();
  });
});

describe('/superadmin/companies/:id', () => {
  it('shows the company, the actions its state allows and its history, newest first', async () => {
    signInSuperAdmin();
    const suspendedCo = buildCompany({ state: 'suspended' });
    const target = { kind: 'company', id: newco.id, label: 'Newco' };
    http.onGet(`/api/superadmin/companies/${newco.id}`).reply(200, {
      company: suspendedCo,
      history: [
        { id: 'h2', action: 'company.suspend', actor: { id: 'a', name: 'Sam Super', email: 'sam@platform.test' }, target, companyId: newco.id, reason: 'Spam job posts', detail: '', at: '2026-11-21T10:00:00.000Z' },
        { id: 'h1', action: 'company.authorise', actor: { id: 'a', name: 'Sam Super', email: 'sam@platform.test' }, target, companyId: newco.id, reason: '', detail: '', at: '2026-11-20T11:00:00.000Z' },
      ],
    });
    renderWithProviders(null, { route: `/superadmin/companies/${newco.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Newco' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate Newco' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend Newco' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    const titles = within(history).getAllByText(/ by Sam Super$/).map((e) => e.textContent);
    expect(titles).toEqual(['Suspended company by Sam Super', 'Authorised company by Sam Super']);
    expect(within(history).getByText('Reason: Spam job posts')).toBeInTheDocument();
    expect(within(history).getByText('No reason given')).toBeInTheDocument();
  });

  it('says when the company does not exist', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/companies/64a000000000000000000999').reply(404, { code: 'not_found', message: 'Company not found' });
    renderWithProviders(null, { route: '/superadmin/companies/64a000000000000000000999' });
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Company' })).toBeInTheDocument();
  });
});
