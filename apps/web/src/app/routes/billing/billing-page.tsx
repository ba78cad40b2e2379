import { Alert, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { InvoiceMessages, type TInvoiceSummary } from '@hireflow/contracts/billing-invoices';
import { useInvoices } from '@/features/billing/invoices/api/get-invoices';
import { usePayInvoice } from '@/features/billing/invoices/api/pay-invoice';
import { InvoicesTable } from '@/features/billing/invoices/components/invoices-table';
import { checkoutNavigation } from '@/features/billing/invoices/checkout-navigation';
import { errorMessage } from '@/lib/api-client';

/** /billing: the company's monthly invoices, each as a PDF, their payment state, and paying online when Stripe is set up. */
export default function BillingPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const checkout = params.get('checkout');
  const invoices = useInvoices({ page });
  const [paying, setPaying] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const pay = usePayInvoice({
    onSuccess: (answer) => {
      if (answer.kind === 'redirect') checkoutNavigation.assign(answer.url);
      else {
        setPaying(null);
        setNotice({ color: 'blue', text: answer.instructions });
      }
    },
  });
  const onPay = (invoice: TInvoiceSummary) => {
    setPaying(invoice.id);
    setNotice(null);
    pay.mutate(
      { id: invoice.id },
      {
        onError: (error) => {
          setPaying(null);
          setNotice({ color: 'red', text: errorMessage(error) });
        },
      },
    );
  };
  const pages = invoices.data ? Math.max(1, Math.ceil(invoices.data.total / invoices.data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Title order={1}>Billing</Title>
      <Text c="dimmed">Your monthly invoices and their payment state. Each one can be downloaded as a PDF.</Text>
      {checkout === 'success' ? (
        <Alert color="green" title="Payment received">
          {InvoiceMessages.paidOnline} It can take a minute before the invoice shows as paid.
        </Alert>
      ) : checkout === 'cancelled' ? (
        <Alert color="yellow" title="Payment cancelled">
          Nothing was charged. The invoice is still open.
        </Alert>
      ) : null}
      {notice ? (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
      {invoices.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading invoices" />
        </Group>
      ) : invoices.isError ? (
        <Alert color="red" title="Invoices could not be loaded">
          {errorMessage(invoices.error)}
        </Alert>
      ) : invoices.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{InvoiceMessages.emptyList}</Text>
        </Paper>
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            {invoices.data.total} {invoices.data.total === 1 ? 'invoice' : 'invoices'}
            {invoices.data.provider === 'manual' ? ' · paid by bank transfer, quoting the invoice number' : ''}
          </Text>
          <InvoicesTable invoices={invoices.data.items} canPayOnline={invoices.data.provider === 'stripe'} onPay={onPay} paying={paying} onError={(text) => setNotice({ color: 'red', text })} />
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={(p) =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  if (p > 1) next.set('page', String(p));
                  else next.delete('page');
                  return next;
                })
              }
              aria-label="Pages"
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
