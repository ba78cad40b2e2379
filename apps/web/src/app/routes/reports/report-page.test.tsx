import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReportResult } from '@hireflow/contracts/reports';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const engineering = { id: '64c000000000000000000b01', name: 'Engineering' };

function buildResult(overrides: Partial<TReportResult> = {}): TReportResult {
  return {
    name: 'source-activity',
    title: 'Source activity',
    definition: ['Each application counts for its first-touch source.', 'Hire rate is hires divided by applications.'],
    range: { from: '2026-08-27', to: '2026-11-24', preset: 'last90' },
    applied: [],
    headline: [
      { label: 'Applications', value: 1234, kind: 'count' },
      { label: 'Hire rate', value: 4.25, kind: 'percent' },
    ],
    chart: {
      kind: 'bar',
      indexKey: 'source',
      series: [
        { key: 'applications', label: 'Applications' },
        { key: 'hires', label: 'Hires' },
      ],
      data: [
        { source: 'Career site', applications: 1000, hires: 40 },
        { source: 'Referral', applications: 234, hires: 12 },
      ],
      unit: 'count',
      summary: 'Career site brought the most applications (1,000) and hires (40).',
      reference: null,
    },
    columns: [
      { key: 'source', label: 'Source', kind: 'text' },
      { key: 'applications', label: 'Applications', kind: 'count' },
      { key: 'hireRate', label: 'Hire rate', kind: 'percent' },
      { key: 'days', label: 'Median time to hire', kind: 'days' },
    ],
    rows: [
      { source: 'Career site', applications: 1000, hireRate: 4, days: 21.5 },
      { source: 'Referral', applications: 234, hireRate: 5.1, days: null },
    ],
    totals: { source: null, applications: 1234, hireRate: 4.2, days: 20 },
    totalRows: 2,
    empty: null,
    generatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

type Asked = Record<string, string>;

/** Answers GET /api/reports/:name with `answer(params)` and records each query asked. */
function serveReport(name: string, answer: (params: Asked) => TReportResult = () => buildResult({ name })) {
  const asked: Asked[] = [];
  http.onGet(`/api/reports/${name}`).reply((config) => {
    const params = { ...(config.params as Asked) };
    asked.push(params);
    return [200, answer(params)];
  });
  return asked;
}

beforeEach(() => {
  const { user } = signIn({ admin: false, role: 'recruiter' });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: ['viewReports'] });
  http.onGet('/api/org/business-units/options').reply(200, { options: [engineering] });
  http.onGet('/api/org/departments/options').reply(200, { options: [] });
  http.onGet('/api/org/locations/options').reply(200, { options: [] });
  http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 20 });
});

