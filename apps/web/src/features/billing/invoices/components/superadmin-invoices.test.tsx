import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSuperadminInvoiceListResponse, TSuperadminInvoiceRow } from '@hireflow/contracts/billing-invoices';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { SuperadminInvoices } from './superadmin-invoices';

const http = mockHttp();

const open: TSuperadminInvoiceRow = {
  id: '64f000000000000000000001',
  number: 'ACME-2026-0011',
  period: '2026-11',
  currency: 'EUR',
  totalMinor: 142_681,
  status: 'open',
  issuedAt: '2026-11-01T00:00:00.000Z',
  dueAt: '2026-11-15T00:00:00.000Z',
  paidAt: null,
  paidVia: null,
  companyId: '64a000000000000000000001',
  companyName: 'Acme Corp',
};
const page = (items: TSuperadminInvoiceRow[]): TSuperadminInvoiceListResponse => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('super admin invoices', () => {
  it('shows open invoices of every company and marks one paid with a reason', async () => {
    signIn({ superAdmin: true, customer: null, customerState: null });
    let paid = false;
    http.onGet('/api/superadmin/invoices').reply((config) => {
      const status = (config.params as { status?: string }).status;
      if (status === 'open') return [200, page(paid ? [] : [open])];
      return [200, page([paid ? { ...open, status: 'paid', paidAt: '2026-11-20T00:00:00.000Z', paidVia: 'manual' } : open])];
    });
    let sent: unknown = null;
    http.onPost(`/api/superadmin/invoices/${open.id}/mark-paid`).reply((config) => {
      sent = JSON.parse(config.data as string);
      paid = true;
      return [200, { ...open, status: 'paid', paidAt: '2026-11-20T00:00:00.000Z', paidVia: 'manual', company: { name: 'Acme Corp', addressLines: [], country: 'DE' }, lines: [], subtotalMinor: 119_900, taxRate: 19, taxMinor: 22_781 }];
    });
    const user = userEvent.setup();
    renderWithProviders(<SuperadminInvoices />);

    const row = (await screen.findByText('ACME-2026-0011')).closest('tr')!;
    expect(within(row).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(row).getByText('€1,426.81')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Mark ACME-2026-0011 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark ACME-2026-0011 paid?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Transfer ref 991');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    expect(await screen.findByText('ACME-2026-0011 is marked paid.')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Transfer ref 991' });
    expect(await screen.findByText('No open invoices.')).toBeInTheDocument();
  });
});
