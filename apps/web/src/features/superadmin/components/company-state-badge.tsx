import { Badge } from '@mantine/core';
import { CompanyStateLabels, type TCompanyState } from '@hireflow/contracts/superadmin';

// Outline badges in dark shades, so the text keeps 4.5:1 on the page.
const colors: Record<TCompanyState, string> = { pending: 'indigo.9', active: 'teal.9', suspended: 'red.9' };

export function CompanyStateBadge({ state }: { state: TCompanyState }) {
  return (
    <Badge color={colors[state]} variant="outline">
      {CompanyStateLabels[state]}
    </Badge>
  );
}
