import { Router } from 'express';
import { PrivacyApi } from '@hireflow/contracts/privacy';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { startCompanyExport } from './company-export.service';

/** The whole company's data as one ZIP, through the export queue. Mounted by privacy.routes.ts. */
export const companyExportRouter = Router();

/** 202 { jobId }: its status and file are at /api/exports/:id (ExportsApi). */
companyExportRouter.post(PrivacyApi.companyExport.replace(/^\/api/, ''), requireAuth, requireRight('companySettings'), async (req, res) => {
  const { user, userId } = authOf(req);
  const actor = { id: userId, name: `${user.firstName} ${user.lastName ?? ''}`.trim() };
  res.status(202).json(await startCompanyExport({ config: req.app.locals.config, customerId: tenantOf(req), actor, at: new Date(clockOf(req).now()) }));
});
