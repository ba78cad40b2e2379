import { Router, type Request, type Response } from 'express';
import { OfferApi } from '@hireflow/contracts/offers';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { limitByUser } from '../../../lib/rate-limit';
import { apiPath } from '../../jobs/jobs.context';
import { FileReadLimit, sendStoredFile } from '../../files/files.routes';
import { offerLetter, sendOffer, signedOfferLetter } from './offer-letter.service';

export const offerLetterRouter = Router();

// Rendering a preview costs more than reading a file; a mail goes to the candidate on each send.
const previewLimit = { name: 'user-offer-letter', max: 60, windowSeconds: 60, message: (m: number) => `Too many letter previews. Please wait ${m} minute${m === 1 ? '' : 's'}.` };
const sendLimit = { name: 'user-offer-send', max: 30, windowSeconds: 3600, message: (m: number) => `Too many offers sent. Please wait ${m} minutes.` };

const ctxOf = (req: Request) => ({ customerId: tenantOf(req), actor: authOf(req).user, publicUrl: req.app.locals.config.publicUrl as string, now: new Date(clockOf(req).now()) });

const sendPdf = (res: Response, pdf: Buffer, filename: string) => {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${filename.replace(/[^\w.\- ]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(pdf);
};

/** The letter: as sent once the offer went out, else a preview of its current fields (never stored). */
offerLetterRouter.get(apiPath(OfferApi.letter), requireAuth, limitByUser(previewLimit), async (req, res) => {
  const answer = await offerLetter(ctxOf(req), String(req.params.id));
  if ('stored' in answer) sendStoredFile(res, answer.stored, { disposition: 'inline' });
  else sendPdf(res, answer.rendered, answer.filename);
});

offerLetterRouter.get(apiPath(OfferApi.signedLetter), requireAuth, limitByUser(FileReadLimit), async (req, res) => {
  sendStoredFile(res, await signedOfferLetter(ctxOf(req), String(req.params.id)), { disposition: 'inline' });
});

/** Sends an approved offer to the candidate; 204: the page reads the offer again (GET /api/offers/:id). */
offerLetterRouter.post(apiPath(OfferApi.send), requireAuth, limitByUser(sendLimit), async (req, res) => {
  await sendOffer({ ...ctxOf(req), mail: { config: req.app.locals.config, logger: req.log } }, String(req.params.id));
  res.status(204).end();
});
