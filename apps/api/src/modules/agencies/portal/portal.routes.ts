import { Router } from 'express';

export const agencyPortalRouter = Router();
