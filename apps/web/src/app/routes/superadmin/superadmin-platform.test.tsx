import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCompanyRow, TPlatformAuditEntry, TSuperadminUserRow } from '@hireflow/contracts/superadmin';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const timeout = { timeout: 5000 };

function signInSuperAdmin() {
  const { user } = signIn({ superAdmin: true, customer: null, customerState: null, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super' });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
  return user;
}

const acme: TCompanyRow = {
  id: '64a000000000000000000201',
  name: 'Acme',
  slug: 'acme',
  state: 'active',
  plan: 'growth',
  seats: { used: 12, allowed: 25 },
  trialEndsAt: '2026-12-08T00:00:00.000Z',
  usage: { users: 12, jobs: 4, applicationsThisMonth: 31 },
  admin: { id: '64b000000000000000000201', name: 'Ada Admin', email: 'ada@acme.test' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

function entry(overrides: Partial<TPlatformAuditEntry> = {}): TPlatformAuditEntry {
  return {
    id: 'e1',
    action: 'company.plan',
    actor: { id: 's', name: 'Sam Super', email: 'sam@platform.test' },
    target: { kind: 'company', id: acme.id, label: 'Acme' },
    companyId: acme.id,
    reason: '',
    detail: 'Growth → Enterprise, 100 seats',
    at: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

function buildUserRow(overrides: Partial<TSuperadminUserRow> = {}): TSuperadminUserRow {
  return {
    id: '64b000000000000000000301',
    name: 'Rita Recruiter',
    email: 'rita@acme.test',
    company: { id: acme.id, name: 'Acme' },
    role: 'Recruiter, admin',
    status: 'active',
    superAdmin: false,
    lastSignInAt: '2026-11-23T08:30:00.000Z',
    ...overrides,
  };
}

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 25 });

describe('/superadmin/users', () => {
  it('searches across companies and disables a user only after confirming, then shows them disabled', async () => {
    const self = signInSuperAdmin();
    let rita = buildUserRow();
    const samRow = buildUserRow({ id: self.id, name: 'Sam Super', email: 'sam@platform.test', company: null, role: 'Platform super admin', superAdmin: true });
    const asked: Record<string, unknown>[] = [];
    http.onGet('/api/superadmin/users').reply((config) => {
      asked.push(config.params as Record<string, unknown>);
      const q = (config.params as { q?: string }).q;
      return [200, page(q === 'rita' ? [rita] : [rita, samRow])];
    });
    let sent: unknown = null;
    http.onPost(`/api/superadmin/users/${rita.id}/disable`).reply((config) => {
      sent = JSON.parse(config.data as string);
      rita = { ...rita, status: 'inactive' };
      return [200, { user: rita, message: 'Rita Recruiter is disabled and has been signed out.' }];
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, { route: '/superadmin/users' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, timeout)).toBeInTheDocument();
    const table = await screen.findByRole('table', {}, timeout);
    const ritaRow = within(table).getByText('Rita Recruiter').closest('tr')!;
    expect(within(ritaRow).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', `/superadmin/companies/${acme.id}`);
    expect(within(ritaRow).getByText('Recruiter, admin')).toBeInTheDocument();
    expect(within(ritaRow).getByText('Active')).toBeInTheDocument();
    expect(within(ritaRow).getByText(new Date('2026-11-23T08:30:00.000Z').toLocaleString())).toBeInTheDocument();
    // The super admin's own row offers no way to disable themself.
    expect(screen.getByRole('button', { name: 'Disable Sam Super' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: /Search/ }), 'rita');
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, q: 'rita' }), timeout);
    expect(currentPath(router)).toBe('/superadmin/users?q=rita');
    await waitFor(() => expect(screen.queryByText('Sam Super', { selector: 'p' })).not.toBeInTheDocument(), timeout);

    await user.click(screen.getByRole('button', { name: 'Disable Rita Recruiter' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable Rita Recruiter?' }, timeout);
    expect(within(dialog).getByText(/signed out everywhere/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), timeout);
    expect(sent).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Disable Rita Recruiter' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable Rita Recruiter?' }, timeout);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Left Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));
    expect(await screen.findByText('Rita Recruiter is disabled and has been signed out.', {}, timeout)).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Left Acme' });
    expect(await screen.findByRole('button', { name: 'Enable Rita Recruiter' }, timeout)).toBeInTheDocument();
    expect(screen.getByText('Disabled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('mails a reset link after confirming, and shows a refusal inside the dialog', async () => {
    signInSuperAdmin();
    const rita = buildUserRow();
    const disabled = buildUserRow({ id: '64b000000000000000000302', name: 'Dan Done', email: 'dan@acme.test', status: 'inactive', lastSignInAt: null });
    http.onGet('/api/superadmin/users').reply(200, page([rita, disabled]));
    let mailed = false;
    http.onPost(`/api/superadmin/users/${rita.id}/reset-link`).reply(() => {
      mailed = true;
      return [200, { user: rita, message: 'A password-reset link has been mailed to rita@acme.test.' }];
    });
    http.onPost(`/api/superadmin/users/${disabled.id}/enable`).reply(409, { code: 'seats_full', message: 'All 25 seats of your plan are taken.' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/superadmin/users' });

    const danRow = (await screen.findByText('Dan Done', {}, timeout)).closest('tr')!;
    expect(within(danRow).getByText('Never')).toBeInTheDocument();
    expect(within(danRow).queryByRole('button', { name: /Send reset link/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send reset link Rita Recruiter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Rita Recruiter a password-reset link?' }, timeout);
    expect(within(dialog).getByText(/mailed to rita@acme.test/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('A password-reset link has been mailed to rita@acme.test.', {}, timeout)).toBeInTheDocument();
    expect(mailed).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Enable Dan Done' }));
    const enable = await screen.findByRole('dialog', { name: 'Enable Dan Done?' }, timeout);
    await user.click(within(enable).getByRole('button', { name: 'Enable user' }));
    expect(await within(enable).findByText('All 25 seats of your plan are taken.', {}, timeout)).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/users').reply(200, page([]));
    renderWithProviders(null, { route: '/superadmin/users?q=nobody' });
    expect(await screen.findByText('No user matches this search.', {}, timeout)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Search/ })).toHaveValue('nobody');
  });

  it('shows the API error when the users cannot be loaded', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/users').reply(403, { code: 'forbidden', message: 'Only the platform super admin can do that' });
    renderWithProviders(null, { route: '/superadmin/users' });
    expect(await screen.findByText('Only the platform super admin can do that', {}, timeout)).toBeInTheDocument();
    expect(screen.getByText('Users could not be loaded')).toBeInTheDocument();
  });
});

describe('/superadmin/companies: plan, seats, usage and the audit log', () => {
  it('lists plan, seats and usage, and the audit log filtered by action and company', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/companies').reply((config) => {
      const q = (config.params as { q?: string }).q;
      return [200, page(q === 'acm' || !q ? [acme] : [])];
    });
    const asked: Record<string, unknown>[] = [];
    http.onGet('/api/superadmin/audit').reply((config) => {
      const params = config.params as Record<string, unknown>;
      asked.push(params);
      if (params.action === 'user.disable') return [200, page([])];
      return [200, page([entry({ reason: 'Signed a contract' }), entry({ id: 'e2', action: 'user.reset_link', target: { kind: 'user', id: 'u', label: 'Rita Recruiter <rita@acme.test>' }, detail: 'Mailed to rita@acme.test' })])];
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, { route: '/superadmin/companies' });

    const link = await screen.findByRole('link', { name: 'Acme' }, timeout);
    const row = link.closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Plan', 'Seats used', 'Jobs', 'Applications this month']));
    expect(within(row).getByText(/^Growth \(trial until/)).toBeInTheDocument();
    expect(within(row).getByText('12 of 25')).toBeInTheDocument();
    expect(within(row).getByText('31')).toBeInTheDocument();

    const log = screen.getByRole('region', { name: 'Platform audit log' });
    expect(await within(log).findByRole('cell', { name: 'Changed plan or seats' }, timeout)).toBeInTheDocument();
    expect(within(log).getByText('Growth → Enterprise, 100 seats')).toBeInTheDocument();
    expect(within(log).getByText('“Signed a contract”')).toBeInTheDocument();
    expect(within(log).getByText('Rita Recruiter <rita@acme.test>')).toBeInTheDocument();
    expect(asked[0]).toEqual({ page: 1 });

    await user.click(within(log).getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Disabled user' }, timeout));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, action: 'user.disable' }), timeout);
    expect(await within(log).findByText('No action matches these filters.', {}, timeout)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/superadmin/companies?auditAction=user.disable');

    await user.type(within(log).getByRole('combobox', { name: 'Company' }), 'acm');
    await user.click(await screen.findByRole('option', { name: 'Acme' }, timeout));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, action: 'user.disable', companyId: acme.id }), timeout);
  });

  it("opens on one company's entries from its page's link, naming the company in the filter", async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/companies').reply(200, page([acme]));
    http.onGet(`/api/superadmin/companies/${acme.id}`).reply(200, { company: acme, history: [] });
    const asked: Record<string, unknown>[] = [];
    http.onGet('/api/superadmin/audit').reply((config) => {
      asked.push(config.params as Record<string, unknown>);
      return [200, page([])];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: `/superadmin/companies/${acme.id}` });
    await user.click(await screen.findByRole('link', { name: 'This company in the platform audit log' }, timeout));
    const log = await screen.findByRole('region', { name: 'Platform audit log' }, timeout);
    expect(await within(log).findByText('No action matches these filters.', {}, timeout)).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ page: 1, companyId: acme.id });
    await waitFor(() => expect(within(log).getByRole('combobox', { name: 'Company' })).toHaveValue('Acme'), timeout);
  });

  it("changes a company's plan and seats, refusing fewer seats than its active users", async () => {
    signInSuperAdmin();
    let company = acme;
    let history: TPlatformAuditEntry[] = [];
    http.onGet(`/api/superadmin/companies/${acme.id}`).reply(() => [200, { company, history }]);
    const sent: unknown[] = [];
    http.onPut(`/api/superadmin/companies/${acme.id}/subscription`).reply((config) => {
      const body = JSON.parse(config.data as string) as { plan: 'enterprise'; seats: number };
      sent.push(body);
      if (body.seats === 99) return [400, { code: 'bad_request', message: 'This company has 12 active users, so it needs at least 12 seats.' }];
      company = { ...acme, plan: body.plan, seats: { used: 12, allowed: body.seats } };
      history = [entry({ reason: 'Contract' })];
      return [200, { company, history, message: "Acme's plan and seats are saved." }];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: `/superadmin/companies/${acme.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' }, timeout)).toBeInTheDocument();
    expect(screen.getByText('12 of 25')).toBeInTheDocument();
    expect(screen.getByText('31')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Plan and seats' });
    const save = within(form).getByRole('button', { name: 'Save plan and seats' });
    expect(save).toBeDisabled();

    const seats = within(form).getByRole('textbox', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '5');
    expect(await within(form).findByText('This company has 12 active users: give it at least 12 seats.', {}, timeout)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Plan' }), 'enterprise');
    expect(seats).toHaveValue('100');
    await user.clear(seats);
    await user.type(seats, '99');
    await user.click(save);
    expect(await within(form).findByText('This company has 12 active users, so it needs at least 12 seats.', {}, timeout)).toBeInTheDocument();

    await user.clear(seats);
    await user.type(seats, '100');
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Contract');
    await user.click(save);
    expect(await screen.findByText("Acme's plan and seats are saved.", {}, timeout)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ plan: 'enterprise', seats: 100, reason: 'Contract' });
    const historyRegion = screen.getByRole('region', { name: 'History' });
    expect(await within(historyRegion).findByText('Changed plan or seats by Sam Super', {}, timeout)).toBeInTheDocument();
    expect(within(historyRegion).getByText('Growth → Enterprise, 100 seats')).toBeInTheDocument();
    expect(screen.getByText('12 of 100')).toBeInTheDocument();
  });
});
