import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TInterviewDashboard } from '@hireflow/contracts/interviews-insights';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';
import InterviewDashboardCards from './interview-dashboard-cards';

const http = mockHttp();

const dashboard: TInterviewDashboard = {
  timeZone: 'Asia/Kolkata',
  today: {
    date: '2026-03-10',
    total: 1,
    items: [
      { id: 'i1', applicationId: '64c0000000000000000000a1', candidateName: 'Ada Lovelace', jobTitle: 'Backend Engineer', roundName: 'Technical interview', start: '2026-03-10T05:00:00.000Z', end: '2026-03-10T06:00:00.000Z', mode: 'video', status: 'scheduled', mine: true },
    ],
  },
  tomorrow: { date: '2026-03-11', total: 0, items: [] },
  owed: {
    total: 3,
    overdue: 1,
    items: [
      { interviewId: '64e0000000000000000000b1', applicationId: 'a2', candidateName: 'Grace Hopper', jobTitle: 'Data Engineer', roundName: 'Onsite', end: '2026-03-07T12:00:00.000Z', overdue: true },
      { interviewId: '64e0000000000000000000b2', applicationId: 'a3', candidateName: 'Alan Turing', jobTitle: 'Data Engineer', roundName: 'Phone screen', end: '2026-03-10T04:00:00.000Z', overdue: false },
    ],
  },
};

describe('the dashboard’s interview cards', () => {
  it('lists my interviews today in my time zone with a link to the application, and says when tomorrow is free', async () => {
    signIn();
    http.onGet('/api/interviews/dashboard').reply(200, dashboard);
    renderWithProviders(<InterviewDashboardCards />);
    const card = await screen.findByRole('region', { name: 'My interviews' });
    const today = await within(card).findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/application/64c0000000000000000000a1');
    // 05:00 UTC is 10:30 in India.
    expect(within(today).getByText(/10:30/)).toBeInTheDocument();
    expect(within(today).getByText(/Technical interview · Backend Engineer · Video call/)).toBeInTheDocument();
    expect(within(card).getByRole('region', { name: 'Tomorrow' })).toHaveTextContent('No interviews tomorrow.');
    expect(within(card).getByText(/Times in Asia\/Kolkata/)).toBeInTheDocument();
  });

  it('lists the scorecards I owe, overdue first, each a link to its scorecard', async () => {
    signIn();
    http.onGet('/api/interviews/dashboard').reply(200, dashboard);
    renderWithProviders(<InterviewDashboardCards />);
    const card = await screen.findByRole('region', { name: 'Scorecards I owe' });
    const links = await within(card).findAllByRole('link', { name: /Write the scorecard/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/interviewfeedback/64e0000000000000000000b1', '/interviewfeedback/64e0000000000000000000b2']);
    expect(links[0]).toHaveAccessibleName('Write the scorecard for Grace Hopper, Onsite');
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('1 overdue (ended more than a day ago)')).toBeInTheDocument();
    expect(within(card).getByText('in all').parentElement).toHaveTextContent('3 in all');
    expect(within(card).getByRole('link', { name: 'All my scorecards' })).toHaveAttribute('href', '/interviewfeedback-all');
  });

  it('says so when there is nothing today and nothing owed', async () => {
    signIn();
    http.onGet('/api/interviews/dashboard').reply(200, { ...dashboard, today: { date: '2026-03-10', total: 0, items: [] }, owed: { total: 0, overdue: 0, items: [] } });
    renderWithProviders(<InterviewDashboardCards />);
    expect(await screen.findByText('No interviews today.')).toBeInTheDocument();
    expect(screen.getByText(/No scorecards to write/)).toBeInTheDocument();
  });

  it('reloads when one of my interviews changes elsewhere', async () => {
    signIn();
    let calls = 0;
    http.onGet('/api/interviews/dashboard').reply(() => {
      calls += 1;
      return [200, calls === 1 ? { ...dashboard, tomorrow: { date: '2026-03-11', total: 0, items: [] } } : { ...dashboard, tomorrow: { date: '2026-03-11', total: 1, items: [{ ...dashboard.today.items[0]!, id: 'i2', candidateName: 'Katherine Johnson' }] } }];
    });
    renderWithProviders(<InterviewDashboardCards />);
    expect(await screen.findByText('No interviews tomorrow.')).toBeInTheDocument();
    emitLiveEvent({ id: 'e1', kind: 'interview.changed', at: '2026-03-10T05:00:00.000Z', jobId: 'j', applicationId: 'a', candidateId: 'c', byUserId: 'u', data: { interviewId: 'i2', change: 'scheduled' } });
    const tomorrow = screen.getByRole('region', { name: 'Tomorrow' });
    expect(await within(tomorrow).findByRole('link', { name: 'Katherine Johnson' })).toBeInTheDocument();
  });

  it('shows on the dashboard page, and the API’s message when it cannot load', async () => {
    const { user } = signIn({ role: 'employee' });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    http.onGet('/api/candidates/mentions').reply(200, { items: [], unread: 0 });
    http.onGet('/api/approvals').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 5 });
    http.onGet('/api/interviews/dashboard').reply(500, { code: 'internal_error', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'My interviews' });
    expect(await within(card).findByText('Oops! Something went wrong')).toBeInTheDocument();
  });
});
