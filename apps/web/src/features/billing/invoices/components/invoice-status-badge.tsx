import { Badge } from '@mantine/core';
import { InvoiceStateLabels, type TInvoiceState } from '@hireflow/contracts/billing-invoices';

const colors: Record<TInvoiceState, string> = { open: 'yellow', paid: 'green', void: 'gray' };

export function InvoiceStatusBadge({ status, overdue = false }: { status: TInvoiceState; overdue?: boolean }) {
  if (status === 'open' && overdue) return <Badge color="red" variant="light">Overdue</Badge>;
  return (
    <Badge color={colors[status]} variant="light">
      {InvoiceStateLabels[status]}
    </Badge>
  );
}
