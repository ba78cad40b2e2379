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

// Dark shades that keep 4.5:1 on white in an outlined badge (yellow, orange and green do not).
const requisitionColors: Record<string, string> = { draft: 'gray', pending_approval: 'indigo', approved: 'teal', rejected: 'red' };
const requisitionLabels: Record<string, string> = { draft: 'Draft', pending_approval: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' };

export function RequisitionStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={`${requisitionColors[status] ?? 'gray'}.9`} variant="outline">
      {requisitionLabels[status] ?? status}
    </Badge>
  );
}
