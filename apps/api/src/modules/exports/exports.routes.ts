import { Router } from 'express';
import { z } from 'zod';
import { Types } from 'mongoose';
import { ZObjectId } from '@hireflow/contracts/common';
import { ExportsApi } from '@hireflow/contracts/exports';
import { authOf, requireAuth, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { exportStatus, openExportFile } from './exports.service';
import { sendStoredFile } from '../files/files.routes';

export const exportsRouter = Router();

const ZIdParams = z.object({ id: ZObjectId });
const askerOf = (req: Parameters<typeof tenantOf>[0]) => ({ customerId: tenantOf(req), userId: new Types.ObjectId(authOf(req).userId), id: req.params.id as string });

exportsRouter.get(ExportsApi.status.replace(/^\/api/, ''), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await exportStatus(askerOf(req)));
});

exportsRouter.get(ExportsApi.file.replace(/^\/api/, ''), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  sendStoredFile(res, await openExportFile({ ...askerOf(req), actor: authOf(req).user }));
});
