import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReferralRewardApi, RewardMessages, type TReward, type TRewardList } from '@hireflow/contracts/referral-rewards';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const emma = { id: '64b0000000000000000000e1', name: 'Emma Employee', email: 'emma@acme.test' };
const paul = { id: '64b0000000000000000000e2', name: 'Paul Peer', email: 'paul@acme.test' };
const ada = { id: '64b0000000000000000000a1', name: 'Ada Admin', email: 'ada@acme.test' };

let counter = 0;
function buildReward(overrides: Partial<TReward> = {}): TReward {
  counter += 1;
  return {
    id: `64f0000000000000000000${String(counter).padStart(2, '0')}`,
    referralId: `64e0000000000000000000${String(counter).padStart(2, '0')}`,
    referrer: emma,
    candidateName: 'Jane Doe',
    job: { id: '64d000000000000000000051', name: 'Backend Engineer' },
    amount: '1500.00',
    currency: 'EUR',
    display: 'EUR 1,500.00',
    status: 'payable',
    hiredAt: '2026-07-01T09:00:00.000Z',
    startDate: '2026-08-01',
    payableOn: '2026-10-30',
    approvedAt: null,
    approvedBy: null,
    paidAt: null,
    paidBy: null,
    forfeitedAt: null,
    forfeitedBy: null,
    forfeitReason: '',
    can: { approve: false, pay: false, forfeit: false },
    ...overrides,
  };
}

const list = (items: TReward[], totals: TRewardList['totals'] = {}, extra: Partial<TRewardList> = {}): TRewardList => ({ items, total: items.length, page: 1, pageSize: 25, totals, ...extra });

beforeEach(() => {
  http.onGet('/api/user-accessmatrix').reply(200, { rights: [] });
  URL.createObjectURL = vi.fn(() => 'blob:rewards');
  URL.revokeObjectURL = vi.fn();
});

async function openPage(route = '/referral-rewards') {
  const view = renderWithProviders(null, { route });
  expect(await screen.findByRole('heading', { level: 1, name: 'Referral rewards' })).toBeInTheDocument();
  return { ...view, user: userEvent.setup() };
}

