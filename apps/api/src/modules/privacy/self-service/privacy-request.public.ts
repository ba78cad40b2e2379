import { createHash } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { ZEmail } from '@hireflow/contracts/common';
import { PrivacyLinkRules, PrivacyMessages, PrivacyPages, SelfServiceMessages } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import { enqueueJob } from '../../../lib/job-queue';
import { hitRateLimit, limitByIp, type RateRule } from '../../../lib/rate-limit';
import { brandFrom } from '../../company/brand';
import { findPublicCompany } from '../../careers/careers.service';
import { renderNotFound } from '../../careers/careers.render';
import { PrivacyLinkRequestJob, type PrivacyLinkRequest } from './self-service.jobs';
import { renderPrivacyMessage, renderRequestLinkForm, type PageFrame } from './self-service.render';

/**
 * /careers/:slug/privacy: a candidate enters their email and gets a fresh privacy link by mail. The answer is the
 * same whether the email is known or not (no enumeration): same status, same words, and the same work (the lookup
 * and the mail happen in a queued job); rate-limited per IP and per email.
 */
export const privacyRequestPublicRouter = Router();

const tooMany = SelfServiceMessages.tooManyLinkRequests;
const window = PrivacyLinkRules.requestWindowSeconds;
const ipRule: RateRule = { name: 'ip-privacy-link', max: PrivacyLinkRules.requestsPerIp, windowSeconds: window, message: tooMany };
const emailRule: RateRule = { name: 'email-privacy-link', max: PrivacyLinkRules.requestsPerEmail, windowSeconds: window, message: tooMany };
const formLimit = limitByIp({ name: 'ip-privacy-link-form', max: 120, windowSeconds: 15 * 60 });
const parseForm = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });
const ZLinkRequest = z.object({ email: ZEmail });

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};

/** The counter of an address is keyed by its hash, never by the address itself. */
const emailSubject = (email: string) => `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

type Site = { customerId: string; frame: PageFrame; action: string };

async function loadSite(req: Request, res: Response): Promise<Site | null> {
  const company = await findPublicCompany(String(req.params.slug));
  if (!company) {
    sendHtml(res, 404, renderNotFound('Career site'));
    return null;
  }
  const frame: PageFrame = { brand: brandFrom(company, req.app.locals.config.publicUrl as string), home: `/careers/${company.slug}` };
  return { customerId: String(company._id), frame, action: PrivacyPages.requestLink(company.slug!) };
}

privacyRequestPublicRouter.get('/:slug/privacy', formLimit, async (req, res) => {
  const site = await loadSite(req, res);
  if (site) sendHtml(res, 200, renderRequestLinkForm({ frame: site.frame, action: site.action }));
});

privacyRequestPublicRouter.post('/:slug/privacy', limitByIp(ipRule), parseForm, async (req, res) => {
  const site = await loadSite(req, res);
  if (!site) return;
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const parsed = ZLinkRequest.safeParse(raw);
  if (!parsed.success) {
    const typed = typeof raw.email === 'string' ? raw.email.slice(0, 254) : '';
    return sendHtml(res, 400, renderRequestLinkForm({ frame: site.frame, action: site.action, email: typed, error: SelfServiceMessages.invalidEmail }));
  }
  const { email } = parsed.data;
  try {
    await hitRateLimit(req.app.locals.config, emailRule, emailSubject(email));
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return sendHtml(res, 429, renderPrivacyMessage({ frame: site.frame, title: 'Too many requests', message: error.message }));
    throw error;
  }
  await enqueueJob<PrivacyLinkRequest>(PrivacyLinkRequestJob.name, { customerId: site.customerId, email }, { maxAttempts: PrivacyLinkRequestJob.maxAttempts });
  sendHtml(res, 200, renderRequestLinkForm({ frame: site.frame, action: site.action, status: PrivacyMessages.linkRequested }));
});

/** Too many requests from one address, or a form too large to read: said on a page, not as JSON. */
privacyRequestPublicRouter.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (error instanceof AppError && error.status === 429) return sendHtml(res, 429, renderPrivacyMessage({ frame: { brand: null }, title: 'Too many requests', message: error.message }));
  const status = (error as { status?: number }).status;
  if (status === 413 || status === 400) return sendHtml(res, status, renderPrivacyMessage({ frame: { brand: null }, title: 'The form could not be read', message: 'Please go back and try again.' }));
  next(error);
});
