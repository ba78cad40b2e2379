import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { SpotlightApi, ZCreateSpotlightRequest, ZUpdateSpotlightRequest } from '@hireflow/contracts/spotlight';
import { authOf, requireAuth, requireSuperAdmin } from '../../lib/auth';
import { clockOf } from '../../lib/clock';
import { validate } from '../../lib/validate';
import { createAnnouncement, deleteAnnouncement, listAnnouncements, updateAnnouncement } from './spotlight-manage.service';
import { announcementsFor, dismissAnnouncement } from './spotlight.service';

const path = (p: string) => p.replace(/^\/api/, '');
const ZIdParams = z.object({ id: ZObjectId });

/** Spotlight announcements: the super admin's list (super admin only, checked here) and every user's dashboard. */
export const spotlightRouter = Router();
spotlightRouter.use(path(SpotlightApi.list), requireAuth, requireSuperAdmin);

spotlightRouter.get(path(SpotlightApi.list), async (req, res) => {
  res.json(await listAnnouncements({ now: clockOf(req).now() }));
});

spotlightRouter.post(path(SpotlightApi.list), validate({ body: ZCreateSpotlightRequest }), async (req, res) => {
  res.status(201).json(await createAnnouncement({ actor: authOf(req).user, input: req.body as z.output<typeof ZCreateSpotlightRequest>, now: clockOf(req).now() }));
});

spotlightRouter.patch(path(SpotlightApi.one), validate({ params: ZIdParams, body: ZUpdateSpotlightRequest }), async (req, res) => {
  res.json(await updateAnnouncement({ id: req.params.id as string, actor: authOf(req).user, input: req.body as z.output<typeof ZUpdateSpotlightRequest>, now: clockOf(req).now() }));
});

spotlightRouter.delete(path(SpotlightApi.one), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await deleteAnnouncement({ id: req.params.id as string, actor: authOf(req).user }));
});

spotlightRouter.get(path(SpotlightApi.mine), requireAuth, async (req, res) => {
  res.json(await announcementsFor({ user: authOf(req).user, now: clockOf(req).now() }));
});

spotlightRouter.post(path(SpotlightApi.dismiss), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await dismissAnnouncement({ user: authOf(req).user, id: req.params.id as string, now: clockOf(req).now() }));
});
