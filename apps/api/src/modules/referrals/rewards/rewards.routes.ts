import { Router } from 'express';

export const rewardsRouter = Router();
