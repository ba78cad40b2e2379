import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

describe('the dashboard card of my mentions', () => {
  it('lists a note that mentions me, links to the candidate and marks it read', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
    http.onGet('/api/approvals').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
    http.onGet('/api/candidates/mentions').replyOnce(200, {
      items: [{ id: '64f000000000000000000001', candidate: { id: '64c000000000000000000001', name: 'Ada Lovelace' }, by: { id: 'u', name: 'Rita Recruiter' }, at: '2026-10-03T09:00:00.000Z', excerpt: 'Please call her about the role' }],
      unread: 1,
    });
    renderWithProviders(null, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Mentions' });
    expect(await within(card).findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/candidate/64c000000000000000000001');
    expect(within(card).getByText('Please call her about the role')).toBeInTheDocument();
    expect(within(card).getByText(/Rita Recruiter on/)).toBeInTheDocument();

    http.onPost('/api/candidates/mentions/64f000000000000000000001/read').replyOnce(200, { read: true });
    http.onGet('/api/candidates/mentions').reply(200, { items: [], unread: 0 });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Mark read: Ada Lovelace' }));
    expect(await within(card).findByText(/No new mentions/)).toBeInTheDocument();
  });
});
