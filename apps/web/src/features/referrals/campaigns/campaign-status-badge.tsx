import { Badge } from '@mantine/core';
import type { TReferralCampaignStatus } from '@hireflow/contracts/referrals';

export const CampaignStatusLabels: Record<TReferralCampaignStatus, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
const colors: Record<TReferralCampaignStatus, string> = { queued: 'gray.7', sending: 'blue.9', sent: 'teal.9', failed: 'red.9' };

export function CampaignStatusBadge({ status }: { status: TReferralCampaignStatus }) {
  return (
    <Badge variant="outline" color={colors[status]}>
      {CampaignStatusLabels[status]}
    </Badge>
  );
}
