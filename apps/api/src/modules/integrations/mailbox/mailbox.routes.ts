import { Router } from 'express';
import { z } from 'zod';
import { IntegrationsApi, ZEmailSendAuthQuery } from '@hireflow/contracts/integrations';
import { ZObjectId } from '@hireflow/contracts/common';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { requirePlanFeature } from '../../billing/plans';
import { validate } from '../../../lib/validate';
import { checkSharedMailbox, checkUserMailbox, dismissWarning, finishMailboxConnect } from './mailbox.service';
// Registers the mailbox sender: mail with `sendAs` goes out through the connected Gmail / Outlook mailbox.
import './mailbox-sender';

const path = (absolute: string) => absolute.replace(/^\/api/, '');
const ZParam = z.object({ x: z.string().trim().min(1).max(320) });

/** emailSendAuth (the mailbox callback), checkUserEmailAuthorised, checkCustomEmailAuthorised. */
export const mailboxRouter = Router();

mailboxRouter.get(path(IntegrationsApi.emailSendAuth), requireAuth, requirePlanFeature('integrations'), validate({ query: ZEmailSendAuthQuery }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await finishMailboxConnect(req, req.query as unknown as z.infer<typeof ZEmailSendAuthQuery>));
});

mailboxRouter.get(path(IntegrationsApi.checkUserEmailAuthorised), requireAuth, validate({ params: ZParam }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await checkUserMailbox(tenantOf(req), String(req.params.x)));
});

mailboxRouter.get(path(IntegrationsApi.checkCustomEmailAuthorised), requireAuth, validate({ params: ZParam }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await checkSharedMailbox(tenantOf(req), String(req.params.x)));
});

mailboxRouter.post(path(IntegrationsApi.dismissWarning), requireAuth, validate({ params: z.object({ id: ZObjectId }) }), async (req, res) => {
  res.json(await dismissWarning(tenantOf(req), authOf(req).user, String(req.params.id)));
});
