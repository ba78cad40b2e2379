import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOffer } from '@hireflow/contracts/offers';
import type { TApprovalChainState } from '@hireflow/contracts/approvals';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';

const http = mockHttp();
const rita = { id: '64b000000000000000000911', name: 'Rita Recruiter', email: 'rita@acme.test' };
const ann = { id: '64b000000000000000000912', name: 'Ann Approver', email: 'ann@acme.test' };
const bob = { id: '64b000000000000000000913', name: 'Bob Boss', email: 'bob@acme.test' };
const offerId = '64f000000000000000000021';
const url = `/api/offers/${offerId}`;

const chain: TApprovalChainState = {
  status: 'pending',
  round: 1,
  steps: [
    { order: 1, approver: ann, state: 'current', comment: '', decidedAt: null },
    { order: 2, approver: bob, state: 'waiting', comment: '', decidedAt: null },
  ],
  history: [{ round: 1, action: 'submitted', by: rita, comment: '', at: '2026-11-20T09:00:00.000Z' }],
  canDecide: false,
  canWithdraw: false,
  canReassign: false,
};

function buildOffer(overrides: Partial<TOffer> = {}, approval: Partial<TApprovalChainState> = {}): TOffer {
  return {
    id: offerId,
    applicationId: '64a000000000000000000031',
    candidate: { id: '64c000000000000000000041', name: 'Jane Doe', email: 'jane@example.test' },
    job: { id: '64d000000000000000000051', name: 'Backend Engineer (Berlin)' },
    status: 'pending_approval',
    jobTitle: 'Senior Backend Engineer',
    startDate: '2027-01-04',
    expiryDate: '2026-12-01',
    compensation: { currency: 'EUR', baseAmount: '85000.50', period: 'year', bonusAmount: '10000', equity: '1,000 options over 4 years', otherTerms: '30 days of holiday' },
    template: { id: '64e000000000000000000061', name: 'Standard offer' },
    manager: bob,
    customFields: { relocation: 'Paid up to EUR 5,000' },
    customFieldLabels: { relocation: 'Relocation support' },
    note: 'Matches the top of the band',
    createdBy: rita,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    sentAt: null,
    decidedAt: null,
    declineReason: '',
    revokeReason: '',
    acceptance: null,
    approval: { ...chain, ...approval },
    events: [],
    can: { edit: false, submit: false, send: false, revoke: false, recordOutcome: false },
    ...overrides,
  };
}

const pdf = () => new Blob(['%PDF-1.4 letter'], { type: 'application/pdf' });

// jsdom has no object URLs: the preview's blob gets a stand-in address.
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:offer-letter');
  URL.revokeObjectURL = vi.fn();
});

