import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys, type TAccessRight } from '@hireflow/contracts/roles';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/privacy/data-export';

function openPage(rights: readonly TAccessRight[] = AccessRightKeys) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
  return renderWithProviders(null, { route });
}

describe(route, () => {
  it('says what the export holds and leaves out, asks before starting, shows the progress, then the download', async () => {
    const createObjectURL = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let starts = 0;
    http.onPost('/api/privacy/company-export').reply(() => {
      starts++;
      return [202, { jobId: 'job1' }];
    });
    // The job moves on when the test has seen the previous step, never on a timer.
    let phase: 'running' | 'done' = 'running';
    const statuses = {
      running: { jobId: 'job1', state: 'running', progress: 45, message: 'Exported Candidate (120)' },
      done: { jobId: 'job1', state: 'done', progress: 100, message: '', fileUrl: '/api/exports/job1/file', fileName: 'company-export-2026-11-25.zip', expiresAt: '2026-11-26T12:00:00.000Z' },
    };
    http.onGet('/api/exports/job1').reply(() => [200, statuses[phase]]);
    http.onGet('/api/exports/job1/file').reply(200, new Blob(['zip']));
    openPage();

    await screen.findByRole('heading', { name: 'Company data export', level: 1 });
    expect(within(screen.getByRole('region', { name: 'What the export contains' })).getByText(/Every stored file/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What the export leaves out' })).getByText(/Passwords, API key and link hashes/)).toBeInTheDocument();
    const user = userEvent.setup();

    // Cancelling the confirmation starts nothing.
    await user.click(screen.getByRole('button', { name: 'Export all company data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export all company data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(starts).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Export all company data' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Export all company data?' })).getByRole('button', { name: 'Start the export' }));
    expect(await screen.findByText('Exported Candidate (120) (45%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '45');
    expect(starts).toBe(1);
    phase = 'done';
    const download = await screen.findByRole('button', { name: 'Download company-export-2026-11-25.zip' });
    await user.click(download);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused start and a failed export say so', async () => {
    http.onPost('/api/privacy/company-export').replyOnce(429, { code: 'too_many_requests', message: 'Too many exports started. Please wait a few minutes.' });
    http.onPost('/api/privacy/company-export').reply(202, { jobId: 'job2' });
    http.onGet('/api/exports/job2').reply(200, { jobId: 'job2', state: 'failed', progress: 10, message: 'The export could not be prepared. Please try again.' });
    openPage();
    const user = userEvent.setup();
    const start = async () => {
      await user.click(await screen.findByRole('button', { name: 'Export all company data' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Export all company data?' })).getByRole('button', { name: 'Start the export' }));
    };
    await start();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many exports started. Please wait a few minutes.');
    await start();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The export could not be prepared. Please try again.'));
  });

  it('is not there without the companySettings right', async () => {
    openPage(AccessRightKeys.filter((r) => r !== 'companySettings'));
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export all company data' })).toBeNull();
  });
});
