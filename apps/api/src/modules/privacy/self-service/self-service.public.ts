import { pipeline } from 'node:stream/promises';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { PrivacyMessages, SelfServiceMessages } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import { clockOf } from '../../../lib/clock';
import { limitByIp } from '../../../lib/rate-limit';
import { brandOf } from '../../company/brand';
import { recordAudit } from '../audit/audit';
import { requestErasure } from '../erasure/erasure.service';
import { buildDataZip } from './data-zip';
import { companyOf, openPrivacyLink, privacySummaryOf, type OpenedCandidate } from './self-service.service';
import { renderPrivacyMessage, renderPrivacyPage, type PageFrame } from './self-service.render';

/**
 * The candidate's privacy page at /privacy/:token (outside /api): what the company holds, the ZIP download of all
 * of it, and the erasure request. Plain HTML, no sign-in, no script; the token is the only credential (no cookie a
 * forged cross-site post could ride on), and the page's CSP lets forms post to this site only.
 */
export const selfServicePublicRouter = Router();

const pageLimit = limitByIp({ name: 'ip-privacy-page', max: 120, windowSeconds: 15 * 60 });
const downloadLimit = limitByIp({ name: 'ip-privacy-download', max: 20, windowSeconds: 15 * 60 });
const eraseLimit = limitByIp({ name: 'ip-privacy-erase', max: 20, windowSeconds: 15 * 60 });
const parseForm = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};
const nowOf = (req: Request) => new Date(clockOf(req).now());
const publicUrlOf = (req: Request) => req.app.locals.config.publicUrl as string;

type Opened = { person: OpenedCandidate; frame: PageFrame; company: Awaited<ReturnType<typeof companyOf>>; token: string; now: Date };

/** The candidate a token opens; answers the unknown (404), expired (410) and erased pages itself (null then). */
async function open(req: Request, res: Response): Promise<Opened | null> {
  const token = String(req.params.token);
  const now = nowOf(req);
  const access = await openPrivacyLink(token, now);
  if (access.state === 'unknown') {
    sendHtml(res, 404, renderPrivacyMessage({ frame: { brand: null }, title: 'Link not valid', message: PrivacyMessages.linkUnknown }));
    return null;
  }
  const [brand, company] = await Promise.all([brandOf(access.state === 'valid' ? access.person.customerId : access.customerId, publicUrlOf(req)), companyOf(access.state === 'valid' ? access.person.customerId : access.customerId)]);
  const frame: PageFrame = { brand, home: company.slug ? `/careers/${company.slug}` : null };
  if (access.state === 'expired') {
    sendHtml(res, 410, renderPrivacyMessage({ frame, title: 'Link expired', message: PrivacyMessages.linkExpired, requestLinkSlug: company.slug }));
    return null;
  }
  if (access.state === 'erased') {
    sendHtml(res, 410, renderPrivacyMessage({ frame, title: 'Your data was erased', message: SelfServiceMessages.dataErased(company.name) }));
    return null;
  }
  return { person: access.person, frame, company, token, now };
}

async function showPage(res: Response, page: Opened, status = 200, extra: { status?: string; error?: string } = {}) {
  const summary = await privacySummaryOf(page.person, page.company);
  sendHtml(res, status, renderPrivacyPage({ frame: page.frame, summary, token: page.token, ...extra }));
}

selfServicePublicRouter.get('/:token', pageLimit, async (req, res) => {
  const page = await open(req, res);
  if (page) await showPage(res, page);
});

selfServicePublicRouter.get('/:token/download', downloadLimit, async (req, res) => {
  const page = await open(req, res);
  if (!page) return;
  const { person, company, now } = page;
  if (req.method === 'HEAD') return void res.status(200).type('application/zip').setHeader('Cache-Control', 'no-store').end();
  const zip = await buildDataZip(person, { companyName: company.name, now });
  await recordAudit({
    customerId: person.customerId,
    action: 'data_downloaded',
    at: now,
    actor: null,
    person: { id: person.candidateId, name: `${person.firstName} ${person.lastName}`.trim(), email: person.email },
    detail: 'From their privacy page',
  });
  res.status(200).type('application/zip');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.zip"`);
  try {
    await pipeline(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' }), res);
  } catch (error) {
    // The headers are gone: a browser that left (or a failed stream) just gets a cut-off file.
    req.log?.warn({ err: error }, 'privacy download cut off');
  }
});

selfServicePublicRouter.post('/:token/erase', eraseLimit, parseForm, async (req, res) => {
  const page = await open(req, res);
  if (!page) return;
  if ((req.body as Record<string, unknown> | undefined)?.confirm !== 'yes') {
    return showPage(res, page, 400, { error: SelfServiceMessages.confirmErasure });
  }
  const { customerId, candidateId } = page.person;
  const { created } = await requestErasure({ customerId, candidateId, origin: 'candidate', at: page.now, by: null });
  await showPage(res, page, created ? 201 : 200, { status: created ? PrivacyMessages.erasureRequested : PrivacyMessages.erasureAlreadyRequested });
});

/** Too many requests from one address, or a form too large to read: said on a page like the others, not as JSON. */
selfServicePublicRouter.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (error instanceof AppError && error.status === 429) return sendHtml(res, 429, renderPrivacyMessage({ frame: { brand: null }, title: 'Too many attempts', message: error.message }));
  const status = (error as { status?: number; type?: string }).status;
  if (status === 413 || status === 400) return sendHtml(res, status, renderPrivacyMessage({ frame: { brand: null }, title: 'The form could not be read', message: 'Please go back and try again.' }));
  next(error);
});
