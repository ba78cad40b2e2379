import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfferMessages } from '@hireflow/contracts/offers';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';
import { ApplicationOffers } from './application-offers';
import { applicationId, buildOffer, buildOfferOptions, offerId } from '../test-offers';

const http = mockHttp();
const offersUrl = `/api/applications/${applicationId}/offers`;
const optionsUrl = `/api/applications/${applicationId}/offer-options`;

const render = () => renderWithProviders(<ApplicationOffers applicationId={applicationId} candidateName="Ada Lovelace" />);
const offerItem = async () => within(await screen.findByRole('region', { name: 'Offers' })).findByRole('listitem', { name: /^Offer: / });

beforeEach(() => {
  signIn({ role: 'recruiter' });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:offer-letter'), revokeObjectURL: vi.fn() });
});

describe('ApplicationOffers', () => {
  it('shows the offer’s exact pay, its status and dates, and the reason no other offer can be made', async () => {
    http.onGet(offersUrl).reply(200, { items: [buildOffer({ status: 'approved', approval: { ...buildOffer().approval, status: 'approved', round: 1 } })] });
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: OfferMessages.openOfferExists }));
    render();
    const item = await offerItem();
    expect(within(item).getByText('Approved')).toBeInTheDocument();
    expect(item).toHaveTextContent('EUR 85,000.50 a year');
    expect(item).toHaveTextContent('BonusEUR 5,000');
    expect(item).toHaveTextContent('Start date1 Mar 2099');
    expect(item).toHaveTextContent('Answer by10 Feb 2099');
    expect(item).toHaveTextContent('Reports toHank Manager');
    expect(within(item).getByRole('link', { name: 'Approval history' })).toHaveAttribute('href', `/offer-approval/${offerId}`);
    expect(await screen.findByText(OfferMessages.openOfferExists)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });

  it('shows nothing to someone who may not see offers (pay is confidential)', async () => {
    let asked = false;
    http.onGet(offersUrl).reply(() => {
      asked = true;
      return [403, { code: 'forbidden', message: 'You may not see this.' }];
    });
    http.onGet(optionsUrl).reply(403, { code: 'forbidden', message: 'You may not see this.' });
    const { container } = render();
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('You may not see this.')).toBeNull();
  });

  it('links a pending offer to its approval page and submits a draft for approval', async () => {
    let submitted = false;
    http.onGet(offersUrl).reply(() => [200, { items: [submitted ? buildOffer({ status: 'pending_approval' }) : buildOffer({ can: { edit: true, submit: true, send: false, revoke: true, recordOutcome: false } })] }]);
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: OfferMessages.openOfferExists }));
    http.onPost(`/api/offers/${offerId}/submit`).reply(() => {
      submitted = true;
      return [200, buildOffer({ status: 'pending_approval' })];
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await offerItem()).getByRole('button', { name: 'Submit for approval' }));
    const item = await offerItem();
    expect(await within(item).findByText('Pending approval')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Open approval' })).toHaveAttribute('href', `/offer-approval/${offerId}`);
  });

  it('revokes only with a reason, and shows the offer revoked with it', async () => {
    let revoked = false;
    http.onGet(offersUrl).reply(() => [200, { items: [revoked ? buildOffer({ status: 'revoked', revokeReason: 'The role was cancelled' }) : buildOffer({ status: 'sent', sentAt: '2026-03-02T10:00:00.000Z', can: { edit: false, submit: false, send: false, revoke: true, recordOutcome: false } })] }]);
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: OfferMessages.openOfferExists }));
    const bodies: unknown[] = [];
    http.onPost(`/api/offers/${offerId}/revoke`).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      revoked = true;
      return [200, buildOffer({ status: 'revoked', revokeReason: 'The role was cancelled' })];
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await offerItem()).getByRole('button', { name: 'Revoke…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the offer to Ada Lovelace' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke offer' }));
    expect(await within(dialog).findByText('Give a reason: the candidate is told why.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'The role was cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ reason: 'The role was cancelled' }]);
    const item = await offerItem();
    expect(await within(item).findByText('Revoked')).toBeInTheDocument();
    expect(item).toHaveTextContent('Revoke reasonThe role was cancelled');
  });

  it('shows the letter before sending, then sends it (the API answers 204) and shows the offer sent', async () => {
    let sent = false;
    http.onGet(offersUrl).reply(() => [200, { items: [sent ? buildOffer({ status: 'sent', sentAt: '2026-03-02T10:00:00.000Z' }) : buildOffer({ status: 'approved', can: { edit: true, submit: false, send: true, revoke: true, recordOutcome: false } })] }]);
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: OfferMessages.openOfferExists }));
    http.onGet(`/api/offers/${offerId}/letter.pdf`).reply(200, new Blob(['%PDF-1.7 letter'], { type: 'application/pdf' }));
    let sends = 0;
    http.onPost(`/api/offers/${offerId}/send`).reply(() => {
      sends += 1;
      sent = true;
      return [204];
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await offerItem()).getByRole('button', { name: 'Send to candidate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the offer to Ada Lovelace' });
    expect(dialog).toHaveTextContent('gets a link to read and accept it');
    expect(await within(dialog).findByTitle('Offer letter preview')).toHaveAttribute('src', 'blob:offer-letter');
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(sends).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sends).toBe(1);
    // The status badge follows the title.
    await waitFor(async () => expect(await offerItem()).toHaveTextContent(/^Senior Backend EngineerSent/));
    expect(await offerItem()).toHaveTextContent('Sent2 Mar 2026');
  });

  it('records joined or no-show only once the start date has come', async () => {
    const accepted = { status: 'accepted' as const, sentAt: '2026-03-02T10:00:00.000Z', decidedAt: '2026-03-03T10:00:00.000Z', acceptance: { typedName: 'Ada Lovelace', at: '2026-03-03T10:00:00.000Z', ip: '203.0.113.9', userAgent: 'Firefox' }, can: { edit: false, submit: false, send: false, revoke: false, recordOutcome: true } };
    let startDate = '2099-03-01';
    let outcome: unknown = null;
    http.onGet(offersUrl).reply(() => [200, { items: [outcome ? buildOffer({ ...accepted, startDate, status: 'joined' }) : buildOffer({ ...accepted, startDate })] }]);
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: OfferMessages.openOfferExists }));
    http.onPost(`/api/offers/${offerId}/outcome`).reply((config) => {
      outcome = JSON.parse(config.data as string);
      return [200, buildOffer({ ...accepted, status: 'joined' })];
    });
    const first = render();
    let item = await offerItem();
    expect(item).toHaveTextContent('Signed “Ada Lovelace” on 3 Mar 2026');
    expect(within(item).getByRole('button', { name: 'Download signed copy' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Record joined' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Record no-show' })).toBeNull();
    expect(item).toHaveTextContent('can be recorded from the start date, 1 Mar 2099');
    first.unmount();

    startDate = '2026-01-05';
    render();
    const user = userEvent.setup();
    item = await offerItem();
    expect(within(item).getByRole('button', { name: 'Record no-show' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Record joined' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace joined' });
    await user.click(within(dialog).getByRole('button', { name: 'Record joined' }));
    await waitFor(() => expect(outcome).toEqual({ outcome: 'joined', note: '' }));
    expect(await within(await offerItem()).findByText('Joined')).toBeInTheDocument();
  });

  it('reloads when an offer of this application changes elsewhere', async () => {
    let calls = 0;
    http.onGet(offersUrl).reply(() => {
      calls += 1;
      return [200, { items: [buildOffer({ status: calls === 1 ? 'sent' : 'accepted' })] }];
    });
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: OfferMessages.openOfferExists }));
    render();
    expect(await within(await offerItem()).findByText('Sent')).toBeInTheDocument();
    emitLiveEvent({ id: 'e1', kind: 'offer.changed', at: '2026-03-03T10:00:00.000Z', jobId: 'j', applicationId, candidateId: 'c', byUserId: null, data: { offerId, change: 'accepted' } });
    expect(await within(await offerItem()).findByText('Accepted')).toBeInTheDocument();
  });
});
