import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { buildMyReferral, buildReferableJob, page } from '../test-referrals';
import ReferralDashboardCards from './referral-dashboard-cards';

const http = mockHttp();

describe('the referral cards of the dashboard', () => {
  it('shows open positions to refer with their reward and a link to refer, and my latest referrals with their status', async () => {
    signIn({ role: 'employee' });
    const jobs = Array.from({ length: 7 }, (_, i) => buildReferableJob({ id: `64d00000000000000000008${i}`, title: `Job ${i + 1}`, reward: i === 0 ? 'EUR 1,500.00' : null }));
    http.onGet('/api/referrals/jobs').reply(200, page(jobs, 12));
    http.onGet('/api/referrals/mine').reply(200, page([buildMyReferral(), buildMyReferral({ id: 'r2', candidateName: 'Ada Lovelace', status: 'not_selected' })]));
    renderWithProviders(<ReferralDashboardCards />);

    const open = await screen.findByRole('region', { name: 'Open positions to refer' });
    const rows = await within(open).findAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByRole('link', { name: 'Job 1' })).toHaveAttribute('href', '/employee-referral/64d000000000000000000080');
    expect(rows[0]).toHaveTextContent('EUR 1,500.00');
    expect(rows[0]).toHaveTextContent('Engineering · Berlin');
    expect(within(open).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/my-referrals#open-positions');
    expect(within(open).getByText('in all').parentElement).toHaveTextContent('12 in all');

    const mine = screen.getByRole('region', { name: 'My referrals' });
    const referrals = await within(mine).findAllByRole('listitem');
    expect(referrals[0]).toHaveTextContent('Grace Hopper');
    expect(referrals[0]).toHaveTextContent('Backend Engineer · 10 Nov 2026');
    expect(referrals[0]).toHaveTextContent('Interviewing');
    expect(referrals[1]).toHaveTextContent('Not selected');
    expect(within(mine).getByRole('link', { name: 'All my referrals' })).toHaveAttribute('href', '/my-referrals');
  });

  it('says what to do when nothing is open and nobody was referred, and shows a failure in its own card', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/referrals/jobs').reply(200, page([]));
    http.onGet('/api/referrals/mine').reply(500, {});
    renderWithProviders(<ReferralDashboardCards />);
    const open = await screen.findByRole('region', { name: 'Open positions to refer' });
    expect(await within(open).findByText(/No positions are open for referrals right now/)).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'My referrals' });
    expect(await within(mine).findByRole('alert')).toHaveTextContent('Oops! Something went wrong');
  });
});
