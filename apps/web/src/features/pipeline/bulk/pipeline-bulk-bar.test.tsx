import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';
import { PipelineBulkBar } from './pipeline-bulk-bar';

const http = mockHttp();
const ids = ['64f000000000000000000001', '64f000000000000000000002'];
const body = (config: { data?: string }) => JSON.parse(config.data ?? '{}') as Record<string, unknown>;

describe('PipelineBulkBar', () => {
  it('mails the selection with a pipeline template; a refusal of the whole request stays in the dialog', async () => {
    http.onGet('/api/mail/templates').reply(200, { items: [{ id: 't1', kind: 'pipeline', name: 'Next steps', subject: 'Next', body: 'Hi', updatedAt: '2026-11-01T00:00:00.000Z' }] });
    http.onPost('/api/applications/bulk').replyOnce(400, { code: 'bad_request', message: 'This mail template does not exist; choose one of your company templates.' });
    let sent: unknown = null;
    http.onPost('/api/applications/bulk').reply((config) => {
      sent = body(config);
      return [200, { done: 2, refused: [] }];
    });
    const onDone = vi.fn();
    renderWithProviders(<PipelineBulkBar applicationIds={ids} onDone={onDone} />, { route: '/workflow/screening' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Email with template…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email 2 applicants' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Next steps' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This mail template does not exist; choose one of your company templates.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mail queued: 2 applicants.')).toBeInTheDocument();
    expect(sent).toEqual({ applicationIds: ids, action: { type: 'email', templateId: 't1' } });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('assigns an owner picked by name', async () => {
    http.onGet(/\/api\/searchusers\/.+/).reply(200, { users: [{ id: 'u1', fullName: 'Rita Recruiter', email: 'rita@acme.test', role: 'recruiter', addlRoles: [] }] });
    let sent: unknown = null;
    http.onPost('/api/applications/bulk').reply((config) => {
      sent = body(config);
      return [200, { done: 1, refused: [{ applicationId: ids[1], name: '', reason: 'Not found.' }] }];
    });
    renderWithProviders(<PipelineBulkBar applicationIds={ids} onDone={() => {}} />, { route: '/workflow/screening' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Assign owner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign an owner to 2 applicants' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Application owner' }), 'Rit');
    await user.click(await screen.findByRole('option', { name: 'Rita Recruiter (rita@acme.test)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign owner' }));
    const summary = await screen.findByRole('status');
    expect(summary).toHaveTextContent('Owner set to Rita Recruiter: 1 applicant.');
    expect(within(summary).getByRole('listitem')).toHaveTextContent('An applicant you cannot see: Not found.');
    expect(sent).toEqual({ applicationIds: ids, action: { type: 'owner', ownerId: 'u1' } });
  });

  it('is disabled past the limit of 500', () => {
    renderWithProviders(<PipelineBulkBar applicationIds={Array.from({ length: 501 }, (_, i) => String(i))} onDone={() => {}} />, { route: '/workflow/screening' });
    expect(screen.getByRole('button', { name: 'Reject…' })).toBeDisabled();
    expect(screen.getByText('Select at most 500 applicants at a time.')).toBeInTheDocument();
  });
});
