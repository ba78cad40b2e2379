import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TInterviewAttributeRow } from '@hireflow/contracts/interviews-plans';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/manage-lists/interview-attributes';
const attr = (n: number, name: string, usedInPlans = 0, active = true): TInterviewAttributeRow => ({ id: `64f0000000000000000000${String(n).padStart(2, '0')}`, name, description: '', active, usedInPlans });

describe(route, () => {
  it('lists the library, adds an attribute, shows a duplicate refusal, and says when a used one is deactivated instead of deleted', async () => {
    const session = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    let items = [attr(1, 'Coding', 2), attr(2, 'Communication')];
    http.onGet('/api/interview-attributes').reply(() => [200, { items }]);
    const added: unknown[] = [];
    http
      .onPost('/api/interview-attributes')
      .replyOnce((config) => {
        added.push(JSON.parse(config.data as string));
        const created = attr(3, 'System design');
        items = [...items, created];
        return [201, created];
      })
      .onPost('/api/interview-attributes')
      .reply(409, { code: 'conflict', message: 'An attribute named "Coding" already exists.' });
    http.onDelete(`/api/interview-attributes/${attr(1, '').id}`).reply(() => {
      items = items.map((a) => (a.name === 'Coding' ? { ...a, active: false } : a));
      return [200, { deleted: false, deactivated: true, message: 'Deactivated instead of deleted: 2 interview plans still use it. Remove it from those plans to delete it.' }];
    });
    renderWithProviders(null, { route });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Interview attributes' });
    expect(within(table).getByText('In 2 plans')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'New attribute' }), 'System design');
    await user.type(screen.getByRole('textbox', { name: /What it means/ }), 'Trade-offs at scale');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await waitFor(() => expect(added).toEqual([{ name: 'System design', description: 'Trade-offs at scale' }]));
    expect(await within(table).findByText('System design')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'New attribute' }), 'coding');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    expect(await screen.findByText('An attribute named "Coding" already exists.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete Coding' }));
    expect(await screen.findByText(/Deactivated instead of deleted: 2 interview plans/)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('switch', { name: 'Coding active' })).not.toBeChecked());
  });

  it('is linked from the Lists page', async () => {
    const session = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    http.onGet(/\/api\/org\/lists.*/).reply(200, { items: [], total: 0, page: 1, pageSize: 50 });
    http.onGet(/.*/).reply(200, {});
    renderWithProviders(null, { route: '/company-settings/manage-lists' });
    expect(await screen.findByRole('link', { name: /Interview attributes/ })).toHaveAttribute('href', route);
  });
});
