import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { ZSpecialUserRequest, ZUserRightsRequest, ZUserRolesRequest } from '@hireflow/contracts/users';
import { AppError } from '../../lib/app-error';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { setSpecialUser, setUserRights, setUserRoles, summariseRoles } from './user-access.service';

/** Access rights (company-settings/accessrights), manage-roles and manage-spcl-user. */
export const userAccessRouter = Router();

const ZIdParams = z.object({ id: ZObjectId });

userAccessRouter.post('/user/rights/:id', requireAuth, requireRight('manageUsers'), validate({ params: ZIdParams, body: ZUserRightsRequest }), async (req, res) => {
  const { userId, rights } = authOf(req);
  res.json({ user: await setUserRights({ customerId: tenantOf(req), actor: { userId, rights }, id: req.params.id as string, rights: req.body.rights }) });
});

userAccessRouter.post('/user/roles/:id', requireAuth, requireRight('manageUsers'), validate({ params: ZIdParams, body: ZUserRolesRequest }), async (req, res) => {
  const { userId, rights } = authOf(req);
  res.json({ user: await setUserRoles({ customerId: tenantOf(req), actor: { userId, rights }, id: req.params.id as string, addlRoles: req.body.addlRoles }) });
});

userAccessRouter.post('/user/special/:id', requireAuth, requireRight('manageSpecialUsers'), validate({ params: ZIdParams, body: ZSpecialUserRequest }), async (req, res) => {
  const { userId, rights } = authOf(req);
  res.json({ user: await setSpecialUser({ customerId: tenantOf(req), actor: { userId, rights }, id: req.params.id as string, input: req.body }) });
});

userAccessRouter.get('/user-roles/summary', requireAuth, (req, _res, next) => {
  const { rights } = authOf(req);
  next(rights.has('manageUsers') || rights.has('manageSpecialUsers') ? undefined : AppError.forbidden('You need the "manageUsers" access right'));
}, async (req, res) => {
  res.json(await summariseRoles({ customerId: tenantOf(req) }));
});
