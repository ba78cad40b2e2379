import { Badge } from '@mantine/core';
import { CompanyStateLabels, type TCompanyState } from '@hireflow/contracts/superadmin';

const colors: Record<TCompanyState, string> = { pending: 'yellow', active: 'green', suspended: 'red' };

export function CompanyStateBadge({ state }: { state: TCompanyState }) {
  return (
    <Badge color={colors[state]} variant="light">
      {CompanyStateLabels[state]}
    </Badge>
  );
}
