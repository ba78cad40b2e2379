import { Router } from 'express';
import type { z } from 'zod';
import { PrivacyApi, ZAuditFilters, ZAuditQuery, type TAuditUsers } from '@hireflow/contracts/privacy';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { User } from '../../users/user.model';
import { nameOf } from './audit';
import { startAuditExport } from './audit-export';
import { listAudit } from './audit-query';

/** The audit trail: search and export (company users with the companySettings right). Mounted by privacy.routes.ts. */
export const auditRouter = Router();

auditRouter.get(apiPath(PrivacyApi.audit), requireAuth, requireRight('companySettings'), validate({ query: ZAuditQuery }), async (req, res) => {
  res.json(await listAudit({ customerId: tenantOf(req), query: req.query as unknown as z.output<typeof ZAuditQuery> }));
});

/** 202 { jobId }: the Excel file is written in the background; progress and file at /api/exports/:id. */
auditRouter.post(apiPath(PrivacyApi.auditExport), requireAuth, requireRight('companySettings'), validate({ body: ZAuditFilters }), async (req, res) => {
  const { user, userId } = authOf(req);
  const started = await startAuditExport({
    config: req.app.locals.config,
    customerId: tenantOf(req),
    actor: { id: userId, name: nameOf(user) },
    filters: req.body as z.output<typeof ZAuditFilters>,
    now: new Date(clockOf(req).now()),
  });
  res.status(202).json(started);
});

/** The company's users, former ones too (their entries stay in the trail), for the user filter. */
auditRouter.get(apiPath(PrivacyApi.auditUsers), requireAuth, requireRight('companySettings'), async (req, res) => {
  const users = await User.find({ customerId: tenantOf(req) }, { firstName: 1, lastName: 1, email: 1 }).sort({ sortName: 1, _id: 1 }).lean();
  const body: TAuditUsers = { users: users.map((u) => ({ id: String(u._id), name: nameOf(u), email: u.email })) };
  res.json(body);
});
