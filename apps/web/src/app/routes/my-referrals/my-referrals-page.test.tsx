import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoarseStatusLabels } from '@hireflow/contracts/referrals';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { buildMyReferral, buildReferableJob, page } from '@/features/referrals/test-referrals';

const http = mockHttp();

describe('/my-referrals', () => {
  it('lists each referral with its coarse status and reward, and nothing more of the application', async () => {
    signIn({ role: 'employee' });
    const leaked = { stage: { id: 's', name: 'Panel interview with CTO' }, notes: 'Weak on SQL', scorecards: [{ rating: 2 }] };
    http.onGet('/api/referrals/mine').reply(200, {
      ...page([
        { ...buildMyReferral({ id: 'r1' }), ...leaked },
        buildMyReferral({ id: 'r2', candidateName: 'Ada Lovelace', status: 'hired', reward: { id: 'w1', amount: 'EUR 1,500.00', status: 'pending', statusLabel: 'Pending', payableOn: '2027-04-01' } }),
        buildMyReferral({ id: 'r3', candidateName: 'Alan Turing', status: 'received', alreadyKnown: true, rewardEligibility: 'known_candidate' }),
      ]),
    });
    http.onGet('/api/referrals/jobs').reply(200, page([buildReferableJob()]));
    renderWithProviders(null, { route: '/my-referrals' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My referrals' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'My referrals', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Campaigns' })).toBeNull();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Grace Hopper', 'Backend Engineer', '10 Nov 2026', 'Interviewing', 'If hired'],
      ['Ada Lovelace', 'Backend Engineer', '10 Nov 2026', 'Hired', 'EUR 1,500.00 · Pending · payable from 1 Apr 2027'],
      ['Alan Turing', 'Backend Engineer', '10 Nov 2026', 'Received', 'None: already a candidate'],
    ]);
    const statuses = rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent);
    for (const s of statuses) expect(Object.values(CoarseStatusLabels)).toContain(s);
    expect(screen.queryByText(/Panel interview|Weak on SQL/)).toBeNull();
  });

  it('refuses an answer whose status is not a coarse one instead of showing it', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/referrals/mine').reply(200, page([{ ...buildMyReferral(), status: 'Panel interview with CTO' }]));
    http.onGet('/api/referrals/jobs').reply(200, page([]));
    renderWithProviders(null, { route: '/my-referrals' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your referrals could not be loaded');
    expect(screen.queryByText('Panel interview with CTO')).toBeNull();
  });

  it('says what to do when I referred nobody yet, and finds open positions to refer', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/referrals/mine').reply(200, page([]));
    const searches: unknown[] = [];
    http.onGet('/api/referrals/jobs').reply((config) => {
      searches.push(config.params);
      const params = config.params as { search?: string };
      const jobs = [buildReferableJob(), buildReferableJob({ id: '64d000000000000000000072', title: 'Data Analyst', reward: null, department: null, location: null })];
      return [200, page(params.search ? jobs.filter((j) => j.title.toLowerCase().includes(params.search!.toLowerCase())) : jobs)];
    });
    renderWithProviders(null, { route: '/my-referrals' });
    expect(await screen.findByText('You have not referred anyone yet. Know someone who would fit one of our jobs?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refer someone from Open positions' })).toHaveAttribute('href', '#open-positions');
    expect(screen.getByRole('tab', { name: 'Campaigns' })).toBeInTheDocument();

    const section = screen.getByRole('region', { name: 'Open positions to refer' });
    const list = await within(section).findByRole('list', { name: 'Open positions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Backend Engineer' })).toHaveAttribute('href', '/employee-referral/64d000000000000000000071');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Reward EUR 1,500.00');

    await userEvent.setup().type(within(section).getByRole('searchbox', { name: 'Search open positions' }), 'data');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByRole('link', { name: 'Data Analyst' })).toBeInTheDocument();
    expect(searches.at(-1)).toEqual({ search: 'data', page: 1 });
  });

  it('shows each referral as a card on a phone, with the same status and reward', async () => {
    signIn({ role: 'employee' });
    const original = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...original(query), matches: query === '(max-width: 36em)' }));
    try {
      http.onGet('/api/referrals/mine').reply(200, page([buildMyReferral({ status: 'offer', reward: null })]));
      http.onGet('/api/referrals/jobs').reply(200, page([]));
      renderWithProviders(null, { route: '/my-referrals' });
      const list = await screen.findByRole('list', { name: 'My referrals' });
      const [card] = within(list).getAllByRole('listitem');
      expect(card).toHaveTextContent('Grace Hopper');
      expect(card).toHaveTextContent('Referred on 10 Nov 2026');
      expect(card).toHaveTextContent('Offer');
      expect(card).toHaveTextContent('Reward: If hired');
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});
