import { Badge } from '@mantine/core';
import { OfferStatusLabels, type TOfferStatus } from '@hireflow/contracts/offers';
import { OfferStatusColors } from '../offer-format';

export function OfferStatusBadge({ status }: { status: TOfferStatus }) {
  return (
    <Badge color={OfferStatusColors[status]} variant="outline">
      {OfferStatusLabels[status]}
    </Badge>
  );
}
