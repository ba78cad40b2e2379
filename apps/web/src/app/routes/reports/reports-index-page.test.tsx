import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ReportCatalog, ReportsApi, type TReportsOverview } from '@hireflow/contracts/reports';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const overview: TReportsOverview = {
  generatedAt: '2026-11-24T10:00:00.000Z',
  cards: [
    { key: 'openJobs', label: 'Open jobs', value: 12, previous: 10, kind: 'count', trend: [{ label: 'Oct', value: 10 }, { label: 'Nov', value: 12 }], hint: 'Jobs open now' },
    { key: 'offerAcceptance', label: 'Offer acceptance', value: 75, previous: 80, kind: 'percent', trend: [], hint: 'Last 90 days' },
    { key: 'medianTimeToHire', label: 'Median time to hire', value: null, previous: null, kind: 'days', trend: [], hint: 'Last 90 days' },
  ],
};

describe('/reports', () => {
  it('shows the headline figures with their change in words and every report grouped by theme', async () => {
    const { user } = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: ['viewReports'] });
    http.onGet(ReportsApi.overview).reply(200, overview);
    renderWithProviders(null, { route: '/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const figures = await screen.findByRole('list', { name: 'Headline figures' });
    const open = within(figures).getAllByRole('listitem')[0]!;
    expect(open).toHaveTextContent('Open jobs');
    expect(open).toHaveTextContent('12');
    expect(open).toHaveTextContent('Up 2 on the previous period (10)');
    expect(open).toHaveTextContent('Trend: Oct 10, Nov 12');
    expect(within(figures).getAllByRole('listitem')[1]).toHaveTextContent('Down 5.0 points on the previous period (80.0%)');
    expect(within(figures).getAllByRole('listitem')[2]).toHaveTextContent('No earlier figure to compare with');

    const speed = screen.getByRole('region', { name: 'Speed' });
    expect(within(speed).getByRole('link', { name: ReportCatalog['time-to-hire'].title })).toHaveAttribute('href', '/reports/time-to-hire');
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/reports/'))).toHaveLength(20);
  });

  it('a user without the View reports right gets the not-found page and the API is never asked', async () => {
    const { user } = signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    renderWithProviders(null, { route: '/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(http.history.get!.some((r) => r.url === ReportsApi.overview)).toBe(false);
  });
});

describe('/superadmin/reports', () => {
  it('lists the platform reports and every company report under /superadmin/reports', async () => {
    const { user } = signIn({ superAdmin: true, customer: null, customerState: null });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    http.onGet(ReportsApi.superadminOverview).reply(200, { cards: [{ label: 'Companies', value: 3, kind: 'count' }], companies: [] });
    renderWithProviders(null, { route: '/superadmin/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform reports' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Platform figures' })).toHaveTextContent('Companies3');
    expect(screen.getByRole('link', { name: ReportCatalog['usage-per-company'].title })).toHaveAttribute('href', '/superadmin/reports/usage-per-company');
    expect(screen.getByRole('link', { name: ReportCatalog.velocity.title })).toHaveAttribute('href', '/superadmin/reports/velocity');
  });
});
