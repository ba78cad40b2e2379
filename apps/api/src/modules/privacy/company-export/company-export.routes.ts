import { Router } from 'express';

/** The whole company's data as one ZIP, through the export queue. Mounted by privacy.routes.ts. */
export const companyExportRouter = Router();
