import { Badge } from '@mantine/core';
import { InvoiceStateLabels, type TInvoiceState } from '@hireflow/contracts/billing-invoices';

// Outline badges in dark shades, so the text keeps 4.5:1 on the page.
const colors: Record<TInvoiceState, string> = { open: 'blue.9', paid: 'teal.9', void: 'gray.7' };

export function InvoiceStatusBadge({ status, overdue = false }: { status: TInvoiceState; overdue?: boolean }) {
  if (status === 'open' && overdue) return <Badge color="red.9" variant="outline">Overdue</Badge>;
  return (
    <Badge color={colors[status]} variant="outline">
      {InvoiceStateLabels[status]}
    </Badge>
  );
}
