import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPinnedCandidates } from '@hireflow/contracts/candidates';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const ada: TPinnedCandidates['items'][number] = {
  id: '64c000000000000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '',
  currentTitle: 'Analyst',
  currentCompany: 'Engines Ltd',
  location: 'London',
  experienceYears: 7,
  skills: [],
  tags: [],
  source: 'sourced',
  lastActivityAt: '2026-10-02T09:00:00.000Z',
  createdAt: '2026-10-01T09:00:00.000Z',
  pinned: true,
  pinnedAt: '2026-10-03T09:00:00.000Z',
};

function open() {
  signIn({ role: 'recruiter' });
  http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
  return renderWithProviders(null, { route: '/database-pinned-profiles' });
}

describe('/database-pinned-profiles', () => {
  it('tells how to pin when nothing is pinned', async () => {
    http.onGet('/api/candidates/pinned').reply(200, { items: [], total: 0 });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pinned profiles' })).toBeInTheDocument();
    expect(await screen.findByText('You have not pinned anyone yet.')).toBeInTheDocument();
    expect(screen.getByText(/choose "Pin"/)).toBeInTheDocument();
  });

  it('lists my pinned candidates with their latest activity and unpins one', async () => {
    http.onGet('/api/candidates/pinned').replyOnce(200, { items: [ada], total: 1 });
    open();
    const row = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/candidate/${ada.id}`);
    expect(within(row).getByText('Analyst @ Engines Ltd')).toBeInTheDocument();
    expect(within(row).getByText(new Date(ada.lastActivityAt).toLocaleDateString())).toBeInTheDocument();

    http.onDelete(`/api/candidates/${ada.id}/pin`).replyOnce(200, { pinned: false });
    http.onGet('/api/candidates/pinned').reply(200, { items: [], total: 0 });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Unpin Ada Lovelace' }));
    expect(await screen.findByText('You have not pinned anyone yet.')).toBeInTheDocument();
    await waitFor(() => expect(http.history.delete).toHaveLength(1));
  });
});
