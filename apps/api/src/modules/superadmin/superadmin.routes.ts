import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import {
  CompanyActions,
  SuperadminApi,
  SuperadminUserActions,
  ZCompanyActionRequest,
  ZCompanyListQuery,
  ZCompanySubscriptionRequest,
  ZPlatformAuditQuery,
  ZSuperadminUserActionRequest,
  ZSuperadminUserQuery,
  type TCompanyAction,
  type TSuperadminUserAction,
} from '@hireflow/contracts/superadmin';
import { authOf, requireAuth, requireSuperAdmin } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { actOnCompany, changeCompanySubscription, getCompany, listCompanies, superadminOverview } from './companies.service';
import { listPlatformAudit } from './platform-audit';
import { actOnPlatformUser, listPlatformUsers } from './users.service';

const path = (p: string) => p.replace(/^\/api/, '');

/** The platform super admin's API: every route is for the SADM role only, checked here on the server. */
export const superadminRouter = Router();
superadminRouter.use('/superadmin', requireAuth, requireSuperAdmin);

const ZIdParams = z.object({ id: ZObjectId });
const ZActionParams = ZIdParams.extend({ action: z.enum(CompanyActions, { error: 'must be authorise, suspend or reinstate' }) });

superadminRouter.get(path(SuperadminApi.overview), async (_req, res) => {
  res.json(await superadminOverview());
});

superadminRouter.get(path(SuperadminApi.companies), validate({ query: ZCompanyListQuery }), async (req, res) => {
  res.json(await listCompanies(req.query as unknown as z.output<typeof ZCompanyListQuery>));
});

superadminRouter.get(path(SuperadminApi.company), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getCompany(req.params.id as string));
});

// Declared before /companies/:id/:action so "subscription" is never read as an action.
superadminRouter.put(path(SuperadminApi.companySubscription), validate({ params: ZIdParams, body: ZCompanySubscriptionRequest }), async (req, res) => {
  res.json(await changeCompanySubscription({ id: req.params.id as string, input: req.body as z.output<typeof ZCompanySubscriptionRequest>, actor: authOf(req).user }));
});

superadminRouter.get(path(SuperadminApi.audit), validate({ query: ZPlatformAuditQuery }), async (req, res) => {
  res.json(await listPlatformAudit(req.query as unknown as z.output<typeof ZPlatformAuditQuery>));
});

superadminRouter.get(path(SuperadminApi.users), validate({ query: ZSuperadminUserQuery }), async (req, res) => {
  res.json(await listPlatformUsers(req.query as unknown as z.output<typeof ZSuperadminUserQuery>));
});

const ZUserActionParams = ZIdParams.extend({ action: z.enum(SuperadminUserActions, { error: 'must be disable, enable or reset-link' }) });

superadminRouter.post(path(SuperadminApi.userAction), validate({ params: ZUserActionParams, body: ZSuperadminUserActionRequest }), async (req, res) => {
  res.json(
    await actOnPlatformUser({
      id: req.params.id as string,
      action: req.params.action as TSuperadminUserAction,
      actor: authOf(req).user,
      reason: (req.body as z.output<typeof ZSuperadminUserActionRequest>).reason,
      mail: { config: req.app.locals.config, logger: req.log },
    }),
  );
});

superadminRouter.post(path(SuperadminApi.companyAction), validate({ params: ZActionParams, body: ZCompanyActionRequest }), async (req, res) => {
  const { user } = authOf(req);
  res.json(
    await actOnCompany({
      id: req.params.id as string,
      action: req.params.action as TCompanyAction,
      actor: user,
      reason: (req.body as z.output<typeof ZCompanyActionRequest>).reason,
      mail: { config: req.app.locals.config, logger: req.log },
    }),
  );
});
