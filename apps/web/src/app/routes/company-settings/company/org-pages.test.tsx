import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn();
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}

const dept = (i: number, status: 'active' | 'inactive' = 'active') => ({
  id: `65c0000000000000000${String(i).padStart(5, '0')}`,
  kind: 'departments',
  displayName: `Dept ${i}`,
  name: `Dept ${i}`,
  description: '',
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

async function open(route: string, heading: string) {
  renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: heading, level: 1 });
}

describe('company-settings org pages', () => {
  it('departments: lists, validates the name, creates, and refuses to delete one in use saying where', async () => {
    signInWith(['standardSettings']);
    let created: unknown = null;
    http.onGet('/api/org/departments').reply(200, { items: [dept(1)], total: 1 });
    http.onPost('/api/org/departments').reply((config) => {
      created = JSON.parse(config.data);
      return [201, { item: dept(2) }];
    });
    http.onGet(`/api/org/departments/${dept(1).id}/usage`).reply(200, { usage: [{ what: 'users', count: 3 }] });
    await open('/company-settings/departments', 'Departments');
    expect(await screen.findByText('Dept 1')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add department' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Finance');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(created).toEqual({ name: 'Finance', description: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add department' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Dept 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete department' });
    expect(await within(confirm).findByText('3 users')).toBeInTheDocument();
    expect(within(confirm).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Deactivate instead' })).toBeInTheDocument();
  });

  it('business units: each row says where the unit sits in the tree', async () => {
    signInWith(['standardSettings']);
    const unit = (id: string, name: string, parentId: string | null) => ({ ...dept(0), id, kind: 'business-units', displayName: name, name, parentId });
    const units = [unit('65c000000000000000000001', 'Engineering', null), unit('65c000000000000000000002', 'Platform', '65c000000000000000000001'), unit('65c000000000000000000003', 'Storage', '65c000000000000000000002')];
    http.onGet('/api/org/business-units').reply(200, { items: units, total: 3 });
    http.onGet('/api/org/business-units/options').reply(200, { options: units.map(({ id, name, parentId }) => ({ id, name, parentId })) });
    await open('/company-settings/business-units', 'Business units');
    const storage = (await screen.findByText('Storage')).closest('tr')!;
    expect(await within(storage).findByText('Engineering › Platform')).toBeInTheDocument();
    const engineering = screen.getAllByRole('row').find((row) => row.querySelector('td')?.textContent === 'Engineering')!;
    expect(within(engineering).getByText('Top level')).toBeInTheDocument();
  });

  it('shows the API message when a name is taken', async () => {
    signInWith(['standardSettings']);
    http.onGet('/api/org/departments').reply(200, { items: [], total: 0 });
    http.onPost('/api/org/departments').reply(409, { code: 'conflict', message: 'A department with this name already exists' });
    await open('/company-settings/departments', 'Departments');
    expect(await screen.findByText('No departments yet. Add the first one.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A department with this name already exists');
  });

  it('workforce planning needs manageJobCodes', async () => {
    signInWith(['standardSettings']);
    renderWithProviders(null, { route: '/company-settings/workforce-planning' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Workforce planning' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Workforce planning');
  });
});
