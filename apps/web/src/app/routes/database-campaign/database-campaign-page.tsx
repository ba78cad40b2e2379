import { useLocation, useParams } from 'react-router-dom';
import { CampaignList } from '@/features/candidates/campaigns/components/campaign-list';
import { CampaignDetail } from '@/features/candidates/campaigns/components/campaign-detail';
import { CampaignWizard } from '@/features/candidates/campaigns/components/campaign-wizard';

/**
 * /database-campaign: the campaign list; /database-campaign/new (or arriving from a search with router
 * state `{ candidateIds }`): the wizard; /database-campaign/:id: one campaign.
 */
export default function DatabaseCampaignPage() {
  const { id } = useParams();
  const state = useLocation().state as { candidateIds?: unknown } | null;
  const fromSearch = Array.isArray(state?.candidateIds) ? state.candidateIds.filter((x): x is string => typeof x === 'string') : null;
  if (id === 'new' || (!id && fromSearch?.length)) return <CampaignWizard key={id ?? 'search'} initialCandidateIds={fromSearch ?? []} />;
  if (id) return <CampaignDetail id={id} />;
  return <CampaignList />;
}