describe('/referral-rewards as an employee', () => {
  it('shows their own rewards with status and when they become payable, and no admin actions', async () => {
    signIn({ role: 'employee', admin: false });
    const pending = buildReward({ status: 'pending', candidateName: 'Jane Doe', payableOn: '2026-12-30' });
    const paid = buildReward({ status: 'paid', candidateName: 'Max Mustermann', paidAt: '2026-11-02T10:00:00.000Z', paidBy: ada });
    http.onGet(ReferralRewardApi.rewards).reply(200, list([pending, paid], { pending: ['EUR 1,500.00'], paid: ['EUR 1,500.00'] }));
    await openPage();
    expect(screen.getByRole('tab', { name: 'Rewards', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rewards' });
    const row = (name: string) => within(table).getByRole('cell', { name }).closest('tr')!;
    expect(row('Jane Doe')).toHaveTextContent('Pending (waiting period)');
    expect(row('Jane Doe')).toHaveTextContent('Payable from 30 Dec 2026');
    expect(row('Max Mustermann')).toHaveTextContent('Paid 2 Nov 2026 by Ada Admin');
    expect(within(table).queryByRole('columnheader', { name: 'Referrer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Mark paid|Forfeit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Totals by status' })).getByText('Paid').closest('li')).toHaveTextContent('EUR 1,500.00');
  });

  it('shows each reward as a card on a phone, readable without scrolling sideways', async () => {
    signIn({ role: 'employee', admin: false });
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      http.onGet(ReferralRewardApi.rewards).reply(200, list([buildReward({ status: 'approved', approvedAt: '2026-11-20T10:00:00.000Z', approvedBy: ada })]));
      await openPage();
      const cards = await screen.findByRole('list', { name: 'Rewards' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const card = within(cards).getByRole('listitem');
      expect(card).toHaveTextContent('Jane Doe');
      expect(card).toHaveTextContent('EUR 1,500.00');
      expect(card).toHaveTextContent('Approved 20 Nov 2026 by Ada Admin');
      expect(card).not.toHaveTextContent('Referred by');
    } finally {
      window.matchMedia = original;
    }
  });

  it('says what to do when there is no reward yet', async () => {
    signIn({ role: 'employee', admin: false });
    http.onGet(ReferralRewardApi.rewards).reply(200, list([]));
    await openPage();
    expect(await screen.findByText(/When someone you referred is hired, the reward appears here/)).toBeInTheDocument();
  });
});

describe('/referral-rewards as an admin', () => {
  it('filters by status in the URL, shows totals and pages', async () => {
    signIn({ role: 'recruiter', admin: true });
    const asked: unknown[] = [];
    http.onGet(ReferralRewardApi.rewards).reply((config) => {
      asked.push(config.params);
      if (config.params.status === 'approved') return [200, list([buildReward({ status: 'approved', referrer: paul, candidateName: 'Ola Nordmann' })], { approved: ['EUR 1,500.00'] })];
      return [200, list([buildReward({ status: 'payable' })], { payable: ['EUR 3,000.00', 'USD 500.00'], paid: ['EUR 1,000.00'] }, { total: 60, pageSize: 25 })];
    });
    const { user, router } = await openPage();
    const table = await screen.findByRole('table', { name: 'Rewards' });
    expect(within(table).getByRole('columnheader', { name: 'Referrer' })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals by status' });
    expect(within(totals).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['PayableEUR 3,000.00', 'PayableUSD 500.00', 'PaidEUR 1,000.00']);
    expect(screen.getByText('60 rewards')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentPath(router)).toBe('/referral-rewards?page=2'));
    await waitFor(() => expect(asked).toContainEqual({ status: undefined, page: 2 }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(currentPath(router)).toBe('/referral-rewards?status=approved'));
    expect(await screen.findByRole('cell', { name: 'Ola Nordmann' })).toBeInTheDocument();
    expect(asked).toContainEqual({ status: 'approved', page: 1 });
  });

  it('opens with the status from the URL and says when nothing has it', async () => {
    signIn({ role: 'recruiter', admin: true });
    http.onGet(ReferralRewardApi.rewards, { params: { status: 'forfeited', page: 1 } }).reply(200, list([]));
    await openPage('/referral-rewards?status=forfeited');
    expect(await screen.findByText('No rewards are forfeited. Choose another status to see the others.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Forfeited');
  });

  it('approves and marks paid after a confirmation, then loads the list again', async () => {
    signIn({ role: 'recruiter', admin: true });
    let reward = buildReward({ status: 'payable', can: { approve: true, pay: false, forfeit: true } });
    http.onGet(ReferralRewardApi.rewards).reply(() => [200, list([reward])]);
    const posted: string[] = [];
    http.onPost(`/api/referral-rewards/${reward.id}/approve`).reply((config) => {
      posted.push(config.url!);
      reward = { ...reward, status: 'approved', approvedAt: '2026-11-20T10:00:00.000Z', approvedBy: ada, can: { approve: false, pay: true, forfeit: false } };
      return [200, reward];
    });
    http.onPost(`/api/referral-rewards/${reward.id}/pay`).reply(409, { code: 'conflict', message: RewardMessages.alreadyClosed });
    const { user } = await openPage();

    await user.click(await screen.findByRole('button', { name: 'Approve reward for Jane Doe (Emma Employee)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve reward' });
    expect(dialog).toHaveTextContent('Approve the reward of EUR 1,500.00 for referring Jane Doe (Backend Engineer) to Emma Employee?');
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Reward approved')).toBeInTheDocument();
    expect(posted).toEqual([`/api/referral-rewards/${reward.id}/approve`]);
    const table = screen.getByRole('table', { name: 'Rewards' });
    expect(await within(table).findByText('Approved')).toBeInTheDocument();
    expect(within(table).getByText('Approved 20 Nov 2026 by Ada Admin')).toBeInTheDocument();

    // Someone else closed it meanwhile: the refusal is shown in the dialog.
    await user.click(screen.getByRole('button', { name: 'Mark paid: reward for Jane Doe (Emma Employee)' }));
    const payDialog = await screen.findByRole('dialog', { name: 'Mark reward paid' });
    await user.click(within(payDialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(payDialog).findByRole('alert')).toHaveTextContent(RewardMessages.alreadyClosed);
  });

  it('forfeits only with a reason, and sends it', async () => {
    signIn({ role: 'recruiter', admin: true });
    const reward = buildReward({ status: 'pending', can: { approve: false, pay: false, forfeit: true } });
    http.onGet(ReferralRewardApi.rewards).reply(200, list([reward]));
    const bodies: unknown[] = [];
    http.onPost(`/api/referral-rewards/${reward.id}/forfeit`).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      return [200, { ...reward, status: 'forfeited', forfeitReason: 'Left in the second month', can: { approve: false, pay: false, forfeit: false } }];
    });
    const { user } = await openPage();
    expect(await screen.findByRole('button', { name: 'Forfeit reward for Jane Doe (Emma Employee)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve reward/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forfeit reward for Jane Doe (Emma Employee)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit reward' });
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await within(dialog).findByText('Say why the reward is forfeited')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   Left in the second month ');
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await screen.findByText('Reward forfeited')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Left in the second month' }]);
  });

  it('exports the list with the current filter to an Excel file', async () => {
    signIn({ role: 'recruiter', admin: true });
    http.onGet(ReferralRewardApi.rewards).reply(200, list([buildReward()]));
    const exported: unknown[] = [];
    http.onGet(ReferralRewardApi.export).reply((config) => {
      exported.push(config.params);
      return [200, new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })];
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openPage('/referral-rewards?status=payable');
    await user.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exported).toEqual([{ status: 'payable' }]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('referral-rewards-payable.xlsx');
    click.mockRestore();
  });

  it('shows why an export failed', async () => {
    signIn({ role: 'recruiter', admin: true });
    http.onGet(ReferralRewardApi.rewards).reply(200, list([buildReward()]));
    http.onGet(ReferralRewardApi.export).reply(403, { code: 'forbidden', message: RewardMessages.onlyAdmins });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RewardMessages.onlyAdmins);
  });
});
