import { Badge } from '@mantine/core';
import { CampaignStatusLabels, RecipientStatusLabels, type TCampaignStatus, type TRecipientStatus } from '@hireflow/contracts/candidates-campaigns';

const campaignColors: Record<TCampaignStatus, string> = { draft: 'gray', scheduled: 'blue', sending: 'yellow', sent: 'green', cancelled: 'red' };
const recipientColors: Record<TRecipientStatus, string> = { queued: 'gray', sent: 'green', failed: 'red', bounced: 'orange', skipped_unsubscribed: 'dark' };

export const CampaignStatusBadge = ({ status }: { status: TCampaignStatus }) => (
  <Badge color={campaignColors[status]} variant="light">
    {CampaignStatusLabels[status]}
  </Badge>
);

export const RecipientStatusBadge = ({ status }: { status: TRecipientStatus }) => (
  <Badge color={recipientColors[status]} variant="light">
    {RecipientStatusLabels[status]}
  </Badge>
);

export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '');
