import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { DefaultReferralSettings, ReferralRewardApi, type TReferralSettings } from '@hireflow/contracts/referral-rewards';
import { renderWithProviders } from '@/test/render';
import { buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/referral-settings';
const engineering = { id: '64a0000000000000000000d1', name: 'Engineering' };
const sales = { id: '64a0000000000000000000d2', name: 'Sales' };
const platformJob = { id: '64d000000000000000000051', name: 'Platform Engineer' };

function buildSettings(overrides: Partial<TReferralSettings> = {}): TReferralSettings {
  return { ...DefaultReferralSettings, overrides: [], updatedAt: null, updatedBy: null, canEdit: true, ...overrides };
}

function mockPage(settings: TReferralSettings) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
  http.onGet('/api/org/departments/options').reply(200, { options: [engineering, sales] });
  http.onGet('/api/jobs').reply(200, { items: [buildJobSummary({ id: platformJob.id, title: platformJob.name })], total: 1, page: 1, pageSize: 100 });
  http.onGet(ReferralRewardApi.settings).reply(200, settings);
}

async function openPage() {
  renderWithProviders(null, { route });
  expect(await screen.findByRole('heading', { level: 1, name: 'Referral settings' })).toBeInTheDocument();
  await screen.findByRole('button', { name: 'Save referral settings' });
  return userEvent.setup();
}

describe(route, () => {
  it('explains each rule, refuses bad amounts and days, and saves amounts as decimal strings', async () => {
    mockPage(buildSettings());
    const sent: unknown[] = [];
    http.onPut(ReferralRewardApi.settings).reply((config) => {
      const body = JSON.parse(config.data as string);
      sent.push(body);
      return [200, buildSettings({ ...body, overrides: [{ department: engineering, job: null, reward: body.overrides[0].reward }], updatedAt: '2026-11-24T10:00:00.000Z' })];
    });
    const user = await openPage();
    expect(screen.getByText(/first referral keeps the credit for this many days/)).toBeInTheDocument();
    expect(screen.getByText(/earn no reward for referring to their own job/)).toBeInTheDocument();
    expect(screen.getByText(/No reward by default/)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Referrals earn a reward by default' }));
    await user.type(screen.getByRole('textbox', { name: 'Default reward amount' }), '1500.005');
    await user.click(screen.getByRole('button', { name: 'Add department or job reward' }));
    const row = screen.getByRole('listitem', { name: 'Override 1' });
    const days = screen.getByRole('textbox', { name: /Payable after/ });
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save referral settings' }));

    expect(await screen.findByText('Has more decimals than EUR allows (2)')).toBeInTheDocument();
    expect(within(row).getByText('Choose either a department or a job')).toBeInTheDocument();
    expect(screen.getByText('Enter whole days from 0 to 730')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const amount = screen.getByRole('textbox', { name: 'Default reward amount' });
    await user.clear(amount);
    await user.type(amount, '1500.50');
    await user.click(within(row).getByRole('combobox', { name: 'Override 1 department' }));
    await user.click(await screen.findByRole('option', { name: 'Engineering', hidden: true }));
    await user.type(within(row).getByRole('textbox', { name: 'Override 1 amount' }), '2000');
    await user.clear(days);
    await user.type(days, '60');
    await user.click(screen.getByRole('checkbox', { name: /Exclude recruiters/ }));
    await user.click(screen.getByRole('button', { name: 'Save referral settings' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      defaultReward: { currency: 'EUR', amount: '1500.50' },
      overrides: [{ departmentId: engineering.id, jobId: null, reward: { currency: 'EUR', amount: '2000' } }],
      payableAfterDays: 60,
      excludeHiringTeam: true,
      excludeRecruiters: false,
      creditWindowDays: 180,
      rewardKnownCandidates: false,
    });
    expect(await screen.findByText(/Last changed 24 Nov 2026/)).toBeInTheDocument();
  });

  it('removes an override, picks a job for another, and shows a refusal of the server', async () => {
    mockPage(buildSettings({ defaultReward: { currency: 'USD', amount: '1000.00' }, overrides: [{ department: sales, job: null, reward: { currency: 'USD', amount: '500.00' } }] }));
    const sent: unknown[] = [];
    http.onPut(ReferralRewardApi.settings).reply((config) => {
      sent.push(JSON.parse(config.data as string));
      return [400, { code: 'validation_error', message: 'overrides.0.jobId: the job is not one of the company' }];
    });
    const user = await openPage();
    expect(screen.getByRole('combobox', { name: 'Override 1 department' })).toHaveValue('Sales');
    await user.click(screen.getByRole('button', { name: 'Add department or job reward' }));
    const second = screen.getByRole('listitem', { name: 'Override 2' });
    expect(within(second).getByRole('textbox', { name: 'Override 2 currency' })).toHaveValue('USD');
    await user.click(within(second).getByRole('radio', { name: 'Job' }));
    await user.click(within(second).getByRole('combobox', { name: 'Override 2 job' }));
    await user.click(await screen.findByRole('option', { name: 'Platform Engineer', hidden: true }));
    await user.type(within(second).getByRole('textbox', { name: 'Override 2 amount' }), '750');
    await user.click(screen.getByRole('button', { name: 'Remove override 1' }));
    await user.click(screen.getByRole('button', { name: 'Save referral settings' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { overrides: unknown }).overrides).toEqual([{ departmentId: null, jobId: platformJob.id, reward: { currency: 'USD', amount: '750' } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('overrides.0.jobId: the job is not one of the company');
  });

  it('shows the rules read-only to someone who may not change them', async () => {
    mockPage(
      buildSettings({
        canEdit: false,
        defaultReward: { currency: 'EUR', amount: '1500.00' },
        overrides: [{ department: null, job: platformJob, reward: { currency: 'EUR', amount: '3000.00' } }],
        updatedAt: '2026-11-20T10:00:00.000Z',
        updatedBy: { id: 'u1', name: 'Ada Admin', email: 'ada@acme.test' },
      }),
    );
    renderWithProviders(null, { route });
    const rules = await screen.findByRole('region', { name: 'Referral rules' });
    const row = (label: string) => within(rules).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Default reward')).toHaveTextContent('EUR 1,500.00');
    expect(row('Payable after')).toHaveTextContent('90 days after the start date');
    expect(row('Recruiters excluded')).toHaveTextContent('Yes');
    expect(within(rules).getByText('Job Platform Engineer: EUR 3,000.00')).toBeInTheDocument();
    expect(screen.getByText('Last changed 20 Nov 2026 by Ada Admin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save referral settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
