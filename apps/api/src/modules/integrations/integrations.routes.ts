import { Router } from 'express';
import { IntegrationsApi, ZConnectRequest } from '@hireflow/contracts/integrations';
import { ZObjectId } from '@hireflow/contracts/common';
import { z } from 'zod';
import { authOf, requireAdmin, requireAuth, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { disconnect, myIntegrations, sharedAddresses, startConnect } from './integrations.service';
import { mailboxRouter } from './mailbox/mailbox.routes';
import { calendarRouter } from './calendar/calendar.routes';
import { requirePlanFeature } from '../billing/plans';

const path = (absolute: string) => absolute.replace(/^\/api/, '');

/** Connecting, listing and disconnecting mailboxes and calendars; the mailbox and calendar callbacks and checks. */
export const integrationsRouter = Router();

integrationsRouter.post(path(IntegrationsApi.connect), requireAuth, requirePlanFeature('integrations'), validate({ body: ZConnectRequest }), async (req, res) => {
  res.json(await startConnect(req, res, req.body));
});

integrationsRouter.get(path(IntegrationsApi.mine), requireAuth, async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await myIntegrations(req.app.locals.config, tenantOf(req), authOf(req).user));
});

integrationsRouter.get(path(IntegrationsApi.sharedAddresses), requireAuth, requireAdmin, async (req, res) => {
  res.json(await sharedAddresses(tenantOf(req)));
});

integrationsRouter.delete(path(IntegrationsApi.connection), requireAuth, validate({ params: z.object({ id: ZObjectId }) }), async (req, res) => {
  res.json(await disconnect(req.app.locals.config, req.log, req, String(req.params.id)));
});

integrationsRouter.use(mailboxRouter);
integrationsRouter.use(calendarRouter);
