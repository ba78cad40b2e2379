import { Badge } from '@mantine/core';
import { AgencyStatusLabels, type TAgencyStatus } from '@hireflow/contracts/agencies';
import { AgencyStatusColors } from './agency-texts';

export function AgencyStatusBadge({ status }: { status: TAgencyStatus }) {
  return (
    <Badge color={AgencyStatusColors[status]} variant="outline">
      {AgencyStatusLabels[status]}
    </Badge>
  );
}
