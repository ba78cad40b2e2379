import { Router } from 'express';
import { referRouter } from './refer/refer.routes';
import { rewardsRouter } from './rewards/rewards.routes';
import { referralCampaignsRouter } from './campaigns/campaigns.routes';

/** Referrals: refer and my referrals, rewards and their settings, campaigns. */
export const referralsRouter = Router();
referralsRouter.use(referRouter);
referralsRouter.use(rewardsRouter);
referralsRouter.use(referralCampaignsRouter);
