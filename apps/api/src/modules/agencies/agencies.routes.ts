import { Router } from 'express';
import { manageAgenciesRouter } from './manage/manage.routes';
import { agencyPortalRouter } from './portal/portal.routes';

/** Agencies: the company manages them (right manageAgencies); their users work in the portal (agency tokens only). */
export const agenciesRouter = Router();
agenciesRouter.use(manageAgenciesRouter);
agenciesRouter.use(agencyPortalRouter);
