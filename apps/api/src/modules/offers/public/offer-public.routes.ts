import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { OfferMessages, OfferPublicPaths } from '@hireflow/contracts/offers';
import { OfferLetterMessages, OfferPublicForm } from '@hireflow/contracts/offers-letter';
import { AppError } from '../../../lib/app-error';
import { clockOf } from '../../../lib/clock';
import { runJobNow } from '../../../lib/job-queue';
import { limitByIp } from '../../../lib/rate-limit';
import { readStoredFile } from '../../files/files.service';
import { Offer, type OfferDoc } from '../offer.model';
import { findOfferByToken, offerLinkUrl } from '../offer-link';
import { letterContent, loadLetterSources, personName, type LetterSources } from '../letter/letter-content';
import { onboardingSectionHtml } from '../onboarding/onboarding.public';
import { mailOfferDeclined } from '../letter/offer-letter.mail';
import { acceptOffer, AlreadyDecided, declineOffer, offerPageState, recordOfferViewed, signatureProblem, type OfferPageState } from './offer-decision.service';
import { OfferAcceptedJob } from './offer-accepted.job';
import { renderAcceptedPage, renderInvalidLink, renderOfferNotice, renderOfferPage, type PageCompany } from './offer-public.render';
import { brandOf } from '../../company/brand';

const unbranded: PageCompany = { name: '', color: '#2f3b35', textColor: '#ffffff', logoPath: null, logoUrl: null, website: '', about: '', addressLines: [] };

/**
 * The candidate's offer page at /offer/:token (outside /api): plain HTML, no sign-in, no script. The forms
 * post back under the same address; the token in it is the only credential (no cookie a forged cross-site
 * post could ride on), and the page's CSP allows forms to post to this site only.
 */
export const offerPublicRouter = Router();

const pageLimit = limitByIp({ name: 'ip-offer-page', max: 120, windowSeconds: 15 * 60 });
const fileLimit = limitByIp({ name: 'ip-offer-file', max: 60, windowSeconds: 15 * 60 });
const decideLimit = limitByIp({ name: 'ip-offer-decide', max: 20, windowSeconds: 15 * 60 });
const parseForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

const local = (path: string) => path.replace(/^\/offer/, '');
const pathOf = (path: string, token: string) => path.replace(':token', encodeURIComponent(token));
const nowOf = (req: Request) => new Date(clockOf(req).now());
const publicUrlOf = (req: Request) => req.app.locals.config.publicUrl as string;

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};
const invalid = (res: Response) => sendHtml(res, 404, renderInvalidLink(OfferMessages.linkInvalid));

type Loaded = { offer: OfferDoc; token: string; sources: LetterSources; company: PageCompany; state: OfferPageState };

/** The offer of the token and what its page is now; answers the 404 itself (null then) for an unknown or dead link. */
async function load(req: Request, res: Response): Promise<Loaded | null> {
  const token = String(req.params.token);
  const offer = await findOfferByToken(token);
  const state = offer ? offerPageState(offer, nowOf(req)) : 'invalid';
  if (!offer || state === 'invalid') {
    invalid(res);
    return null;
  }
  const [sources, brand] = await Promise.all([loadLetterSources(offer), brandOf(offer.customerId, publicUrlOf(req))]);
  const content = letterContent(offer, sources, { publicUrl: publicUrlOf(req), date: offer.sentAt ?? nowOf(req) });
  return { offer, token, sources, state, company: brand ?? { ...unbranded, name: content.companyName } };
}

/** Every page but the open offer's: accepted (signed copy, onboarding), declined, withdrawn, expired. */
async function renderState(res: Response, { offer, token, company, state }: Loaded, status: number, alreadyDecided = false, acceptedMessage: string = OfferMessages.alreadyAccepted) {
  const letterPath = pathOf(OfferPublicPaths.letter, token);
  if (state === 'accepted') {
    const fresh = (await Offer.findOne({ customerId: offer.customerId, _id: offer._id }).lean<OfferDoc>()) ?? offer;
    const signedPath = fresh.signedFileId ? pathOf(OfferPublicPaths.signedLetter, token) : null;
    return sendHtml(res, status, renderAcceptedPage({ company, message: acceptedMessage, signedPath, letterPath, onboardingHtml: await onboardingSectionHtml(fresh, token) }));
  }
  const pages = {
    declined: { title: 'Offer declined', message: OfferMessages.alreadyDeclined, letterPath },
    revoked: { title: 'Offer withdrawn', message: OfferMessages.revoked },
    expired: { title: 'Offer expired', message: OfferMessages.expired },
  } as const;
  const page = pages[state as keyof typeof pages];
  if (!page) return invalid(res);
  const title = alreadyDecided && state === 'declined' ? OfferLetterMessages.alreadyDecided : page.title;
  sendHtml(res, status, renderOfferNotice({ company, ...page, title }));
}

function renderOpen(req: Request, res: Response, { offer, token, sources, company }: Loaded, status = 200, error?: string, typedName?: string) {
  const content = letterContent(offer, sources, { publicUrl: publicUrlOf(req), link: offerLinkUrl(publicUrlOf(req), token), date: offer.sentAt ?? nowOf(req) });
  const paths = { letter: pathOf(OfferPublicPaths.letter, token), accept: pathOf(OfferPublicPaths.accept, token), decline: pathOf(OfferPublicPaths.decline, token) };
  sendHtml(res, status, renderOfferPage({ company, content, paths, error, typedName }));
}

