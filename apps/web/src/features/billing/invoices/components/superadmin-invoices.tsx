import { Alert, Button, Group, Loader, Modal, Pagination, Paper, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@hireflow/contracts/billing';
import { InvoiceStateLabels, InvoiceStates, InvoiceValidation, periodLabel, type TInvoiceState, type TSuperadminInvoiceRow } from '@hireflow/contracts/billing-invoices';
import { errorMessage } from '@/lib/api-client';
import { useSuperadminInvoices } from '../api/get-superadmin-invoices';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * The super admin's invoices: every company's (or one company's, with `companyId`), filtered by state, with
 * "Mark paid" for an open one (a bank transfer arrived; recorded in the platform audit log with the reason).
 */
export function SuperadminInvoices({ companyId = null, title = 'Invoices' }: { companyId?: string | null; title?: string }) {
  const [status, setStatus] = useState<TInvoiceState | null>(companyId ? null : 'open');
  const [page, setPage] = useState(1);
  const invoices = useSuperadminInvoices({ page, status, companyId });
  const [marking, setMarking] = useState<TSuperadminInvoiceRow | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const mark = useMarkInvoicePaid({
    onSuccess: () => {
      setDone(`${marking?.number ?? 'The invoice'} is marked paid.`);
      setMarking(null);
      setReason('');
    },
  });
  const pages = invoices.data ? Math.max(1, Math.ceil(invoices.data.total / invoices.data.pageSize)) : 1;

  return (
    <Stack gap="sm" component="section" aria-labelledby="superadmin-invoices-title">
      <Group justify="space-between" align="end">
        <Title order={2} id="superadmin-invoices-title">
          {title}
        </Title>
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={InvoiceStates.map((s) => ({ value: s, label: InvoiceStateLabels[s] }))}
          value={status}
          onChange={(value) => {
            setStatus(value as TInvoiceState | null);
            setPage(1);
          }}
          w={180}
        />
      </Group>
      {done ? (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)}>
          {done}
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
          <Text ta="center">{status ? `No ${InvoiceStateLabels[status].toLowerCase()} invoices.` : 'No invoices yet.'}</Text>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {companyId ? null : <Table.Th>Company</Table.Th>}
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.items.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    {companyId ? null : <Table.Td>{invoice.companyName}</Table.Td>}
                    <Table.Td fw={500}>{invoice.number}</Table.Td>
                    <Table.Td>{periodLabel(invoice.period)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(invoice.totalMinor, invoice.currency)}</Table.Td>
                    <Table.Td>
                      <InvoiceStatusBadge status={invoice.status} />
                    </Table.Td>
                    <Table.Td>
                      {invoice.status === 'open' ? (
                        <Button size="xs" variant="light" onClick={() => setMarking(invoice)} aria-label={`Mark ${invoice.number} paid`}>
                          Mark paid
                        </Button>
                      ) : invoice.paidAt ? (
                        <Text fz="xs" c="dimmed">
                          Paid {new Date(invoice.paidAt).toLocaleDateString()}
                          {invoice.paidVia === 'stripe' ? ' (Stripe)' : ''}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Invoice pages" /> : null}
        </>
      )}
      <Modal opened={marking !== null} onClose={() => setMarking(null)} title={marking ? `Mark ${marking.number} paid?` : ''}>
        {marking ? (
          <Stack gap="sm">
            <Text>
              {marking.companyName}: {formatMoney(marking.totalMinor, marking.currency)} for {periodLabel(marking.period)}. This is recorded in the platform audit log.
            </Text>
            <Textarea label="Reason" description="For example the bank transfer's reference" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={InvoiceValidation.maxReasonLength} />
            {mark.isError ? <Alert color="red">{errorMessage(mark.error)}</Alert> : null}
            <Group justify="end">
              <Button variant="default" onClick={() => setMarking(null)}>
                Cancel
              </Button>
              <Button loading={mark.isPending} onClick={() => mark.mutate({ id: marking.id, reason })}>
                Mark paid
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
