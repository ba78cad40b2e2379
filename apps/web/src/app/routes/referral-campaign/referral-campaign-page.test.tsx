import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReferralCampaign } from '@hireflow/contracts/referrals';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { buildReferableJob, page } from '@/features/referrals/test-referrals';

const http = mockHttp();
const rita = { id: '64b000000000000000000911', name: 'Rita Recruiter', email: 'rita@acme.test' };
const engineering = { id: '64e000000000000000000001', name: 'Engineering' };
const berlin = { id: '64e000000000000000000002', name: 'Berlin' };
const job = buildReferableJob();

function campaign(overrides: Partial<TReferralCampaign> = {}): TReferralCampaign {
  return {
    id: '64f000000000000000000091',
    subject: 'We are hiring engineers',
    message: 'Know someone?',
    jobs: [{ id: job.id, name: job.title }],
    audience: { kind: 'everyone', departments: [], locations: [], businessUnits: [] },
    status: 'sent',
    recipients: 40,
    sent: 40,
    referrals: 3,
    createdBy: rita,
    createdAt: '2026-11-12T10:00:00.000Z',
    sentAt: '2026-11-12T10:05:00.000Z',
    ...overrides,
  };
}

function mockOrg() {
  http.onGet('/api/org/departments/options').reply(200, { options: [engineering] });
  http.onGet('/api/org/locations/options').reply(200, { options: [berlin] });
  http.onGet('/api/org/business-units/options').reply(200, { options: [] });
}

describe('/referral-campaign', () => {
  it('lists the campaigns with their audience, progress and referrals', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/referral-campaigns').reply(200, page([campaign(), campaign({ id: 'c2', subject: 'Berlin roles', status: 'failed', sent: 5, recipients: 12, referrals: 0, audience: { kind: 'filtered', departments: [engineering], locations: [berlin], businessUnits: [] } })]));
    renderWithProviders(null, { route: '/referral-campaign' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Referral campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Campaigns', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['We are hiring engineers', 'Backend Engineer', 'Everyone', 'Sent', '40 of 40', '3', 'Rita Recruiter12 Nov 2026'],
      ['Berlin roles', 'Backend Engineer', 'Engineering, Berlin', 'Failed', '5 of 12', '0', 'Rita Recruiter12 Nov 2026'],
    ]);
  });

  it('counts the audience as it is chosen, checks the form, sends, and follows the sending until it is done', async () => {
    signIn({ role: 'employee', admin: true });
    mockOrg();
    http.onGet('/api/referral-campaigns').reply(200, page([]));
    http.onGet('/api/referrals/jobs').reply(200, page([job, buildReferableJob({ id: '64d000000000000000000072', title: 'Data Analyst' })]));
    const audiences: unknown[] = [];
    http.onPost('/api/referral-campaigns/audience').reply((config) => {
      const audience = JSON.parse(config.data as string) as { kind: string };
      audiences.push(audience);
      return [200, { recipients: audience.kind === 'everyone' ? 40 : 7 }];
    });
    let created: unknown = null;
    http.onPost('/api/referral-campaigns').reply((config) => {
      created = JSON.parse(config.data as string);
      return [201, campaign({ status: 'queued', sent: 0, recipients: 7, referrals: 0 })];
    });
    let polls = 0;
    http.onGet('/api/referral-campaigns/64f000000000000000000091').reply(() => {
      polls += 1;
      return [200, polls === 1 ? campaign({ status: 'sending', sent: 3, recipients: 7 }) : campaign({ status: 'sent', sent: 7, recipients: 7 })];
    });

    renderWithProviders(null, { route: '/referral-campaign' });
    const user = userEvent.setup();
    expect(await screen.findByText(/No campaigns yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const form = await screen.findByRole('form', { name: 'New campaign' });
    expect(await within(form).findByText('This campaign reaches 40 employees.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send campaign' }));
    expect(await within(form).findByText('Pick at least one open job')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: /Open jobs to promote/ })).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveAccessibleDescription(/required/i);
    expect(created).toBeNull();

    await user.click(within(form).getByRole('combobox', { name: /Open jobs to promote/ }));
    await user.click(await screen.findByRole('option', { name: 'Backend Engineer', hidden: true }));
    await user.click(within(form).getByRole('radio', { name: 'Some departments, locations or business units' }));
    expect(await within(form).findByText('Pick at least one department, location or business unit.')).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Departments' }));
    await user.click(await screen.findByRole('option', { name: 'Engineering', hidden: true }));
    expect(await within(form).findByText('This campaign reaches 7 employees.')).toBeInTheDocument();
    expect(audiences.at(-1)).toEqual({ kind: 'filtered', departmentIds: [engineering.id], locationIds: [], businessUnitIds: [] });

    await user.type(within(form).getByRole('textbox', { name: /Subject/ }), 'We are hiring engineers');
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Know someone?');
    await user.click(within(form).getByRole('button', { name: 'Send campaign' }));

    await waitFor(() => expect(created).toEqual({ subject: 'We are hiring engineers', message: 'Know someone?', jobIds: [job.id], audience: { kind: 'filtered', departmentIds: [engineering.id], locationIds: [], businessUnitIds: [] } }));
    const section = screen.getByRole('region', { name: 'New campaign' });
    expect(await within(section).findByText('Sent to 7 employees.')).toBeInTheDocument();
    expect(polls).toBeGreaterThanOrEqual(2);
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New campaign' })).toBeNull();
  });

  it('tells an employee who does not run campaigns that they are not available, without asking the API', async () => {
    signIn({ role: 'employee' });
    renderWithProviders(null, { route: '/referral-campaign' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Referral campaigns' })).toBeInTheDocument();
    expect(screen.getByText(/Referral campaigns are run by recruiters and admins/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Campaigns' })).toBeNull();
    expect(http.history.get?.filter((r) => r.url?.startsWith('/api/referral')) ?? []).toHaveLength(0);
  });
});
