import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInvoiceListResponse, TInvoiceSummary } from '@hireflow/contracts/billing-invoices';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { checkoutNavigation } from '@/features/billing/invoices/checkout-navigation';

const http = mockHttp();

function signInAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: ['companySettings'] });
}

function buildInvoice(overrides: Partial<TInvoiceSummary> = {}): TInvoiceSummary {
  return {
    id: '64f000000000000000000001',
    number: 'ACME-2026-0011',
    period: '2026-11',
    currency: 'EUR',
    totalMinor: 142_681,
    status: 'open',
    issuedAt: '2026-11-01T00:00:00.000Z',
    dueAt: '2099-11-15T00:00:00.000Z',
    paidAt: null,
    paidVia: null,
    ...overrides,
  };
}
const paid = buildInvoice({ id: '64f000000000000000000002', number: 'ACME-2026-0010', period: '2026-10', status: 'paid', paidAt: '2026-10-05T00:00:00.000Z', paidVia: 'manual' });
const list = (items: TInvoiceSummary[], provider: 'manual' | 'stripe'): TInvoiceListResponse => ({ items, total: items.length, page: 1, pageSize: 20, provider });

describe('/billing', () => {
  it('lists the invoices with number, month, total and state; with Stripe an open one has Pay, which goes to checkout', async () => {
    signInAdmin();
    http.onGet('/api/invoices').reply(200, list([buildInvoice(), paid], 'stripe'));
    http.onPost('/api/invoices/64f000000000000000000001/pay').reply(200, { kind: 'redirect', url: 'https://checkout.stripe.test/pay/cs_1' });
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/billing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('ACME-2026-0011')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('November 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('€1,426.81')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Open')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Download PDF of ACME-2026-0010' })).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Pay ACME-2026-0011' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    assign.mockRestore();
  });

  it('with the manual provider there is no Pay button', async () => {
    signInAdmin();
    http.onGet('/api/invoices').reply(200, list([buildInvoice()], 'manual'));
    renderWithProviders(null, { route: '/billing' });
    expect(await screen.findByText('ACME-2026-0011')).toBeInTheDocument();
    expect(screen.getByText(/paid by bank transfer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('says so when there are no invoices yet, and when they cannot be loaded', async () => {
    signInAdmin();
    http.onGet('/api/invoices').replyOnce(200, list([], 'manual'));
    const { unmount } = renderWithProviders(null, { route: '/billing' });
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    unmount();

    http.onGet('/api/invoices').reply(500, { code: 'internal', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route: '/billing' });
    expect(await screen.findByText('Invoices could not be loaded')).toBeInTheDocument();
  });
});
