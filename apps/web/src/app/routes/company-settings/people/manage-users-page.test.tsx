import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys, type TAccessRight } from '@hireflow/contracts/roles';
import type { TUserRow } from '@hireflow/contracts/users';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { getSession } from '@/lib/session';

const http = mockHttp();
// Notifications live in a module-level store: one test's must not show up in the next.
afterEach(() => notifications.clean());

function row(i: number, overrides: Partial<TUserRow> = {}): TUserRow {
  return {
    id: `65a0000000000000000${String(i).padStart(5, '0')}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    fullName: `First${i} Last${i}`,
    email: `user${i}@acme.test`,
    eCode: '',
    mobile: '',
    role: 'employee',
    admin: false,
    siteAdmin: false,
    superUser: false,
    addlRoles: [],
    rights: [],
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
  };
}

/** With `matrixRefetchHangs`, only the first access-matrix call answers: a later one never does. */
function signInWith(rights: readonly TAccessRight[], admin = false, matrixRefetchHangs = false) {
  const session = signIn({ admin });
  if (matrixRefetchHangs) {
    http.onGet('/api/user-accessmatrix').replyOnce(200, { user: session.user, rights });
    http.onGet('/api/user-accessmatrix').reply(() => new Promise(() => {}));
  } else {
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
  }
  const names: Record<string, string> = { 'business-units': 'Engineering', departments: 'Platform', locations: 'Berlin' };
  http.onGet(/\/api\/org\/(business-units|departments|locations)\/options/).reply((config) => {
    const kind = /org\/([^/]+)\/options/.exec(config.url ?? '')![1]!;
    return [200, { options: [{ id: '65b000000000000000000001', name: names[kind], parentId: null }] }];
  });
  return session;
}

/** The first visit loads the lazy page chunk, which can take a few seconds under test. */
async function openPage(route = '/company-settings/manage-users', heading = 'Manage users') {
  const view = renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: heading, level: 1 });
  return view;
}

const bodyOf = (config: { data?: string }) => JSON.parse(config.data ?? '{}');

describe('/company-settings/manage-users', () => {
  it('lists 50 users of 120, loads 50 more with skip 50, and drops the extra row of each page', async () => {
    signInWith(AccessRightKeys, true);
    const calls: { skip: number }[] = [];
    http.onPost('/api/user').reply((config) => {
      const body = bodyOf(config);
      calls.push(body);
      const start = body.skip as number;
      const size = Math.min(51, 120 - start);
      return [200, { ul: Array.from({ length: size }, (_, i) => row(start + i)), cnt: 120 }];
    });
    await openPage();
    expect(await screen.findByText('Showing 50 of 120 users')).toBeInTheDocument();
    expect(screen.queryByText('First50 Last50')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 100 of 120 users')).toBeInTheDocument();
    expect(calls.map((c) => c.skip)).toEqual([0, 50]);
    expect(calls[0]).toMatchObject({ filters: { search: '', role: 'All Users', status: 'Any Status' } });
  });

  it('sends the role filter and the search trimmed and url-encoded', async () => {
    signInWith(['manageUsers']);
    const filters: unknown[] = [];
    http.onPost('/api/user').reply((config) => {
      filters.push(bodyOf(config).filters);
      return [200, { ul: [row(1)], cnt: 1 }];
    });
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), '  ann lee ');
    await waitFor(() => expect(filters).toContainEqual(expect.objectContaining({ search: 'ann%20lee' })));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Recruiters', hidden: true }));
    await waitFor(() => expect(filters).toContainEqual(expect.objectContaining({ role: 'Recruiters', search: 'ann%20lee' })));
  });

  it('shows an empty state and an error state with a retry', async () => {
    signInWith(['manageUsers']);
    http.onPost('/api/user').replyOnce(500, { code: 'internal_error', message: 'boom' }).onPost('/api/user').reply(200, { ul: [], cnt: 0 });
    await openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The users could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });

  it('adds a user: checks the fields first, sends ids, then refreshes the list', async () => {
    signInWith(['manageUsers']);
    let listCalls = 0;
    http.onPost('/api/user').reply(() => {
      listCalls += 1;
      return [200, { ul: [row(1)], cnt: 1 }];
    });
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/user/signup').reply((config) => {
      sent = bodyOf(config);
      return [201, { user: row(2, { email: 'nina@acme.test' }), message: 'User added. An invitation to set a password was sent.', invitationSent: true }];
    });
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('button', { name: 'Add user and send invitation' }));
    expect(await within(dialog).findByText('Must be a valid email address')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nina');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'New');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nina@acme.test');
    await user.click(within(dialog).getByRole('combobox', { name: 'Business unit' }));
    await user.click((await screen.findAllByRole('option', { name: 'Engineering', hidden: true })).at(-1)!);
    await user.click(within(dialog).getByRole('button', { name: 'Add user and send invitation' }));
    await waitFor(() => expect(sent).toMatchObject({ firstName: 'Nina', lastName: 'New', email: 'nina@acme.test', role: 'employee', buItemId: '65b000000000000000000001' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument());
    expect(listCalls).toBe(2);
  });

  it('adds a user with a time zone and managers picked by name', async () => {
    signInWith(['manageUsers']);
    http.onPost('/api/user').reply(200, { ul: [row(1)], cnt: 1 });
    http.onGet(/\/api\/searchusers\/.+/).reply(200, { users: [{ id: row(7).id, fullName: 'Mona Manager', email: 'mona@acme.test', role: 'recruiter', addlRoles: [] }] });
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/user/signup').reply((config) => {
      sent = bodyOf(config);
      return [201, { user: row(2), message: 'User added. An invitation to set a password was sent.', invitationSent: true }];
    });
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Tia');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Zone');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'tia@acme.test');
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo', hidden: true }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Managers' }), 'mona');
    await user.click(await screen.findByRole('option', { name: 'Mona Manager (mona@acme.test)', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Add user and send invitation' }));
    await waitFor(() => expect(sent).toMatchObject({ email: 'tia@acme.test', timezone: 'Asia/Tokyo', managers: [row(7).id] }));
  });

  it('edits a user: shows the current managers by name, sends the new time zone and managers', async () => {
    signInWith(['manageUsers']);
    const edited = row(3, { timezone: 'Europe/Berlin', managers: [{ id: row(8).id, fullName: 'Otto Old', email: 'otto@acme.test' }] });
    http.onPost('/api/user').reply(200, { ul: [edited], cnt: 1 });
    let sent: Record<string, unknown> | null = null;
    http.onPost(`/api/user/profile/${edited.id}`).reply((config) => {
      sent = bodyOf(config);
      return [200, { user: edited }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for First3 Last3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit First3 Last3' });
    expect(within(dialog).getByText('Otto Old (otto@acme.test)', { ignore: '[role=option], [role=option] *' })).toBeInTheDocument();
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/Berlin');
    await user.clear(zone);
    await user.type(zone, 'Lisbon');
    await user.click(await screen.findByRole('option', { name: 'Europe/Lisbon', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ timezone: 'Europe/Lisbon', managers: [row(8).id] }));
  });

  it('editing my own row: my role and additional roles cannot be changed, the rest can', async () => {
    const session = signInWith(['manageUsers']);
    const me = row(4, { id: session.user.id });
    http.onPost('/api/user').reply(200, { ul: [me, row(5)], cnt: 2 });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for First4 Last4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit First4 Last4' });
    expect(within(dialog).getByRole('combobox', { name: /^Role/ })).toBeDisabled();
    expect(within(dialog).getAllByText('Another admin must change your own roles')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: /First name/ })).toBeEnabled();
  });

  it('tells the admin when the invitation mail did not go out', async () => {
    signInWith(['manageUsers']);
    http.onPost('/api/user').reply(200, { ul: [row(1)], cnt: 1 });
    const notSent = 'User added, but the invitation mail could not be sent yet. It will be tried again in the background; you can also use "Resend invitation" in the user list.';
    http.onPost('/api/user/signup').reply(201, { user: row(2), message: notSent, invitationSent: false });
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Una');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Sent');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'una@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add user and send invitation' }));
    expect(await screen.findByText('Invitation not sent')).toBeInTheDocument();
    expect(screen.getByText(notSent)).toBeInTheDocument();
  });

  it('imports a file and reports the refused rows and the invitations being sent', async () => {
    signInWith(['manageUsers']);
    http.onPost('/api/user').reply(200, { ul: [row(1)], cnt: 1 });
    http.onPost('/api/user/import').reply(200, { created: 2, invitations: 2, refused: [{ row: 3, email: 'bad', reason: 'email: must be a valid email address' }] });
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['First name,Last name,Email\n'], 'users.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('2 users added, 1 row refused.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^2 invitation mails are being sent/)).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'email: must be a valid email address' })).toBeInTheDocument();
  });

  describe('resend invitation', () => {
    const openActionsOf = async (i: number) => {
      signInWith(['manageUsers']);
      http.onPost('/api/user').reply(200, { ul: [row(5, { emailVerified: false }), row(6)], cnt: 2 });
      await openPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: `Actions for First${i} Last${i}` }));
      return user;
    };

    it('is offered only for invited users', async () => {
      await openActionsOf(6);
      await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Deactivate']));
    });

    it('sends it again and says so', async () => {
      const calls: string[] = [];
      http.onPost(`/api/user/${row(5).id}/resend-invitation`).reply((config) => {
        calls.push(config.url ?? '');
        return [200, { message: 'The invitation was sent again.' }];
      });
      const user = await openActionsOf(5);
      await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
      expect(await screen.findByText('The invitation was sent again to user5@acme.test')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    });

    it('shows a refusal', async () => {
      http.onPost(`/api/user/${row(5).id}/resend-invitation`).reply(429, { code: 'too_many_requests', message: 'Too many attempts. Please wait 60 minutes and try again.' });
      const user = await openActionsOf(5);
      await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
      expect(await screen.findByText('Too many attempts. Please wait 60 minutes and try again.')).toBeInTheDocument();
    });
  });

  it('an export is prepared in the background: it shows its progress, then a download that saves the file', async () => {
    signInWith(['manageUsers']);
    const createObjectURL = vi.fn(() => 'blob:users');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    http.onPost('/api/user').reply(200, { ul: [row(1)], cnt: 1 });
    let started: unknown = null;
    http.onPost('/api/user/export').reply((config) => {
      started = bodyOf(config);
      return [202, { jobId: 'job1' }];
    });
    // The job moves on when the test has seen the previous step, never on a timer.
    let phase: 'queued' | 'running' | 'done' = 'queued';
    const statuses = {
      queued: { jobId: 'job1', state: 'queued', progress: 0, message: 'Waiting to start…' },
      running: { jobId: 'job1', state: 'running', progress: 40, message: '40 of 100 users written' },
      done: { jobId: 'job1', state: 'done', progress: 100, message: '', fileUrl: '/api/exports/job1/file', fileName: 'users-2026-11-23.xlsx', expiresAt: '2026-11-24T12:00:00.000Z' },
    };
    http.onGet('/api/exports/job1').reply(() => [200, statuses[phase]]);
    http.onGet('/api/exports/job1/file').reply(200, new Blob(['xlsx']));
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Waiting to start… (0%)')).toBeInTheDocument();
    expect(started).toEqual({ filters: expect.objectContaining({ role: expect.any(String), search: '' }) });
    phase = 'running';
    expect(await screen.findByText('40 of 100 users written (40%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '40');
    phase = 'done';
    const download = await screen.findByRole('button', { name: 'Download users-2026-11-23.xlsx' });
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused start and a failed export show their error; a filter change clears it', async () => {
    signInWith(['manageUsers']);
    http.onPost('/api/user').reply(200, { ul: [row(1)], cnt: 1 });
    http.onPost('/api/user/export').replyOnce(429, { code: 'too_many_requests', message: 'Too many exports started. Please wait a few minutes.' });
    http.onPost('/api/user/export').reply(202, { jobId: 'job2' });
    http.onGet('/api/exports/job2').reply(200, { jobId: 'job2', state: 'failed', progress: 10, message: 'The export could not be prepared. Please try again.' });
    await openPage();
    await screen.findByText('Showing 1 of 1 user');
    const user = userEvent.setup();
    const exportButton = screen.getByRole('button', { name: 'Export to Excel' });

    await user.click(exportButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many exports started. Please wait a few minutes.');
    await user.click(exportButton);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The export could not be prepared. Please try again.'));

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Recruiters', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('deactivates a user after confirming', async () => {
    signInWith(['manageUsers']);
    http.onPost('/api/user').reply(200, { ul: [row(7)], cnt: 1 });
    let sent: unknown = null;
    http.onPost('/api/user/change_status').reply((config) => {
      sent = bodyOf(config);
      return [200, { user: row(7, { status: 'inactive' }) }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for First7 Last7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sent).toEqual({ id: row(7).id, status: 'inactive' }));
  });

  it('after handing over my own admin role, I am no longer an admin at once (stored user too)', async () => {
    const session = signInWith(AccessRightKeys, true, true);
    http.onPost('/api/user').reply(200, { ul: [row(3), row(4)], cnt: 2 });
    let sent: unknown = null;
    http.onPost('/api/user/swapAdmin').reply((config) => {
      sent = bodyOf(config);
      return [200, { from: row(1, { id: session.user.id, admin: false }), to: row(3, { admin: true }) }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for First3 Last3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hand admin role to this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over the admin role' });
    await user.click(within(dialog).getByRole('button', { name: 'Hand over admin role' }));
    await waitFor(() => expect(sent).toEqual({ toUserId: row(3).id }));
    await waitFor(() => expect(getSession().user?.admin).toBe(false));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hand over the admin role' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for First4 Last4' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Hand admin role to this user' })).not.toBeInTheDocument();
  });

  it('without manageUsers the page is not there', async () => {
    signInWith(['viewReports']);
    renderWithProviders(null, { route: '/company-settings/manage-users' });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Manage users');
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
  });
});
