import { Badge } from '@mantine/core';
import type { TApprovalStatus } from '@hireflow/contracts/approvals';
import { ApprovalStatusColors, ApprovalStatusLabels } from './approval-texts';

export function ApprovalStatusBadge({ status }: { status: TApprovalStatus }) {
  return (
    <Badge color={ApprovalStatusColors[status]} variant="outline">
      {ApprovalStatusLabels[status]}
    </Badge>
  );
}
