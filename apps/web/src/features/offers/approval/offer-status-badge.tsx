import { Badge } from '@mantine/core';
import { OfferStatusLabels, type TOfferStatus } from '@hireflow/contracts/offers';

const colors: Record<TOfferStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  approved: 'teal',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  revoked: 'red',
  expired: 'gray',
  joined: 'green',
  no_show: 'orange',
};

export function OfferStatusBadge({ status }: { status: TOfferStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {OfferStatusLabels[status]}
    </Badge>
  );
}
