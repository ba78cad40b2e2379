import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAuditEntry, TAuditList } from '@hireflow/contracts/privacy';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const rita = { id: '65a000000000000000000001', name: 'Rita Recruiter', email: 'rita@acme.test' };
const adam = { id: '65a000000000000000000002', name: 'Adam Admin', email: 'adam@acme.test' };

function entry(i: number, overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: `65e0000000000000000${String(i).padStart(5, '0')}`,
    at: `2026-03-${String((i % 28) + 1).padStart(2, '0')}T10:30:00.000Z`,
    action: 'viewed',
    actor: { id: rita.id, name: rita.name },
    person: { id: '65c000000000000000000001', name: 'Ada Lovelace' },
    detail: '',
    ...overrides,
  };
}
const page = (items: TAuditEntry[], total = items.length, pageNo = 1): TAuditList => ({ items, total, page: pageNo, pageSize: 50, keptMonths: 18 });

/** A signed-in admin with the companySettings right; every trail call is recorded with its parameters. */
function setUp(answer: (params: Record<string, string>) => [number, unknown] = () => [200, page([])]) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: ['companySettings'] });
  http.onGet('/api/privacy/audit/users').reply(200, { users: [adam, rita] });
  const calls: Record<string, string>[] = [];
  http.onGet('/api/privacy/audit').reply((config) => {
    const params = { ...(config.params as Record<string, string | number>) } as Record<string, string>;
    calls.push(params);
    return answer(params);
  });
  return calls;
}

async function openPage(route = '/company-settings/privacy/audit-trail') {
  const view = renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: 'Audit trail', level: 1 });
  return view;
}

describe('/company-settings/privacy/audit-trail', () => {
  it('shows the entries in a table, how long they are kept, and pages through them', async () => {
    const calls = setUp((params) =>
      Number(params.page) === 2
        ? [200, page([entry(60, { action: 'signed_in', person: null, actor: { id: adam.id, name: adam.name } })], 51, 2)]
        : [200, page([entry(1, { action: 'changed', detail: 'Changed phone' }), ...Array.from({ length: 49 }, (_, i) => entry(i + 2))], 51)],
    );
    const { router } = await openPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Who', 'Action', 'Person', 'Detail']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual([expect.stringMatching(/2026/), 'Rita Recruiter', 'Changed personal data', 'Ada Lovelace', 'Changed phone']);
    expect(screen.getByText('51 entries')).toBeInTheDocument();
    expect(screen.getByText(/Entries are kept for 18 months, then deleted\./)).toBeInTheDocument();
    expect(calls[0]).toEqual({ page: 1 });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(screen.getByRole('table')).findByText('Signed in')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Adam Admin');
    expect(currentPath(router)).toBe('/company-settings/privacy/audit-trail?page=2');
    expect(calls.at(-1)).toEqual({ page: 2 });
  });

  it('puts the filters in the URL and sends them to the API', async () => {
    const calls = setUp(() => [200, page([entry(1)])]);
    const { router } = await openPage();
    await screen.findByRole('table');
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: /Person/ }), 'ada');
    await waitFor(() => expect(calls.at(-1)).toEqual({ person: 'ada', page: 1 }));
    await user.click(screen.getByRole('combobox', { name: /User/ }));
    await user.click(await screen.findByRole('option', { name: 'Rita Recruiter (rita@acme.test)', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Exported personal data', hidden: true }));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');

    await waitFor(() => expect(calls.at(-1)).toEqual({ person: 'ada', userId: rita.id, action: 'exported', from: '2026-03-01', to: '2026-03-31', page: 1 }));
    const url = new URL(currentPath(router), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'ada', user: rita.id, action: 'exported', from: '2026-03-01', to: '2026-03-31' });
  });

  it('opens a shared link with its filters, and says what to do when nothing matches', async () => {
    const calls = setUp(() => [200, page([])]);
    await openPage(`/company-settings/privacy/audit-trail?q=nobody&action=erased&from=2026-01-01`);
    expect(await screen.findByText('No entries match: widen the dates or clear the filters.')).toBeInTheDocument();
    expect(calls[0]).toEqual({ person: 'nobody', action: 'erased', from: '2026-01-01', page: 1 });
    expect(screen.getByRole('textbox', { name: /Person/ })).toHaveValue('nobody');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ page: 1 }));
    expect(await screen.findByText(/No entries yet/)).toBeInTheDocument();
  });

  it('shows an error with Try again', async () => {
    let fail = true;
    setUp(() => (fail ? [500, { code: 'internal', message: 'Oops! Something went wrong' }] : [200, page([entry(1)])]));
    await openPage();
    expect(await screen.findByText('The audit trail could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('exports the filtered trail to Excel with the shared progress', async () => {
    setUp(() => [200, page([entry(1)])]);
    let started: unknown = null;
    http.onPost('/api/privacy/audit/export').reply((config) => {
      started = JSON.parse(config.data as string);
      return [202, { jobId: 'job9' }];
    });
    let phase: 'running' | 'done' = 'running';
    const statuses = {
      running: { jobId: 'job9', state: 'running', progress: 40, message: '20 of 50 entries written' },
      done: { jobId: 'job9', state: 'done', progress: 100, message: '', fileUrl: '/api/exports/job9/file', fileName: 'audit-trail-2026-03-31.xlsx', expiresAt: '2026-04-01T12:00:00.000Z' },
    };
    http.onGet('/api/exports/job9').reply(() => [200, statuses[phase]]);
    await openPage('/company-settings/privacy/audit-trail?action=viewed&user=65a000000000000000000001');
    await screen.findByRole('table');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('20 of 50 entries written (40%)')).toBeInTheDocument();
    expect(started).toEqual({ action: 'viewed', userId: rita.id });
    phase = 'done';
    expect(await screen.findByRole('button', { name: 'Download audit-trail-2026-03-31.xlsx' })).toBeInTheDocument();
  });
});
