import { Router, type Request } from 'express';
import { ZIdParams } from '@hireflow/contracts/jobs';
import { ReferralApi, ZMyReferralsQuery, ZReferralAudience, ZReferralCampaignRequest } from '@hireflow/contracts/referrals';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { campaignAudience, createCampaign, getCampaign, listCampaigns } from './campaigns.service';

/** Referral campaigns (recruiters, admins and super users; the services refuse everyone else). */
export const referralCampaignsRouter = Router();

const ctxOf = (req: Request) => ({ customerId: tenantOf(req), actor: authOf(req).user, now: new Date(clockOf(req).now()) });

referralCampaignsRouter.post(apiPath(ReferralApi.campaignAudience), requireAuth, validate({ body: ZReferralAudience }), async (req, res) => {
  res.json(await campaignAudience(ctxOf(req), req.body));
});

referralCampaignsRouter.get(apiPath(ReferralApi.campaigns), requireAuth, validate({ query: ZMyReferralsQuery }), async (req, res) => {
  res.json(await listCampaigns(ctxOf(req), (req.query as unknown as { page: number }).page));
});

referralCampaignsRouter.post(apiPath(ReferralApi.campaigns), requireAuth, validate({ body: ZReferralCampaignRequest }), async (req, res) => {
  res.status(201).json(await createCampaign(ctxOf(req), req.body));
});

referralCampaignsRouter.get(apiPath(ReferralApi.campaign), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getCampaign(ctxOf(req), req.params.id as string));
});