/** A decision on an offer that no longer takes one: 409 when it was decided, 410 when it ran out or was withdrawn. */
const closedStatus = (state: OfferPageState) => (state === 'accepted' || state === 'declined' ? 409 : 410);

/** A decision that lost (decided elsewhere first, or the offer ran out meanwhile): what stands now, 409. */
async function renderLost(req: Request, res: Response, loaded: Loaded) {
  const offer = (await Offer.findOne({ customerId: loaded.offer.customerId, _id: loaded.offer._id }).lean<OfferDoc>()) ?? loaded.offer;
  const state = offerPageState(offer, nowOf(req));
  if (state === 'open' || state === 'invalid') return invalid(res);
  return renderState(res, { ...loaded, offer, state }, closedStatus(state), true);
}

offerPublicRouter.get(local(OfferPublicPaths.page), pageLimit, async (req, res) => {
  const loaded = await load(req, res);
  if (!loaded) return;
  if (loaded.state !== 'open') return renderState(res, loaded, loaded.state === 'accepted' || loaded.state === 'declined' ? 200 : 410);
  await recordOfferViewed(loaded.offer, nowOf(req));
  renderOpen(req, res, loaded);
});

async function sendPdf(req: Request, res: Response, pick: (offer: OfferDoc) => string | null | undefined) {
  const token = String(req.params.token);
  const offer = await findOfferByToken(token);
  const state = offer ? offerPageState(offer, nowOf(req)) : 'invalid';
  // A withdrawn offer's letter is no longer the company's word: only its notice remains.
  const fileId = offer && state !== 'invalid' && state !== 'revoked' ? pick(offer) : null;
  const file = fileId ? await readStoredFile(offer!.customerId, fileId) : null;
  if (!file) return invalid(res);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${file.filename.replace(/[^\w.\- ]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(file.buffer);
}

offerPublicRouter.get(local(OfferPublicPaths.letter), fileLimit, (req, res) => sendPdf(req, res, (o) => o.letterFileId));
offerPublicRouter.get(local(OfferPublicPaths.signedLetter), fileLimit, (req, res) => sendPdf(req, res, (o) => o.signedFileId));

const field = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

offerPublicRouter.post(local(OfferPublicPaths.accept), decideLimit, parseForm, async (req, res) => {
  const loaded = await load(req, res);
  if (!loaded) return;
  if (loaded.state !== 'open') return renderState(res, loaded, closedStatus(loaded.state), true);
  const typedName = field(req, OfferPublicForm.typedName);
  const problem = signatureProblem(typedName, field(req, OfferPublicForm.agree) === 'yes', personName(loaded.sources.candidate));
  if (problem) return renderOpen(req, res, loaded, 400, problem, typedName);
  try {
    await acceptOffer(loaded.offer, { typedName, ip: req.ip ?? '', userAgent: String(req.headers['user-agent'] ?? ''), now: nowOf(req) });
  } catch (error) {
    if (error instanceof AlreadyDecided) return renderLost(req, res, loaded);
    throw error;
  }
  const payload = { customerId: String(loaded.offer.customerId), offerId: String(loaded.offer._id) };
  const { state } = await runJobNow(OfferAcceptedJob, payload, { config: req.app.locals.config, logger: req.log }, { customerId: loaded.offer.customerId });
  if (state !== 'done') req.log.error({ offerId: payload.offerId, state }, 'the accepted offer\'s follow-up (hired stage, signed copy, mails) failed; the queue retries it');
  const thanks = `Thank you: you have accepted the offer for ${loaded.offer.jobTitle}. We have emailed you the signed copy.`;
  await renderState(res, { ...loaded, state: 'accepted' }, 200, false, thanks);
});

offerPublicRouter.post(local(OfferPublicPaths.decline), decideLimit, parseForm, async (req, res) => {
  const loaded = await load(req, res);
  if (!loaded) return;
  if (loaded.state !== 'open') return renderState(res, loaded, closedStatus(loaded.state), true);
  let declined: OfferDoc;
  try {
    declined = await declineOffer(loaded.offer, { reason: field(req, OfferPublicForm.reason), now: nowOf(req) });
  } catch (error) {
    if (error instanceof AlreadyDecided) return renderLost(req, res, loaded);
    throw error;
  }
  await mailOfferDeclined({ config: req.app.locals.config, logger: req.log }, {
    customerId: declined.customerId,
    offerId: declined._id,
    creatorId: declined.createdBy,
    candidateName: personName(loaded.sources.candidate),
    jobTitle: declined.jobTitle,
    reason: declined.declineReason ?? '',
  });
  sendHtml(res, 200, renderOfferNotice({ company: loaded.company, title: 'Offer declined', message: `You have declined the offer for ${declined.jobTitle}. ${loaded.company.name} has been told. Thank you for letting us know.` }));
});

/** Too many requests from one address: said on a page like the others, not as JSON. */
offerPublicRouter.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (!(error instanceof AppError) || error.status !== 429) return next(error);
  sendHtml(res, 429, renderInvalidLink(error.message, 'Too many attempts'));
});
