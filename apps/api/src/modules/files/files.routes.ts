import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { requireAuth, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { openCompanyFile } from './files.service';

export const filesRouter = Router();

/** Uploaded files go back only to signed-in users of the company that owns them. */
filesRouter.get('/files/:id', requireAuth, validate({ params: z.object({ id: ZObjectId }) }), async (req, res) => {
  const file = await openCompanyFile(tenantOf(req), req.params.id as string);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.length));
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.\- ]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  file.stream.on('error', (error) => res.destroy(error));
  file.stream.pipe(res);
});
