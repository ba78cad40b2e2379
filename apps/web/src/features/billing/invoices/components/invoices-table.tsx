import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@hireflow/contracts/billing';
import { periodLabel, type TInvoiceSummary } from '@hireflow/contracts/billing-invoices';
import { errorMessage } from '@/lib/api-client';
import { downloadInvoicePdf } from '../api/download-invoice-pdf';
import { InvoiceStatusBadge } from './invoice-status-badge';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/**
 * A company's invoices: number, month, total, state (paid on, due on), the PDF, and Pay for an open one
 * when the platform takes payments online (Stripe).
 */
export function InvoicesTable({ invoices, canPayOnline, onPay, paying, onError }: { invoices: TInvoiceSummary[]; canPayOnline: boolean; onPay: (invoice: TInvoiceSummary) => void; paying: string | null; onError: (message: string) => void }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (invoice: TInvoiceSummary) => {
    setDownloading(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Caption>Newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td fw={500}>{invoice.number}</Table.Td>
              <Table.Td>{periodLabel(invoice.period)}</Table.Td>
              <Table.Td ta="right">{formatMoney(invoice.totalMinor, invoice.currency)}</Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={invoice.status} overdue={invoice.status === 'open' && new Date(invoice.dueAt).getTime() < Date.now()} />
                <Text fz="xs" c="dimmed">
                  {invoice.paidAt ? `Paid ${day(invoice.paidAt)}` : invoice.status === 'open' ? `Due ${day(invoice.dueAt)}` : null}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" loading={downloading === invoice.id} onClick={() => void download(invoice)} aria-label={`Download PDF of ${invoice.number}`}>
                    PDF
                  </Button>
                  {canPayOnline && invoice.status === 'open' ? (
                    <Button size="xs" loading={paying === invoice.id} onClick={() => onPay(invoice)} aria-label={`Pay ${invoice.number}`}>
                      Pay
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
