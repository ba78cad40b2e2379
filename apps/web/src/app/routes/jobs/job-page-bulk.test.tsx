import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { buildJobDetail, buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const job = buildJobSummary();
const detail = buildJobDetail({ ...job });
const applicant = (id: string, name: string) => ({ applicationId: id, candidateId: `c-${id}`, name, email: `${id}@example.test`, phone: '', answers: [], stage: { id: 's1', name: 'Applied', kind: 'screening' }, source: 'career_site', appliedAt: '2026-11-01T00:00:00.000Z', resume: null });

function serve(canEdit: boolean) {
  http.onGet(`/api/jobs/${job.id}`).reply(200, { ...detail, canEdit });
  http.onGet(`/api/jobs/${job.id}/applications`).reply(200, { items: [applicant('a1', 'Grace Hopper'), applicant('a2', 'Alan Turing')], total: 2, page: 1, pageSize: 50 });
  http.onGet(`/api/jobs/${job.id}/activity`).reply(200, { items: [] });
}

describe("/job/:id applicants' bulk actions", () => {
  it('lets the hiring team tag selected applicants and shows the summary', async () => {
    signIn({ role: 'recruiter' });
    serve(true);
    let sent: unknown = null;
    http.onPost('/api/applications/bulk').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, { done: 1, refused: [] }];
    });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Grace Hopper' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 applicant selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Tag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag 1 applicant' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Add tags' }), 'Shortlist{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply tags' }));
    expect(await screen.findByText('Tags changed: 1 applicant.')).toBeInTheDocument();
    expect(sent).toEqual({ applicationIds: ['a1'], action: { type: 'tag', add: ['Shortlist'], remove: [] } });
    expect(screen.getByRole('checkbox', { name: 'Select Grace Hopper' })).not.toBeChecked();
  });

  it('offers no selection to someone who does not run the job', async () => {
    signIn({ role: 'employee' });
    serve(false);
    renderWithProviders(null, { route: `/job/${job.id}` });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
