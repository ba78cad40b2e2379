import { Router } from 'express';
import { z } from 'zod';
import { IntegrationsApi, ZAuthCalenderQuery } from '@hireflow/contracts/integrations';
import { ZObjectId } from '@hireflow/contracts/common';
import { requireAuth, tenantOf } from '../../../lib/auth';
import { requirePlanFeature } from '../../billing/plans';
import { validate } from '../../../lib/validate';
import { checkRoomCalendar, checkUserCalendar, finishCalendarConnect } from './calendar.service';

const path = (absolute: string) => absolute.replace(/^\/api/, '');
const ZSubject = z.object({ x: ZObjectId });

/** authCalender (the calendar callback, a user's or a meeting room's), checkUserAuthenticated, checkMRAuthenticated. */
export const calendarRouter = Router();

calendarRouter.get(path(IntegrationsApi.authCalender), requireAuth, requirePlanFeature('integrations'), validate({ query: ZAuthCalenderQuery }), async (req, res) => {
  tenantOf(req);
  res.setHeader('Cache-Control', 'no-store');
  res.json(await finishCalendarConnect(req, req.query as unknown as z.infer<typeof ZAuthCalenderQuery>));
});

calendarRouter.get(path(IntegrationsApi.checkUserAuthenticated), requireAuth, validate({ params: ZSubject }), async (req, res) => {
  res.json(await checkUserCalendar(tenantOf(req), String(req.params.x)));
});

calendarRouter.get(path(IntegrationsApi.checkMRAuthenticated), requireAuth, validate({ params: ZSubject }), async (req, res) => {
  res.json(await checkRoomCalendar(tenantOf(req), String(req.params.x)));
});
