import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRequisition } from '@hireflow/contracts/jobs';
import { renderWithProviders } from '@/test/render';
import { buildRequisition, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const hank = { id: '64b000000000000000000901', name: 'Hank Manager', email: 'hm@acme.test' };
const ann = { id: '64b000000000000000000902', name: 'Ann Approver', email: 'ann@acme.test' };
const rob = { id: '64b000000000000000000903', name: 'Rob Reviewer', email: 'rob@acme.test' };

const pending = buildRequisition({
  id: '64e000000000000000000007',
  jobId: '64d000000000000000000007',
  requester: hank,
  steps: [{ order: 1, approver: ann, state: 'current', comment: '', decidedAt: null }],
  history: [{ round: 1, action: 'submitted', by: hank, comment: '', at: '2026-11-01T10:00:00.000Z' }],
});
const url = `/api/vacancy-approvals/${pending.id}`;

async function openPage() {
  renderWithProviders(null, { route: `/vacancy-approval/${pending.id}` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Data Engineer' })).toBeInTheDocument();
  return userEvent.setup();
}

async function pickUser(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string, option: string) {
  await user.type(input, text);
  const listbox = () => document.getElementById(input.getAttribute('aria-controls') ?? '') ?? document.body;
  await waitFor(() => expect(within(listbox()).getByText(option)).toBeInTheDocument());
  await user.click(within(listbox()).getByText(option));
}

describe('/vacancy-approval/:vacancyId while it waits for approval', () => {
  it('offers neither Withdraw nor Reassign to someone who may not use them', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(200, pending);
    await openPage();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reassign approver' })).not.toBeInTheDocument();
  });

  it('lets the requester withdraw it after confirming, with an optional reason', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    let current: TRequisition = { ...pending, canWithdraw: true };
    http.onGet(url).reply(() => [200, current]);
    let sent: unknown = null;
    http.onPost(`/api/approvals/vacancy/${pending.id}/withdraw`).reply((config) => {
      sent = JSON.parse(config.data as string);
      current = {
        ...pending,
        status: 'draft',
        canEdit: true,
        steps: [{ ...pending.steps[0]!, state: 'waiting' }],
        history: [...pending.history, { round: 1, action: 'withdrawn', by: hank, comment: 'Taken back while step 1 (Ann Approver) was deciding: Wrong location', at: '2026-11-02T10:00:00.000Z' }],
      };
      return [200, current];
    });
    const user = await openPage();
    expect(screen.queryByRole('button', { name: 'Reassign approver' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw this requisition?' });
    expect(within(dialog).getByText(/Ann Approver no longer needs to decide on it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw this requisition?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Wrong location');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw requisition' }));
    await waitFor(() => expect(sent).toEqual({ comment: 'Wrong location' }));
    expect(await screen.findByText('Withdrawn by Hank Manager')).toBeInTheDocument();
    expect(screen.getByText('“Taken back while step 1 (Ann Approver) was deciding: Wrong location”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeInTheDocument();
  });

  it('lets an admin reassign the current step to a user picked by name, and shows a refusal', async () => {
    signIn({ role: 'recruiter', admin: true });
    let current: TRequisition = { ...pending, canReassign: true };
    http.onGet(url).reply(() => [200, current]);
    http.onGet(/\/api\/searchusers\/.+/).reply(200, {
      users: [
        { id: hank.id, fullName: hank.name, email: hank.email, role: 'employee', addlRoles: ['HM'] },
        { id: rob.id, fullName: rob.name, email: rob.email, role: 'recruiter', addlRoles: [] },
      ],
    });
    const sent: unknown[] = [];
    http.onPost(`/api/approvals/vacancy/${pending.id}/reassign`).reply((config) => {
      const body = JSON.parse(config.data as string) as { approverId: string };
      sent.push(body);
      if (body.approverId === hank.id) return [400, { code: 'bad_request', message: 'approverId: Hank Manager asked for this requisition, and nobody approves their own request' }];
      current = {
        ...current,
        steps: [{ ...pending.steps[0]!, approver: rob }],
        history: [...pending.history, { round: 1, action: 'reassigned', by: { id: 'x', name: 'Ada Admin', email: 'a@acme.test' }, comment: 'Step 1 moved from Ann Approver to Rob Reviewer: Ann left', at: '2026-11-02T10:00:00.000Z' }],
      };
      return [200, current];
    });
    const user = await openPage();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reassign approver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign the current approval step' });
    expect(within(dialog).getByText(/Ann Approver is deciding now/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('Choose who decides instead')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const picker = within(dialog).getByRole('combobox', { name: 'New approver' });
    await pickUser(user, picker, 'Hank', 'Hank Manager (hm@acme.test)');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('approverId: Hank Manager asked for this requisition, and nobody approves their own request')).toBeInTheDocument();

    await user.clear(picker);
    await pickUser(user, picker, 'Rob', 'Rob Reviewer (rob@acme.test)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Ann left');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ approverId: rob.id, comment: 'Ann left' }));
    expect(await screen.findByText('Approver reassigned by Ada Admin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1. Rob Reviewer')).toBeInTheDocument();
  });
});