async function openReport(route: string, title: string) {
  const view = renderWithProviders(null, { route });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  return { ...view, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/reports/:name', () => {
  it('shows the headline figures, the chart with its summary, the table with totals and how it is computed', async () => {
    serveReport('source-activity');
    await openReport('/reports/source-activity', 'Source activity');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    const figures = await screen.findByRole('region', { name: 'Headline figures' });
    expect(within(figures).getByText('1,234')).toBeInTheDocument();
    expect(within(figures).getByText('4.3%')).toBeInTheDocument();

    const figure = await screen.findByRole('figure', { name: 'Career site brought the most applications (1,000) and hires (40).' });
    expect(figure).toBeInTheDocument();

    const table = screen.getByRole('table', { name: /Source activity, 27 Aug 2026 to 24 Nov 2026/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Source', 'Applications', 'Hire rate', 'Median time to hire']);
    expect(within(table).getByRole('columnheader', { name: 'Source' })).toHaveAttribute('scope', 'col');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Career site', '1,000', '4.0%', '21.5 days']);
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Referral', '234', '5.1%', '—']);
    const totals = rows[3];
    expect(totals.closest('tfoot')).not.toBeNull();
    expect(within(totals).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1,234', '4.2%', '20.0 days']);

    const how = screen.getByRole('region', { name: 'How this is computed' });
    expect(within(how).getByText('Each application counts for its first-touch source.')).toBeInTheDocument();
    expect(within(how).getByText('Hire rate is hires divided by applications.')).toBeInTheDocument();
  });

  it('keeps a changed filter in the URL, asks the API with it, shows it as a chip and resets', async () => {
    const asked = serveReport('source-activity', (params) =>
      buildResult({ applied: params.businessUnitId ? [{ key: 'businessUnitId', label: 'Business unit', value: 'Engineering' }] : [] }),
    );
    const { router, user } = await openReport('/reports/source-activity', 'Source activity');
    await screen.findByRole('table');
    expect(asked[0]).toEqual({});

    await choose(user, 'Source', 'Referral');
    await waitFor(() => expect(asked.at(-1)).toEqual({ source: 'referral' }));
    expect(currentPath(router)).toBe('/reports/source-activity?source=referral');

    await choose(user, 'Date range', 'Last 30 days');
    await waitFor(() => expect(asked.at(-1)).toEqual({ source: 'referral', preset: 'last30' }));
    expect(currentPath(router)).toBe('/reports/source-activity?source=referral&preset=last30');

    await choose(user, 'Business unit', 'Engineering');
    await waitFor(() => expect(asked.at(-1)).toEqual({ source: 'referral', preset: 'last30', businessUnitId: engineering.id }));

    const chips = screen.getByRole('group', { name: 'Applied filters' });
    expect(within(chips).getByText('Date range: Last 30 days')).toBeInTheDocument();
    expect(within(chips).getByText('Source: Referral')).toBeInTheDocument();
    expect(within(chips).getByText('Business unit: Engineering')).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Remove Source: Referral' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ preset: 'last30', businessUnitId: engineering.id }));
    expect(currentPath(router)).toBe(`/reports/source-activity?preset=last30&businessUnitId=${engineering.id}`);

    await user.click(within(chips).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/reports/source-activity'));
    expect(screen.queryByRole('group', { name: 'Applied filters' })).not.toBeInTheDocument();
  });

  it('asks for both dates of a custom range before asking the API, then sends them', async () => {
    const asked = serveReport('source-activity');
    const { router, user } = await openReport('/reports/source-activity', 'Source activity');
    await screen.findByRole('table');
    await choose(user, 'Date range', 'Custom');
    expect(await screen.findByText('Enter both a from and a to date to see the report for a custom range.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/reports/source-activity?preset=custom');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'From' })).toBeEnabled());
    await user.type(screen.getByRole('textbox', { name: 'From' }), '1 Jan 2026');
    await user.tab();
    await waitFor(() => expect(currentPath(router)).toBe('/reports/source-activity?preset=custom&from=2026-01-01'));
    expect(asked).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: 'To' }), '31 Mar 2026');
    await user.tab();
    await waitFor(() => expect(asked.at(-1)).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-03-31' }));
    expect(within(screen.getByRole('group', { name: 'Applied filters' })).getByText('Date range: 1 Jan 2026 to 31 Mar 2026')).toBeInTheDocument();
  });

  it('shows only the filters the report takes, and never sends another from the URL', async () => {
    const asked = serveReport('vacancy-ageing', () => buildResult({ name: 'vacancy-ageing', title: 'Vacancy ageing', range: null }));
    await openReport('/reports/vacancy-ageing?source=referral&preset=last30&jobId=64d000000000000000000001', 'Vacancy ageing');
    await screen.findByRole('table');
    expect(asked[0]).toEqual({ jobId: '64d000000000000000000001' });
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).queryByRole('combobox', { name: 'Date range' })).not.toBeInTheDocument();
    expect(within(filters).queryByRole('combobox', { name: 'Source' })).not.toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'Business unit' })).toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'Job' })).toBeInTheDocument();
  });

  it('folds the pickers away on a phone behind a button that counts the applied ones', async () => {
    const original = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...original(query), matches: query === '(max-width: 36em)' }));
    try {
      const asked = serveReport('source-activity');
      const { user } = await openReport(`/reports/source-activity?source=referral&businessUnitId=${engineering.id}`, 'Source activity');
      await screen.findByRole('table');
      expect(asked[0]).toEqual({ source: 'referral', businessUnitId: engineering.id });
      const filters = screen.getByRole('region', { name: 'Filters' });
      expect(within(filters).getByRole('combobox', { name: 'Date range' })).toBeVisible();
      expect(within(filters).queryByRole('combobox', { name: 'Source' })).not.toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Applied filters' })).getByText('Source: Referral')).toBeInTheDocument();

      const more = within(filters).getByRole('button', { name: 'More filters (2 applied)' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      await user.click(more);
      expect(within(filters).getByRole('button', { name: 'Hide more filters' })).toHaveAttribute('aria-expanded', 'true');
      await choose(user, 'Source', 'Agency');
      await waitFor(() => expect(asked.at(-1)).toEqual({ source: 'agency', businessUnitId: engineering.id }));
    } finally {
      window.matchMedia = original;
    }
  });

  it('says why a report is empty and what to change', async () => {
    serveReport('interview-scheduled', () =>
      buildResult({ name: 'interview-scheduled', title: 'Interviews scheduled', rows: [], totals: null, totalRows: 0, headline: [], empty: 'No interview was scheduled in this period.' }),
    );
    const view = await openReport('/reports/interview-scheduled?preset=year', 'Interviews scheduled');
    expect(await screen.findByText('No interview was scheduled in this period.')).toBeInTheDocument();
    expect(screen.getByText('Try a wider date range or fewer filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const { router, user } = view;
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/reports/interview-scheduled'));
  });

  it('pages through many rows and says when only the first rows are shown', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ source: `Row ${i + 1}`, applications: i, hireRate: null, days: null }));
    serveReport('source-activity', () => buildResult({ rows, totalRows: 1234 }));
    const { user } = await openReport('/reports/source-activity', 'Source activity');
    const table = await screen.findByRole('table', { name: /page 1 of 3/ });
    expect(within(table).getAllByRole('row')).toHaveLength(52);
    expect(screen.getByText(/Showing 120 of 1,234 rows/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    const last = await screen.findByRole('table', { name: /page 3 of 3/ });
    expect(within(last).getByText('Row 101')).toBeInTheDocument();
    expect(within(last).queryByText('Row 1')).not.toBeInTheDocument();
  });

  it('shows a loading state until the report arrives', async () => {
    let answer: (value: [number, TReportResult]) => void = () => {};
    http.onGet('/api/reports/time-to-hire').reply(() => new Promise((resolve) => (answer = resolve)));
    await openReport('/reports/time-to-hire', 'Time to hire');
    expect(await screen.findByRole('status', { name: 'Loading the report' })).toBeInTheDocument();
    answer([200, buildResult({ name: 'time-to-hire', title: 'Time to hire' })]);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the report' })).not.toBeInTheDocument();
  });

  it('says when the report cannot be loaded and tries again', async () => {
    let fail = true;
    http.onGet('/api/reports/velocity').reply(() => (fail ? [400, { code: 'bad_request', message: 'The date range can span at most 1098 days.' }] : [200, buildResult({ name: 'velocity', title: 'Velocity' })]));
    const { user } = await openReport('/reports/velocity', 'Velocity');
    expect(await screen.findByText('The date range can span at most 1098 days.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('exports exactly the filters on screen and offers the file when it is ready', async () => {
    serveReport('source-activity');
    let exported: Asked | null = null;
    http.onPost('/api/reports/source-activity/export').reply((config) => {
      exported = { ...(config.params as Asked) };
      return [202, { jobId: 'job-1' }];
    });
    http.onGet('/api/exports/job-1').reply(200, { jobId: 'job-1', state: 'done', progress: 100, message: 'Ready', fileUrl: '/api/exports/job-1/file', fileName: 'source-activity.xlsx' });
    const { user } = await openReport('/reports/source-activity?preset=quarter&source=agency&candidateId=64e000000000000000000001', 'Source activity');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('button', { name: 'Download source-activity.xlsx' })).toBeInTheDocument();
    expect(exported).toEqual({ preset: 'quarter', source: 'agency' });
  });

  it('asks for a candidate before showing a timeline, then shows it for the one chosen', async () => {
    const asked = serveReport('candidate-timeline', () =>
      buildResult({
        name: 'candidate-timeline',
        title: 'Candidate timeline',
        range: null,
        applied: [{ key: 'candidateId', label: 'Candidate', value: 'Jane Doe' }],
        chart: { kind: 'timeline', indexKey: 'when', series: [{ key: 'days', label: 'Days in stage' }], data: [{ when: 'Screening, Backend Engineer', days: 3 }], unit: 'days', summary: 'Jane Doe applied to one job.', reference: null },
      }),
    );
    http.onGet(/^\/api\/candidates\?q=jane$/).reply(200, {
      items: [{ id: '64e000000000000000000001', firstName: 'Jane', lastName: 'Doe', email: 'jane@doe.test', phone: '', currentTitle: '', currentCompany: '', location: '', experienceYears: null, skills: [], tags: [], source: 'career_site', lastActivityAt: '2026-11-01T00:00:00.000Z', createdAt: '2026-10-01T00:00:00.000Z', pinned: false, highlights: [] }],
      total: 1,
      totalCapped: false,
      page: 1,
      pageSize: 25,
      sort: 'relevance',
      facets: { skills: [], tags: [], source: [], location: [], experience: [], stageKind: [], jobId: [], lastActivity: [], consent: [] },
      facetsApproximate: false,
    });
    const { router, user } = await openReport('/reports/candidate-timeline', 'Candidate timeline');
    expect(screen.getByText('Choose a candidate to see their timeline.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Business unit' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: 'Candidate' }), 'jane');
    await user.click(await screen.findByRole('option', { name: 'Jane Doe (jane@doe.test)' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ candidateId: '64e000000000000000000001' }));
    expect(currentPath(router)).toBe('/reports/candidate-timeline?candidateId=64e000000000000000000001');
    const figure = await screen.findByRole('figure', { name: 'Jane Doe applied to one job.' });
    expect(within(figure).getByText('Days in stage: 3.0 days')).toBeInTheDocument();
  });

  it('shows the not-found page for a name that is no report, and for a platform-only report', async () => {
    const { unmount } = renderWithProviders(null, { route: '/reports/no-such-report' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    unmount();
    renderWithProviders(null, { route: '/reports/companies' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(http.history.get!.some((r) => r.url?.startsWith('/api/reports'))).toBe(false);
  });

  it('a user without the View reports right gets the not-found page and the API is never asked', async () => {
    const { user } = signIn({ admin: false, role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    renderWithProviders(null, { route: '/reports/source-activity' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(http.history.get!.some((r) => r.url?.startsWith('/api/reports'))).toBe(false);
  });
});
