import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReportResult } from '@hireflow/contracts/reports';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const acme = { id: '64a000000000000000000001', name: 'Acme Corp' };
const globex = { id: '64a000000000000000000002', name: 'Globex' };

function result(name: string, title: string, company: string): TReportResult {
  return {
    name,
    title,
    definition: ['Sign-ins and actions are counted per company from the usage log.'],
    range: { from: '2026-08-27', to: '2026-11-24', preset: 'last90' },
    applied: [{ key: 'companyId', label: 'Company', value: company }],
    headline: [{ label: 'Sign-ins', value: 42, kind: 'count' }],
    chart: { kind: 'stacked-bar', indexKey: 'company', series: [{ key: 'signIns', label: 'Sign-ins' }], data: [{ company, signIns: 42 }], unit: 'count', summary: `${company}: 42 sign-ins.`, reference: null },
    columns: [
      { key: 'company', label: 'Company', kind: 'text' },
      { key: 'signIns', label: 'Sign-ins', kind: 'count' },
    ],
    rows: [{ company, signIns: 42 }],
    totals: { company: null, signIns: 42 },
    totalRows: 1,
    empty: null,
    generatedAt: '2026-11-24T10:00:00.000Z',
  };
}

beforeEach(() => {
  const { user } = signIn({ superAdmin: true, customer: null, customerState: null, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super' });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
  http.onGet('/api/superadmin/reports').reply(200, { cards: [], companies: [acme, globex] });
});

describe('/superadmin/reports/:name', () => {
  it('shows a platform-only report across all companies, and the company chosen sets companyId in the URL and the query', async () => {
    const asked: Record<string, string>[] = [];
    http.onGet('/api/superadmin/reports/usage-per-company').reply((config) => {
      const params = { ...(config.params as Record<string, string>) };
      asked.push(params);
      return [200, result('usage-per-company', 'Usage per company', params.companyId === globex.id ? 'Globex' : 'All companies')];
    });
    let exported: Record<string, string> | null = null;
    http.onPost('/api/superadmin/reports/usage-per-company/export').reply((config) => {
      exported = { ...(config.params as Record<string, string>) };
      return [202, { jobId: 'job-9' }];
    });
    http.onGet('/api/exports/job-9').reply(200, { jobId: 'job-9', state: 'running', progress: 40, message: 'Writing rows…' });
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, { route: '/superadmin/reports/usage-per-company' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Usage per company' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Platform reports' })).toHaveAttribute('href', '/superadmin/reports');
    expect(await screen.findByRole('figure', { name: 'All companies: 42 sign-ins.' })).toBeInTheDocument();
    expect(asked[0]).toEqual({});
    const company = screen.getByRole('combobox', { name: 'Company' });
    expect(company).toHaveValue('All companies');

    await user.click(company);
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ companyId: globex.id }));
    expect(currentPath(router)).toBe(`/superadmin/reports/usage-per-company?companyId=${globex.id}`);
    expect(await screen.findByRole('figure', { name: 'Globex: 42 sign-ins.' })).toBeInTheDocument();
    // The chosen company is not a filter to reset.
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Writing rows… (40%)')).toBeInTheDocument();
    expect(exported).toEqual({ companyId: globex.id });
  });

  it("leaves out the pickers that read one company's lists, keeping the date range and source", async () => {
    http.onGet('/api/superadmin/reports/source-activity').reply(200, result('source-activity', 'Source activity', 'All companies'));
    renderWithProviders(null, { route: '/superadmin/reports/source-activity' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Source activity' })).toBeInTheDocument();
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'Date range' })).toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'Source' })).toBeInTheDocument();
    expect(within(filters).queryByRole('combobox', { name: 'Business unit' })).not.toBeInTheDocument();
    expect(within(filters).queryByRole('combobox', { name: 'Recruiter' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown report', async () => {
    renderWithProviders(null, { route: '/superadmin/reports/nothing-here' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
