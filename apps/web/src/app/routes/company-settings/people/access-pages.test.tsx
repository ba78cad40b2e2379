import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import type { TUserRow } from '@hireflow/contracts/users';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const member = (overrides: Partial<TUserRow> = {}): TUserRow => ({
  id: '65a000000000000000000042',
  firstName: 'Paul',
  lastName: 'Plain',
  fullName: 'Paul Plain',
  email: 'paul@acme.test',
  eCode: '',
  mobile: '',
  role: 'employee',
  admin: false,
  siteAdmin: false,
  superUser: false,
  addlRoles: [],
  rights: ['viewReports'],
  status: 'active',
  emailVerified: true,
  timezone: 'UTC',
  buItemId: null,
  department: null,
  location: null,
  managers: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  ...overrides,
});

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn();
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
  return session;
}

describe('access rights and roles pages', () => {
  it('accessrights: only the rights I hold can be ticked; saving sends the whole set', async () => {
    signInWith(['manageUsers', 'viewReports']);
    http.onPost('/api/user').reply(200, { ul: [member()], cnt: 1 });
    let sent: unknown = null;
    http.onPost(`/api/user/rights/${member().id}`).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { user: member({ rights: [] }) }];
    });
    renderWithProviders(null, { route: '/company-settings/accessrights' });
    await screen.findByRole('heading', { name: 'Access rights', level: 1 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit rights of Paul Plain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access rights of Paul Plain' });
    expect(within(dialog).getByRole('checkbox', { name: /Change admin/ })).toBeDisabled();
    const reports = within(dialog).getByRole('checkbox', { name: /View reports/ });
    expect(reports).toBeChecked();
    await user.click(reports);
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    await waitFor(() => expect(sent).toEqual({ rights: [] }));
  });

  it('manage-roles: lists the hiring managers and removes one', async () => {
    signInWith(['manageUsers']);
    http.onGet('/api/user-roles/summary').reply(200, {
      roles: [
        { role: 'HM', label: 'Hiring manager', holders: 1 },
        { role: 'OPS', label: 'Operations', holders: 0 },
        { role: 'OPSE', label: 'Operations executive', holders: 0 },
        { role: 'AR', label: 'Additional recruiter', holders: 0 },
      ],
      special: { siteAdmins: 0, superUsers: 0, admins: 1 },
    });
    const asked: unknown[] = [];
    http.onPost('/api/user').reply((config) => {
      asked.push(JSON.parse(config.data).filters);
      return [200, { ul: [member({ addlRoles: ['HM', 'AR'] })], cnt: 1 }];
    });
    let sent: unknown = null;
    http.onPost(`/api/user/roles/${member().id}`).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { user: member({ addlRoles: ['AR'] }) }];
    });
    renderWithProviders(null, { route: '/company-settings/manage-roles' });
    await screen.findByRole('heading', { name: 'Roles', level: 1 });
    expect(await screen.findByRole('cell', { name: 'Paul Plain' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ role: 'Hiring Managers' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Paul Plain' }));
    await waitFor(() => expect(sent).toEqual({ addlRoles: ['AR'] }));
  });

  it('accessrights and special users: my own row offers no change', async () => {
    const session = signInWith(['manageUsers', 'manageSpecialUsers', 'viewReports']);
    const me = member({ id: session.user.id, fullName: 'Me Myself', firstName: 'Me', lastName: 'Myself', rights: ['manageUsers', 'manageSpecialUsers', 'viewReports'], superUser: true });
    http.onPost('/api/user').reply(200, { ul: [me, member()], cnt: 2 });
    const view = renderWithProviders(null, { route: '/company-settings/accessrights' });
    await screen.findByRole('heading', { name: 'Access rights', level: 1 });
    expect(await screen.findByRole('button', { name: 'Edit rights of Me Myself' })).toBeDisabled();
    expect(screen.getByText('Your own rights: another admin changes them')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit rights of Paul Plain' })).toBeEnabled();
    view.unmount();

    renderWithProviders(null, { route: '/company-settings/manage-spcl-user' });
    await screen.findByRole('heading', { name: 'Special users', level: 1 });
    expect(await screen.findByRole('button', { name: 'Remove Me Myself' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Paul Plain' })).toBeEnabled();
  });
});
