import { Router } from 'express';

export const referralCampaignsRouter = Router();
