import type { Types } from 'mongoose';
import { RecipientStatuses, type TCampaignTotals, type TRecipientStatus } from '@hireflow/contracts/candidates-campaigns';
import { Campaign, CampaignRecipient } from './campaign.model';

/** Recounts a campaign's totals from its recipients and stores them. */
export async function refreshTotals(customerId: Types.ObjectId, campaignId: Types.ObjectId): Promise<TCampaignTotals> {
  const rows = await CampaignRecipient.aggregate<{ _id: TRecipientStatus; n: number }>([
    { $match: { customerId, campaignId } },
    { $group: { _id: '$status', n: { $sum: 1 } } },
  ]);
  const totals = Object.fromEntries(RecipientStatuses.map((s) => [s, 0])) as Record<TRecipientStatus, number>;
  for (const r of rows) totals[r._id] = r.n;
  const result: TCampaignTotals = { recipients: rows.reduce((a, r) => a + r.n, 0), ...totals };
  await Campaign.updateOne({ customerId, _id: campaignId }, { $set: { totals: result } });
  return result;
}

