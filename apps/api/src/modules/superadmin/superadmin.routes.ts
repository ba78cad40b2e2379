import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { CompanyActions, SuperadminApi, ZCompanyActionRequest, ZCompanyListQuery, type TCompanyAction } from '@hireflow/contracts/superadmin';
import { authOf, requireAuth, requireSuperAdmin } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { actOnCompany, getCompany, listCompanies, superadminOverview } from './companies.service';

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
