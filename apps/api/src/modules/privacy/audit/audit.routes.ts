import { Router } from 'express';

/** The audit trail: search and export. Mounted by privacy.routes.ts. */
export const auditRouter = Router();
