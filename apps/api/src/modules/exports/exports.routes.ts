import { Router } from 'express';
import { z } from 'zod';
import { Types } from 'mongoose';
import { ZObjectId } from '@hireflow/contracts/common';
import { ExportsApi } from '@hireflow/contracts/exports';
import { accountOf, authOf, requireAuth } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { exportStatus, openExportFile } from './exports.service';
import { sendStoredFile } from '../files/files.routes';

export const exportsRouter = Router();

const ZIdParams = z.object({ id: ZObjectId });
// A company user's exports are their company's and theirs; the super admin's are the platform's (no company) and theirs.
const askerOf = (req: Parameters<typeof accountOf>[0]) => ({ customerId: accountOf(req), userId: new Types.ObjectId(authOf(req).userId), id: req.params.id as string });

exportsRouter.get(ExportsApi.status.replace(/^\/api/, ''), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await exportStatus(askerOf(req)));
});

exportsRouter.get(ExportsApi.file.replace(/^\/api/, ''), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  sendStoredFile(res, await openExportFile({ ...askerOf(req), actor: authOf(req).user }));
});
