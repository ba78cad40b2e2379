import { Router, type Response } from 'express';
import { z } from 'zod';
import { ZFileId } from '@hireflow/contracts/common';
import { authOf, requireAuth, tenantOf } from '../../lib/auth';
import { limitByUser, type RateRule } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { openReadableFile, type OpenedFile } from './files.service';

export const filesRouter = Router();

/** Generous for a recruiter going through a pipeline, far below what harvesting files would take. */
export const FileReadLimit: RateRule = {
  name: 'user-file-read',
  max: 120,
  windowSeconds: 60,
  message: (minutes) => `You have opened too many files in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
};

/** A file goes back only to a signed-in user who may see what it belongs to; anyone else gets 404. */
filesRouter.get('/files/:id', requireAuth, limitByUser(FileReadLimit), validate({ params: z.object({ id: ZFileId }) }), async (req, res) => {
  sendStoredFile(res, await openReadableFile({ customerId: tenantOf(req), actor: authOf(req).user, id: req.params.id as string }));
});

/**
 * Streams an opened file as a private download (every route that hands out stored files uses this);
 * `inline` lets the browser show it (a PDF letter) instead of saving it.
 */
export function sendStoredFile(res: Response, file: OpenedFile, { disposition = 'attachment' }: { disposition?: 'attachment' | 'inline' } = {}) {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.length));
  res.setHeader('Content-Disposition', `${disposition}; filename="${file.filename.replace(/[^\w.\- ]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  file.stream.on('error', (error) => res.destroy(error));
  file.stream.pipe(res);
}
