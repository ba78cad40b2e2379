import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TRejectionReason } from '@hireflow/contracts/pipeline';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/manage-lists/rejection-reasons';
const reason = (id: string, label: string, usedCount = 0, active = true): TRejectionReason => ({ id: id.padStart(24, 'a'), label, active, usedCount });

function signInAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}
const rowOf = async (label: string) => (await screen.findByRole('cell', { name: new RegExp(`^${label}`) })).closest('tr')!;

describe(route, () => {
  it('lists the reasons with their use; adds one, says why a duplicate is refused, renames with the keyboard and reorders', async () => {
    signInAdmin();
    let items = [reason('1', 'Not enough experience', 4), reason('2', 'Did not show up'), reason('3', 'Old reason', 2, false)];
    http.onGet('/api/rejection-reasons?usage=true').reply(() => [200, { items }]);
    let added: unknown = null;
    http
      .onPost('/api/rejection-reasons')
      .replyOnce((config) => {
        added = JSON.parse(config.data as string);
        const created = reason('4', 'Overqualified');
        items = [...items, created];
        return [201, created];
      })
      .onPost('/api/rejection-reasons')
      .reply(409, { code: 'conflict', message: '"Overqualified" is already in the list.' });
    let renamed: unknown = null;
    http.onPatch(`/api/rejection-reasons/${reason('2', '').id}`).reply((config) => {
      renamed = JSON.parse(config.data as string);
      items = items.map((r) => (r.id === reason('2', '').id ? { ...r, label: 'No show' } : r));
      return [200, items[1]];
    });
    let order: unknown = null;
    http.onPut('/api/rejection-reasons/order').reply((config) => {
      order = JSON.parse(config.data as string);
      items = [items[1]!, items[0]!, ...items.slice(2)];
      return [200, { items }];
    });

    renderWithProviders(null, { route });
    await screen.findByRole('heading', { name: 'Rejection reasons', level: 1 });
    const table = await screen.findByRole('table', { name: 'Rejection reasons' });
    expect(within(await rowOf('Not enough experience')).getByText('Used 4 times')).toBeInTheDocument();
    expect(within(await rowOf('Old reason')).getByText('Retired')).toBeInTheDocument();
    // A used reason offers retiring, not deleting.
    expect(screen.queryByRole('button', { name: 'Delete Not enough experience' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Did not show up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Restore Old reason' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'New reason' }), 'Overqualified{Enter}');
    await waitFor(() => expect(added).toEqual({ label: 'Overqualified' }));
    expect(await within(table).findByText('Overqualified')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New reason' }), 'overqualified{Enter}');
    expect(await screen.findByText('"Overqualified" is already in the list.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename Did not show up' }));
    const input = screen.getByRole('textbox', { name: 'New name for Did not show up' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'No show{Enter}');
    await waitFor(() => expect(renamed).toEqual({ label: 'No show' }));
    expect(await within(table).findByText('No show')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move No show up' }));
    await waitFor(() => expect(order).toEqual({ ids: [reason('2', '').id, reason('1', '').id, reason('3', '').id, reason('4', '').id] }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1, 3).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['No show', 'Not enough experience']));
    expect(screen.getByRole('status')).toHaveTextContent('No show moved up to position 1.');
    expect(screen.getByRole('button', { name: 'Move No show up' })).toBeDisabled();
  });

  it('retires a reason and shows why a delete was refused', async () => {
    signInAdmin();
    let items = [reason('1', 'Not enough experience'), reason('2', 'Did not show up')];
    http.onGet('/api/rejection-reasons?usage=true').reply(() => [200, { items }]);
    http.onPatch(`/api/rejection-reasons/${reason('1', '').id}`).reply((config) => {
      expect(JSON.parse(config.data as string)).toEqual({ active: false });
      items = [{ ...items[0]!, active: false }, items[1]!];
      return [200, items[0]];
    });
    http.onDelete(`/api/rejection-reasons/${reason('2', '').id}`).reply(409, { code: 'conflict', message: 'This reason was used for 1 rejection, so it cannot be deleted; retire it instead.' });
    renderWithProviders(null, { route });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retire Not enough experience' }));
    expect(await screen.findByRole('button', { name: 'Restore Not enough experience' })).toBeInTheDocument();
    expect(within(await rowOf('Not enough experience')).getByText('Retired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Did not show up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('retire it instead');
  });

  it('says when the list cannot be loaded', async () => {
    signInAdmin();
    http.onGet('/api/rejection-reasons?usage=true').reply(500, { code: 'internal', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route });
    expect(await screen.findByText('The rejection reasons could not be loaded')).toBeInTheDocument();
  });
});
