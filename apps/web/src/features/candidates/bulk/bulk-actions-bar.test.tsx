import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, currentPath } from '@/test/render';
import { buildJobSummary } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { BulkActionsBar } from './bulk-actions-bar';

const http = mockHttp();
const ids = ['64d000000000000000000001', '64d000000000000000000002', '64d000000000000000000003'];
const body = (config: { data?: string }) => JSON.parse(config.data ?? '{}') as Record<string, unknown>;

describe('BulkActionsBar', () => {
  it('adds and removes tags on the selected candidates and says how many changed', async () => {
    let sent: unknown = null;
    http.onPost('/api/candidates/bulk/tags').reply((config) => {
      sent = body(config);
      return [200, { updated: 2, notFound: 1, tooManyTags: 1 }];
    });
    const onDone = vi.fn();
    renderWithProviders(<BulkActionsBar candidateIds={ids} onDone={onDone} />, { route: '/database' });
    expect(screen.getByText('3 candidates selected')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag 3 candidates' });
    expect(within(dialog).getByRole('button', { name: 'Apply tags' })).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: 'Add tags' }), 'Silver medalist{Enter}');
    await user.type(within(dialog).getByRole('combobox', { name: 'Remove tags' }), 'Passive{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply tags' }));
    expect(await screen.findByText('Tags changed on 2 candidates. 1 candidate was not found. 1 candidate was left as they were: more than 50 tags.')).toBeInTheDocument();
    expect(sent).toEqual({ candidateIds: ids, add: ['Silver medalist'], remove: ['Passive'] });
    expect(onDone).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds them to a job picked by title and reports those already on it; a refusal shows in the dialog', async () => {
    const job = buildJobSummary({ id: '64d0000000000000000000aa', title: 'Platform Engineer' });
    let listed: unknown = null;
    http.onGet('/api/jobs').reply((config) => {
      listed = config.params;
      return [200, { items: [job], total: 1, page: 1, pageSize: 20 }];
    });
    http.onPost('/api/candidates/bulk/add-to-job').replyOnce(409, { code: 'conflict', message: 'Candidates can only be added to an open or on-hold job.' });
    let sent: unknown = null;
    http.onPost('/api/candidates/bulk/add-to-job').reply((config) => {
      sent = body(config);
      return [200, { added: 2, alreadyOnJob: 1, notFound: 0 }];
    });
    renderWithProviders(<BulkActionsBar candidateIds={ids} />, { route: '/database' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add to job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 3 candidates to a job' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Job' }));
    await user.click(await screen.findByRole('option', { name: /Platform Engineer/, hidden: true }));
    expect(listed).toMatchObject({ scope: 'all', status: 'open' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to job' }));
    expect(await within(dialog).findByText('Candidates can only be added to an open or on-hold job.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add to job' }));
    expect(await screen.findByText('Added 2 candidates to Platform Engineer. 1 was already on it.')).toBeInTheDocument();
    expect(sent).toEqual({ candidateIds: ids, jobId: job.id });
  });

  it('takes the selection to a new campaign', async () => {
    const { router } = renderWithProviders(<BulkActionsBar candidateIds={ids} />, { route: '/database' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to campaign' }));
    await waitFor(() => expect(currentPath(router)).toBe('/database-campaign'));
    expect(router.state.location.state).toEqual({ candidateIds: ids });
  });

  it('exports the selection to Excel with progress, then offers the file', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let started: unknown = null;
    http.onPost('/api/candidates/bulk/export').reply((config) => {
      started = body(config);
      return [202, { jobId: 'exp1' }];
    });
    let phase: 'running' | 'done' = 'running';
    const statuses = {
      running: { jobId: 'exp1', state: 'running', progress: 50, message: '2 of 3 candidates written' },
      done: { jobId: 'exp1', state: 'done', progress: 100, message: '', fileUrl: '/api/exports/exp1/file', fileName: 'candidates-2026-11-24.xlsx', expiresAt: '2026-11-25T12:00:00.000Z' },
    };
    http.onGet('/api/exports/exp1').reply(() => [200, statuses[phase]]);
    http.onGet('/api/exports/exp1/file').reply(200, new Blob(['xlsx']));
    renderWithProviders(<BulkActionsBar candidateIds={ids} />, { route: '/database' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('2 of 3 candidates written (50%)')).toBeInTheDocument();
    expect(started).toEqual({ candidateIds: ids });
    phase = 'done';
    await user.click(await screen.findByRole('button', { name: 'Download candidates-2026-11-24.xlsx' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('refuses more than 1,000 at a time, and nothing with none selected', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `64d${String(i).padStart(21, '0')}`);
    const view = renderWithProviders(<BulkActionsBar candidateIds={many} />, { route: '/database' });
    expect(screen.getByText('Select at most 1000 candidates at a time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tag' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
    view.unmount();
    renderWithProviders(<BulkActionsBar candidateIds={[]} />, { route: '/database' });
    expect(screen.getByRole('button', { name: 'Add to campaign' })).toBeDisabled();
  });
});
