import { Router } from 'express';

/** Retention rules: who they would anonymise today (preview) and the log of runs. Mounted by privacy.routes.ts. */
export const retentionRouter = Router();
