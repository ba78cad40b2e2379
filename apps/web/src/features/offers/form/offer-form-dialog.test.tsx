import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { ApplicationOffers } from '../panel/application-offers';
import { applicationId, buildOffer, buildOfferOptions, offerId } from '../test-offers';

const http = mockHttp();
const offersUrl = `/api/applications/${applicationId}/offers`;
const optionsUrl = `/api/applications/${applicationId}/offer-options`;

const render = () => renderWithProviders(<ApplicationOffers applicationId={applicationId} candidateName="Ada Lovelace" />);

async function openNewOfferForm() {
  const user = userEvent.setup();
  render();
  await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make an offer to Ada Lovelace' });
  await within(dialog).findByLabelText(/^Job title/);
  return { user, dialog };
}

beforeEach(() => signIn({ role: 'recruiter' }));

describe('the offer form', () => {
  it('sends the base amount exactly as typed, shows the server’s field error at its field, then saves', async () => {
    http.onGet(offersUrl).reply(200, { items: [] });
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ customFields: [{ key: 'relocation', label: 'Relocation package', type: 'yesno', required: false, options: [] }] }));
    const bodies: Record<string, unknown>[] = [];
    http.onPost(offersUrl).reply((config) => {
      bodies.push(JSON.parse(config.data as string) as Record<string, unknown>);
      if (bodies.length === 1) {
        return [400, { code: 'bad_request', message: 'compensation.baseAmount: is too large', details: [{ path: 'compensation.baseAmount', message: 'is too large' }] }];
      }
      return [201, buildOffer()];
    });
    const { user, dialog } = await openNewOfferForm();
    // Defaults from the options: the job's title and the salary band's currency.
    expect(within(dialog).getByLabelText(/^Job title/)).toHaveValue('Backend Engineer');
    expect(within(dialog).getByLabelText(/^Currency/)).toHaveValue('EUR');
    await user.type(within(dialog).getByLabelText(/^Start date/), '2099-03-01');
    await user.type(within(dialog).getByLabelText(/^Base amount/), '85000.50');
    await user.type(within(dialog).getByLabelText(/^Bonus/), '5000.05');
    await user.click(within(dialog).getByLabelText('Relocation package'));
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));

    expect(await within(dialog).findByText('is too large')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Base amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies[0]).toMatchObject({
      jobTitle: 'Backend Engineer',
      startDate: '2099-03-01',
      compensation: { currency: 'EUR', baseAmount: '85000.50', period: 'year', bonusAmount: '5000.05', equity: '', otherTerms: '' },
      templateId: null,
      managerId: '64b0000000000000000000f2',
      customFields: { relocation: true },
      submit: false,
    });
    expect(typeof (bodies[0]!.compensation as { baseAmount: unknown }).baseAmount).toBe('string');

    await user.click(within(dialog).getByRole('button', { name: 'Save and submit for approval' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies[1]).toMatchObject({ compensation: { baseAmount: '85000.50' }, submit: true });
  });

  it('refuses more decimals than the currency has, before asking the server', async () => {
    http.onGet(offersUrl).reply(200, { items: [] });
    http.onGet(optionsUrl).reply(200, buildOfferOptions());
    let posts = 0;
    http.onPost(offersUrl).reply(() => {
      posts += 1;
      return [201, buildOffer()];
    });
    const { user, dialog } = await openNewOfferForm();
    await user.type(within(dialog).getByLabelText(/^Start date/), '2099-03-01');
    await user.type(within(dialog).getByLabelText(/^Base amount/), '85000.505');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('EUR allows at most 2 decimals')).toBeInTheDocument();

    const currency = within(dialog).getByLabelText(/^Currency/);
    await user.clear(currency);
    await user.type(currency, 'jpy');
    expect(currency).toHaveValue('JPY');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('JPY has no decimals')).toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('shows a message that names no field above the form', async () => {
    http.onGet(offersUrl).reply(200, { items: [] });
    http.onGet(optionsUrl).reply(200, buildOfferOptions());
    http.onPost(offersUrl).reply(409, { code: 'conflict', message: 'This application already has an open offer. Revoke it or let it run out before making another.' });
    const { user, dialog } = await openNewOfferForm();
    await user.type(within(dialog).getByLabelText(/^Start date/), '2099-03-01');
    await user.type(within(dialog).getByLabelText(/^Base amount/), '85000');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already has an open offer');
  });

  it('edits an approved offer with a warning that a pay change needs approval again', async () => {
    const approved = buildOffer({ status: 'approved', can: { edit: true, submit: false, send: true, revoke: true, recordOutcome: false } });
    http.onGet(offersUrl).reply(200, { items: [approved] });
    http.onGet(optionsUrl).reply(200, buildOfferOptions({ blockedReason: 'This application already has an open offer. Revoke it or let it run out before making another.' }));
    const bodies: Record<string, unknown>[] = [];
    http.onPut(`/api/offers/${offerId}`).reply((config) => {
      bodies.push(JSON.parse(config.data as string) as Record<string, unknown>);
      return [200, { ...approved, status: 'pending_approval' }];
    });
    const user = userEvent.setup();
    render();
    const item = await within(await screen.findByRole('region', { name: 'Offers' })).findByRole('listitem', { name: /^Offer: / });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the offer to Ada Lovelace' });
    expect(await within(dialog).findByText(/sends it back through the approval chain/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save and submit for approval' })).toBeNull();
    const base = within(dialog).getByLabelText(/^Base amount/);
    expect(base).toHaveValue('85000.50');
    await user.clear(base);
    await user.type(base, '90000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ jobTitle: 'Senior Backend Engineer', startDate: '2099-03-01', expiryDate: '2099-02-10', compensation: { baseAmount: '90000.00', bonusAmount: '5000' }, managerId: '64b0000000000000000000f2' });
    expect(bodies[0]).not.toHaveProperty('submit');
  });
});
