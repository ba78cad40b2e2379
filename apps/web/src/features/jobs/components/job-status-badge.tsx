import { Badge } from '@mantine/core';
import { JobStatusLabels, type TJobStatus } from '@hireflow/contracts/jobs';

const colors: Record<TJobStatus, string> = { draft: 'gray', pending_approval: 'yellow', open: 'green', on_hold: 'orange', closed: 'dark', filled: 'blue' };

export function JobStatusBadge({ status }: { status: TJobStatus }) {
  return (
    <Badge color={`${colors[status]}.9`} variant="light">
      {JobStatusLabels[status]}
    </Badge>
  );
}

const requisitionColors: Record<string, string> = { draft: 'gray', pending_approval: 'yellow', approved: 'green', rejected: 'red' };
const requisitionLabels: Record<string, string> = { draft: 'Draft', pending_approval: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' };

export function RequisitionStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={`${requisitionColors[status] ?? 'gray'}.9`} variant="light">
      {requisitionLabels[status] ?? status}
    </Badge>
  );
}
