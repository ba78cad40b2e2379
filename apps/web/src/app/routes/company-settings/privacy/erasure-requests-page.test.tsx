import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { PrivacyMessages, type TErasureList, type TErasureRequest } from '@hireflow/contracts/privacy';
import { renderWithProviders, currentPath } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
afterEach(() => notifications.clean());
const route = '/company-settings/privacy/erasure-requests';
const DayMs = 24 * 3600 * 1000;
const HourMs = 3600 * 1000;

function request(n: number, overrides: Partial<TErasureRequest> = {}): TErasureRequest {
  const requestedAt = new Date(Date.now() - 27 * DayMs + HourMs);
  return {
    id: `65f0000000000000000000${String(n).padStart(2, '0')}`,
    candidateId: `64c0000000000000000000${String(n).padStart(2, '0')}`,
    candidateName: `Person ${n}`,
    state: 'pending',
    origin: 'candidate',
    requestedAt: requestedAt.toISOString(),
    dueAt: new Date(Date.now() + 3 * DayMs - HourMs).toISOString(),
    decidedAt: null,
    decidedBy: null,
    reason: '',
    ...overrides,
  };
}
const list = (items: TErasureRequest[], more: Partial<TErasureList> = {}): TErasureList => ({ items, total: items.length, page: 1, pageSize: 20, overdue: 0, ...more });

function openPage(path = route) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
  return renderWithProviders(null, { route: path });
}
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe(route, () => {
  it('lists the waiting requests with their deadline, the overdue count, and keeps the state filter and page in the URL', async () => {
    const asked: unknown[] = [];
    const overdue = request(2, { origin: 'admin', dueAt: new Date(Date.now() - 2 * DayMs + HourMs).toISOString() });
    http.onGet('/api/privacy/erasure-requests').reply((config) => {
      asked.push(config.params);
      const state = (config.params as { state?: string }).state;
      if (state === 'refused') return [200, list([request(3, { state: 'refused', reason: 'Open legal claim', decidedAt: new Date().toISOString() })], { overdue: 1 })];
      return [200, list([request(1), overdue], { total: 45, overdue: 1 })];
    });
    const { router } = openPage();
    await screen.findByRole('heading', { name: 'Erasure requests', level: 1 });
    const first = await rowOf('Person 1');
    expect(within(first).getByText('The candidate (privacy page)')).toBeInTheDocument();
    expect(within(first).getByText('3 days left')).toBeInTheDocument();
    expect(within(first).getByText('Waiting for a decision')).toBeInTheDocument();
    const late = await rowOf('Person 2');
    expect(within(late).getByText('An admin (profile)')).toBeInTheDocument();
    expect(within(late).getByText('Overdue by 2 days')).toBeInTheDocument();
    expect(screen.getByText('1 request is overdue')).toBeInTheDocument();
    expect(asked[0]).toEqual({ state: 'pending' });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Waiting for a decision');

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${route}?page=2`));
    await waitFor(() => expect(asked).toContainEqual({ state: 'pending', page: 2 }));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Refused', hidden: true }));
    await waitFor(() => expect(currentPath(router)).toBe(`${route}?state=refused`));
    const refused = await rowOf('Person 3');
    expect(within(refused).getByText('Open legal claim')).toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('approves after a confirmation that it cannot be undone; the list refreshes and a notification says so', async () => {
    let items = [request(1), request(2)];
    http.onGet('/api/privacy/erasure-requests').reply(() => [200, list(items)]);
    let approved = 0;
    http.onPost(`/api/privacy/erasure-requests/${request(1).id}/approve`).reply(() => {
      approved++;
      items = [request(2)];
      return [200, { ...request(1), state: 'erased', candidateName: 'Erased candidate' }];
    });
    openPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Approve erasure of Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Person 1?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and erase' }));
    expect(await screen.findByText(PrivacyMessages.erased)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Person 1' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Person 2' })).toBeInTheDocument();
    expect(approved).toBe(1);
  });

  it('refuses only with a reason, sends it, and refreshes the list; a refused call is shown in the dialog', async () => {
    let items = [request(1)];
    http.onGet('/api/privacy/erasure-requests').reply(() => [200, list(items)]);
    const sent: unknown[] = [];
    http
      .onPost(`/api/privacy/erasure-requests/${request(1).id}/refuse`)
      .replyOnce((config) => {
        sent.push(JSON.parse(config.data as string));
        return [409, { code: 'conflict', message: PrivacyMessages.erasureDecided }];
      })
      .onPost(`/api/privacy/erasure-requests/${request(1).id}/refuse`)
      .reply((config) => {
        sent.push(JSON.parse(config.data as string));
        items = [];
        return [200, { ...request(1), state: 'refused' }];
      });
    openPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Refuse erasure of Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the erasure of Person 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the request' }));
    expect(await within(dialog).findByText('Say why the request is refused (the candidate is told)')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for refusing' }), 'Open legal claim');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PrivacyMessages.erasureDecided);
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the request' }));
    expect(await screen.findByText(PrivacyMessages.erasureRefused)).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Open legal claim' }, { reason: 'Open legal claim' }]);
    expect(await screen.findByText('No requests waiting. Candidates ask from the privacy link in every mail they get.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    http.onGet('/api/privacy/erasure-requests').replyOnce(500, { code: 'internal', message: 'Oops! Something went wrong' });
    http.onGet('/api/privacy/erasure-requests').reply(200, list([]));
    openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The erasure requests could not be loaded');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No requests waiting. Candidates ask from the privacy link in every mail they get.')).toBeInTheDocument();
  });
});