async function openPage() {
  renderWithProviders(null, { route: `/offer-approval/${offerId}` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Offer for Jane Doe' })).toBeInTheDocument();
  return userEvent.setup();
}

describe('/offer-approval/:offerId', () => {
  it('shows the offer with its pay exactly as given, the letter, the chain and the history', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(200, buildOffer());
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    await openPage();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Pending approval')).toBeInTheDocument();

    const offer = screen.getByRole('region', { name: 'Offer' });
    const row = (label: string) => within(offer).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Base salary')).toHaveTextContent('EUR 85,000.50 a year');
    expect(row('Bonus')).toHaveTextContent('EUR 10,000');
    expect(row('Equity')).toHaveTextContent('1,000 options over 4 years');
    expect(row('Other terms')).toHaveTextContent('30 days of holiday');
    expect(row('Start date')).toHaveTextContent('4 Jan 2027');
    expect(row('Answer by')).toHaveTextContent('1 Dec 2026');
    expect(row('Manager')).toHaveTextContent('Bob Boss');
    expect(row('Relocation support')).toHaveTextContent('Paid up to EUR 5,000');
    expect(within(offer).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/application/64a000000000000000000031');
    expect(within(offer).getByRole('link', { name: 'Backend Engineer (Berlin)' })).toHaveAttribute('href', '/job/64d000000000000000000051');
    expect(within(offer).getByText('Matches the top of the band')).toBeInTheDocument();

    const letter = screen.getByRole('region', { name: 'Letter' });
    expect(await within(letter).findByTitle('Offer letter preview')).toHaveAttribute('src', 'blob:offer-letter');
    expect(within(letter).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();

    const steps = screen.getByRole('region', { name: 'Approval chain' });
    expect(within(steps).getByText('1. Ann Approver').parentElement).toHaveTextContent('Deciding now');
    expect(within(steps).getByText('2. Bob Boss').parentElement).toHaveTextContent('Waiting');
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Submitted by Rita Recruiter')).toBeInTheDocument();
    // Not the current approver, not the requester, not an admin: nothing to decide or change.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reassign approver' })).not.toBeInTheDocument();
  });

  it('refuses a rejection without a comment, and sends an approval', async () => {
    signIn({ role: 'recruiter' });
    let current = buildOffer({}, { canDecide: true });
    http.onGet(url).reply(() => [200, current]);
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    const sent: unknown[] = [];
    http.onPost(`/api/approvals/offer/${offerId}/decision`).reply((config) => {
      sent.push(JSON.parse(config.data as string));
      current = buildOffer({}, { steps: [{ ...chain.steps[0]!, state: 'approved' }, { ...chain.steps[1]!, state: 'current' }], history: [...chain.history, { round: 1, action: 'approved', by: ann, comment: '', at: '2026-11-21T09:00:00.000Z' }] });
      return [204];
    });
    const user = await openPage();
    const form = screen.getByRole('region', { name: 'Your decision' });
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await within(form).findByText('Tell the requester why you reject it')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toEqual([{ decision: 'approve', comment: '' }]));
    expect(await screen.findByText('Approved by Ann Approver')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your decision' })).not.toBeInTheDocument());
    expect(screen.getByText('2. Bob Boss').parentElement).toHaveTextContent('Deciding now');
  });

  it('sends a rejection with its reason and shows a refusal from the API', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(200, buildOffer({}, { canDecide: true }));
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    const sent: unknown[] = [];
    http.onPost(`/api/approvals/offer/${offerId}/decision`).reply((config) => {
      sent.push(JSON.parse(config.data as string));
      return [409, { code: 'conflict', message: 'Someone else decided on this offer first.' }];
    });
    const user = await openPage();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Above the band');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(sent).toEqual([{ decision: 'reject', comment: 'Above the band' }]));
    expect(await screen.findByText('Someone else decided on this offer first.')).toBeInTheDocument();
  });

  it('lets the requester withdraw it, and only the requester', async () => {
    signIn({ role: 'recruiter' });
    let current = buildOffer({}, { canWithdraw: true });
    http.onGet(url).reply(() => [200, current]);
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    let sent: unknown = null;
    http.onPost(`/api/approvals/offer/${offerId}/withdraw`).reply((config) => {
      sent = JSON.parse(config.data as string);
      current = buildOffer({ status: 'draft' }, { status: 'withdrawn', steps: [], history: [...chain.history, { round: 1, action: 'withdrawn', by: rita, comment: 'Pay changes', at: '2026-11-21T09:00:00.000Z' }] });
      return [204];
    });
    const user = await openPage();
    expect(screen.queryByRole('button', { name: 'Reassign approver' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this offer?' });
    expect(within(dialog).getByText(/Ann Approver no longer needs to decide on it/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Pay changes');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw offer' }));
    await waitFor(() => expect(sent).toEqual({ comment: 'Pay changes' }));
    expect(await screen.findByText('Withdrawn by Rita Recruiter')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('lets an admin reassign the current step, and no one else', async () => {
    signIn({ role: 'recruiter', admin: true });
    http.onGet(url).reply(200, buildOffer({}, { canReassign: true }));
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    const user = await openPage();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reassign approver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign the current approval step' });
    expect(within(dialog).getByText(/Ann Approver is deciding now/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('Choose who decides instead')).toBeInTheDocument();
  });

  it("says so when the letter cannot be rendered", async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(200, buildOffer());
    http.onGet(`${url}/letter.pdf`).reply(422, { code: 'unprocessable', message: 'The letter template is missing.' });
    await openPage();
    const letter = screen.getByRole('region', { name: 'Letter' });
    expect(await within(letter).findByText('The letter template is missing.')).toBeInTheDocument();
    expect(within(letter).queryByTitle('Offer letter preview')).not.toBeInTheDocument();
  });

  it('shows why an approver returned it', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(
      200,
      buildOffer(
        { status: 'draft' },
        { status: 'rejected', steps: [{ ...chain.steps[0]!, state: 'rejected', comment: 'Above the band' }, chain.steps[1]!], history: [...chain.history, { round: 1, action: 'rejected', by: ann, comment: 'Above the band', at: '2026-11-21T09:00:00.000Z' }] },
      ),
    );
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    await openPage();
    expect(screen.getByText('Ann Approver returned it: “Above the band”. The offer can be changed and submitted again.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Approval chain' })).getByText('1. Ann Approver').parentElement).toHaveTextContent('Rejected');
  });

  it('shows the not-found page for an offer one may not see', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(url).reply(404, { code: 'not_found', message: 'Offer not found' });
    renderWithProviders(null, { route: `/offer-approval/${offerId}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('reloads when the offer changes elsewhere', async () => {
    signIn({ role: 'recruiter' });
    let current = buildOffer();
    http.onGet(url).reply(() => [200, current]);
    http.onGet(`${url}/letter.pdf`).reply(200, pdf());
    await openPage();
    current = buildOffer({ status: 'approved', updatedAt: '2026-11-22T09:00:00.000Z' }, { status: 'approved', steps: chain.steps.map((s) => ({ ...s, state: 'approved' as const })) });
    act(() =>
      emitLiveEvent({ id: 'e1', kind: 'offer.changed', at: '2026-11-22T09:00:00.000Z', jobId: null, applicationId: null, candidateId: null, byUserId: bob.id, data: { offerId, change: 'approved' } }),
    );
    expect(await screen.findByText('The offer is approved. The recruiter can send it to the candidate now.')).toBeInTheDocument();
    expect(screen.getByText('2. Bob Boss').parentElement).toHaveTextContent('Approved');
  });
});
